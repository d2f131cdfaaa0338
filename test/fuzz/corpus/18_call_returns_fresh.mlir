// A callee returning a freshly allocated buffer; the caller owns the
// result and must free it.
func.func private @make(%v: f32) -> memref<16xf32> {
  %c0 = arith.constant 0 : index
  %b = memref.alloc() : memref<16xf32>
  memref.store %v, %b[%c0] : memref<16xf32>
  return %b : memref<16xf32>
}

func.func @caller(%v: f32) -> f32 {
  %c0 = arith.constant 0 : index
  %m = call @make(%v) : (f32) -> memref<16xf32>
  %r = memref.load %m[%c0] : memref<16xf32>
  return %r : f32
}
