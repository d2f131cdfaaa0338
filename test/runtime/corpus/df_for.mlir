// BUG: double-free
// scf.for: a buffer allocated before the loop is freed inside the loop body, once per iteration (twice or more when n > 1).

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
  return %r : f32
}

func.func @main() {
  %index_1 = arith.constant 1 : index
  %index_3 = arith.constant 3 : index
  // input 0: 1
  func.call @memcount_begin() : () -> ()
  %r0 = func.call @f(%index_1) : (index) -> (f32)
  func.call @printF32(%r0) : (f32) -> ()
  func.call @printNewline() : () -> ()
  func.call @memcount_end() : () -> ()
  // input 1: 3
  func.call @memcount_begin() : () -> ()
  %r1 = func.call @f(%index_3) : (index) -> (f32)
  func.call @printF32(%r1) : (f32) -> ()
  func.call @printNewline() : () -> ()
  func.call @memcount_end() : () -> ()
  return
}
