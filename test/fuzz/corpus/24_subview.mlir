// Subviews of local buffers: the views are used after their creation and
// only the base allocations must be freed.
func.func @subview(%i: index, %v: f32) -> f32 {
  %a = memref.alloc() : memref<16x16xf32>
  %sv = memref.subview %a[4, 4] [8, 8] [1, 1] : memref<16x16xf32> to memref<8x8xf32, strided<[16, 1], offset: 68>>
  memref.store %v, %sv[%i, %i] : memref<8x8xf32, strided<[16, 1], offset: 68>>
  %b = memref.alloc() : memref<8x8xf32>
  memref.copy %sv, %b : memref<8x8xf32, strided<[16, 1], offset: 68>> to memref<8x8xf32>
  %sv2 = memref.subview %b[0, %i] [4, 2] [2, 1] : memref<8x8xf32> to memref<4x2xf32, strided<[16, 1], offset: ?>>
  %r = memref.load %sv2[%i, %i] : memref<4x2xf32, strided<[16, 1], offset: ?>>
  return %r : f32
}
