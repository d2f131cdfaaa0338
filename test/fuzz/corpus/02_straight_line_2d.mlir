// Straight-line code with a 2-D buffer and a buffer that is never used.
func.func @unused_and_2d(%i: index, %j: index, %v: f32) -> f32 {
  %unused = memref.alloc() : memref<8xi32>
  %m = memref.alloc() : memref<4x8xf32>
  memref.store %v, %m[%i, %j] : memref<4x8xf32>
  %r = memref.load %m[%j, %i] : memref<4x8xf32>
  return %r : f32
}
