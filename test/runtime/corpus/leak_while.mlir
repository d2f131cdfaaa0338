// BUG: leak
// scf.while: the before-region allocates a probe buffer on every evaluation and frees it only when the loop continues, so the final probe leaks.

func.func private @printI64(i64)
func.func private @printF32(f32)
func.func private @printNewline()
func.func private @memcount_begin()
func.func private @memcount_end()

func.func @f(%n: index) -> index {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = scf.while (%i = %c0) : (index) -> index {
    %p = memref.alloc() : memref<1xindex>
    memref.store %i, %p[%c0] : memref<1xindex>
    %v = memref.load %p[%c0] : memref<1xindex>
    %cond = arith.cmpi slt, %v, %n : index
    scf.if %cond {
      memref.dealloc %p : memref<1xindex>
    }
    scf.condition(%cond) %v : index
  } do {
  ^bb0(%j: index):
    %next = arith.addi %j, %c1 : index
    scf.yield %next : index
  }
  return %r : index
}

func.func @main() {
  %index_0 = arith.constant 0 : index
  %index_2 = arith.constant 2 : index
  // input 0: 0
  func.call @memcount_begin() : () -> ()
  %r0 = func.call @f(%index_0) : (index) -> (index)
  %p0_0 = arith.index_cast %r0 : index to i64
  func.call @printI64(%p0_0) : (i64) -> ()
  func.call @printNewline() : () -> ()
  func.call @memcount_end() : () -> ()
  // input 1: 2
  func.call @memcount_begin() : () -> ()
  %r1 = func.call @f(%index_2) : (index) -> (index)
  %p1_0 = arith.index_cast %r1 : index to i64
  func.call @printI64(%p1_0) : (i64) -> ()
  func.call @printNewline() : () -> ()
  func.call @memcount_end() : () -> ()
  return
}
