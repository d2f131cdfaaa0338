// BUG: double-free
// scf.for: a buffer allocated before the loop is freed in every iteration and again after the loop (fine only when n == 0).

func.func private @printI64(i64)
func.func private @printF32(f32)
func.func private @printNewline()
func.func private @memcount_begin()
func.func private @memcount_end()

func.func @f(%n: index) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %v = arith.constant 5.0 : f32
  %a = memref.alloc() : memref<4xf32>
  memref.store %v, %a[%c0] : memref<4xf32>
  %r = memref.load %a[%c0] : memref<4xf32>
  scf.for %i = %c0 to %n step %c1 {
    memref.dealloc %a : memref<4xf32>
  }
  memref.dealloc %a : memref<4xf32>
  return %r : f32
}

func.func @main() {
  %index_0 = arith.constant 0 : index
  %index_2 = arith.constant 2 : index
  // input 0: 0
  func.call @memcount_begin() : () -> ()
  %r0 = func.call @f(%index_0) : (index) -> (f32)
  func.call @printF32(%r0) : (f32) -> ()
  func.call @printNewline() : () -> ()
  func.call @memcount_end() : () -> ()
  // input 1: 2
  func.call @memcount_begin() : () -> ()
  %r1 = func.call @f(%index_2) : (index) -> (f32)
  func.call @printF32(%r1) : (f32) -> ()
  func.call @printNewline() : () -> ()
  func.call @memcount_end() : () -> ()
  return
}
