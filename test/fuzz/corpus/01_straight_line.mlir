// Straight-line code: two local buffers, both dead at the return.
func.func @straight_line(%i: index, %v: f32) -> f32 {
  %a = memref.alloc() : memref<16xf32>
  %b = memref.alloc() : memref<16xf32>
  memref.store %v, %a[%i] : memref<16xf32>
  memref.copy %a, %b : memref<16xf32> to memref<16xf32>
  %r = memref.load %b[%i] : memref<16xf32>
  return %r : f32
}
