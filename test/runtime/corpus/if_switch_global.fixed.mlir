// BUG: invalid-free
// cf.switch: case 1 picks the global table instead of a heap copy, and the exit block frees whichever buffer it got.

func.func private @printI64(i64)
func.func private @printF32(f32)
func.func private @printNewline()
func.func private @memcount_begin()
func.func private @memcount_end()

memref.global "private" @table : memref<4xf32> = dense<[1.0, 2.0, 3.0, 4.0]>

func.func @f(%k: i32) -> f32 {
  %c0 = arith.constant 0 : index
  %g = memref.get_global @table : memref<4xf32>
  %memlint_false0 = arith.constant false
  cf.switch %k : i32, [
    default: ^copy,
    1: ^exit(%g, %memlint_false0 : memref<4xf32>, i1)
  ]
^copy:
  %b = memref.alloc() : memref<4xf32>
  memref.copy %g, %b : memref<4xf32> to memref<4xf32>
  %memlint_true0 = arith.constant true
  cf.br ^exit(%b, %memlint_true0 : memref<4xf32>, i1)
^exit(%m: memref<4xf32>, %memlint_owned0: i1):
  %r = memref.load %m[%c0] : memref<4xf32>
  scf.if %memlint_owned0 {
    memref.dealloc %m : memref<4xf32>
  }
  return %r : f32
}

func.func @main() {
  %i32_0 = arith.constant 0 : i32
  %i32_1 = arith.constant 1 : i32
  // input 0: 0
  func.call @memcount_begin() : () -> ()
  %r0 = func.call @f(%i32_0) : (i32) -> (f32)
  func.call @printF32(%r0) : (f32) -> ()
  func.call @printNewline() : () -> ()
  func.call @memcount_end() : () -> ()
  // input 1: 1
  func.call @memcount_begin() : () -> ()
  %r1 = func.call @f(%i32_1) : (i32) -> (f32)
  func.call @printF32(%r1) : (f32) -> ()
  func.call @printNewline() : () -> ()
  func.call @memcount_end() : () -> ()
  return
}
