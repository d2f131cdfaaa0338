// memref.cast, expand_shape and collapse_shape: aliases of the two base
// allocations; the last use goes through the alias.
func.func @casts(%i: index, %v: f32) -> f32 {
  %a = memref.alloc() : memref<4x8xf32>
  %dyn = memref.cast %a : memref<4x8xf32> to memref<?x?xf32>
  memref.store %v, %dyn[%i, %i] : memref<?x?xf32>
  %flat = memref.collapse_shape %a [[0, 1]] : memref<4x8xf32> into memref<32xf32>
  %b = memref.alloc() : memref<32xf32>
  memref.copy %flat, %b : memref<32xf32> to memref<32xf32>
  %e = memref.expand_shape %b [[0, 1, 2]] output_shape [2, 4, 4] : memref<32xf32> into memref<2x4x4xf32>
  %r = memref.load %e[%i, %i, %i] : memref<2x4x4xf32>
  return %r : f32
}
