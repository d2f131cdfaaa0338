// BUG: double-free
// memref.collapse_shape alias: a 2x2 buffer is freed through its collapsed 4-element view when %c is true, then through the base.

func.func private @printI64(i64)
func.func private @printF32(f32)
func.func private @printNewline()
func.func private @memcount_begin()
func.func private @memcount_end()

func.func @f(%c: i1) -> f32 {
  %c0 = arith.constant 0 : index
  %c3 = arith.constant 3 : index
  %c1 = arith.constant 1 : index
  %v = arith.constant 9.0 : f32
  %a = memref.alloc() : memref<2x2xf32>
  memref.store %v, %a[%c1, %c1] : memref<2x2xf32>
  %flat = memref.collapse_shape %a [[0, 1]] : memref<2x2xf32> into memref<4xf32>
  %r = memref.load %flat[%c3] : memref<4xf32>
  scf.if %c {
    memref.dealloc %flat : memref<4xf32>
  }
  memref.dealloc %a : memref<2x2xf32>
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
