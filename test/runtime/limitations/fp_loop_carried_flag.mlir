// BUG: none
// Correct: the loop carries an ownership flag with the buffer (false for the global it starts from, true for each heap copy), and frees only under it. memlint does not relate the loop-carried i1 to the buffer and reports an invalid free (false positive).

func.func private @printI64(i64)
func.func private @printF32(f32)
func.func private @printNewline()
func.func private @memcount_begin()
func.func private @memcount_end()

memref.global "private" @table : memref<4xf32> = dense<[1.0, 2.0, 3.0, 4.0]>

func.func @f(%n: index) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %false = arith.constant false
  %true = arith.constant true
  %g = memref.get_global @table : memref<4xf32>
  cf.br ^head(%g, %c0, %false : memref<4xf32>, index, i1)
^head(%prev: memref<4xf32>, %i: index, %owned: i1):
  %next = memref.alloc() : memref<4xf32>
  memref.copy %prev, %next : memref<4xf32> to memref<4xf32>
  scf.if %owned {
    memref.dealloc %prev : memref<4xf32>
  }
  %i1 = arith.addi %i, %c1 : index
  %more = arith.cmpi slt, %i1, %n : index
  cf.cond_br %more, ^head(%next, %i1, %true : memref<4xf32>, index, i1), ^done
^done:
  %r = memref.load %next[%c0] : memref<4xf32>
  memref.dealloc %next : memref<4xf32>
  return %r : f32
}

func.func @main() {
  %idx_1 = arith.constant 1 : index
  %idx_3 = arith.constant 3 : index
  // input 0: 1
  func.call @memcount_begin() : () -> ()
  %r0 = func.call @f(%idx_1) : (index) -> (f32)
  func.call @printF32(%r0) : (f32) -> ()
  func.call @printNewline() : () -> ()
  func.call @memcount_end() : () -> ()
  // input 1: 3
  func.call @memcount_begin() : () -> ()
  %r1 = func.call @f(%idx_3) : (index) -> (f32)
  func.call @printF32(%r1) : (f32) -> ()
  func.call @printNewline() : () -> ()
  func.call @memcount_end() : () -> ()
  return
}
