// Two buffers returned to the caller and one temporary that dies; a view
// of a returned buffer is used before the return.
func.func @return_buffers(%i: index, %v: f32) -> (memref<8xf32>, memref<4x4xf32>) {
  %a = memref.alloc() : memref<8xf32>
  %b = memref.alloc() : memref<4x4xf32>
  %t = memref.alloc() : memref<16xf32>
  memref.store %v, %t[%i] : memref<16xf32>
  %x = memref.load %t[%i] : memref<16xf32>
  %sv = memref.subview %b[0, 0] [2, 2] [1, 1] : memref<4x4xf32> to memref<2x2xf32, strided<[4, 1]>>
  memref.store %x, %sv[%i, %i] : memref<2x2xf32, strided<[4, 1]>>
  memref.store %x, %a[%i] : memref<8xf32>
  return %a, %b : memref<8xf32>, memref<4x4xf32>
}
