// BUG: invalid-free, double-free
// RUNTIME: double-free
// interior memref.subview: when %c is true an interior view is freed and then the base; the lowered free of a view releases the whole base, so the runtime sees the base freed twice.

func.func private @printI64(i64)
func.func private @printF32(f32)
func.func private @printNewline()
func.func private @memcount_begin()
func.func private @memcount_end()

func.func @f(%c: i1) -> f32 {
  %c0 = arith.constant 0 : index
  %v = arith.constant 8.5 : f32
  %a = memref.alloc() : memref<8xf32>
  %s = memref.subview %a[4] [4] [1] : memref<8xf32> to memref<4xf32, strided<[1], offset: 4>>
  memref.store %v, %s[%c0] : memref<4xf32, strided<[1], offset: 4>>
  %r = memref.load %s[%c0] : memref<4xf32, strided<[1], offset: 4>>
  scf.if %c {
    memref.dealloc %s : memref<4xf32, strided<[1], offset: 4>>
  }
  memref.dealloc %a : memref<8xf32>
  return %r : f32
}

func.func @main() {
  %false = arith.constant false
  %true = arith.constant true
  // input 0: false
  func.call @memcount_begin() : () -> ()
  %r0 = func.call @f(%false) : (i1) -> (f32)
  func.call @printF32(%r0) : (f32) -> ()
  func.call @printNewline() : () -> ()
  func.call @memcount_end() : () -> ()
  // input 1: true
  func.call @memcount_begin() : () -> ()
  %r1 = func.call @f(%true) : (i1) -> (f32)
  func.call @printF32(%r1) : (f32) -> ()
  func.call @printNewline() : () -> ()
  func.call @memcount_end() : () -> ()
  return
}
