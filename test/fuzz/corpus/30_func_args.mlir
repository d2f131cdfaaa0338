// Memref function arguments: read, written, viewed and copied into a local
// buffer, but never freed by this function (the caller owns them).
func.func @func_args(%in: memref<16xf32>, %out: memref<?xf32>, %i: index) -> f32 {
  %sv = memref.subview %in[0] [8] [1] : memref<16xf32> to memref<8xf32, strided<[1]>>
  %tmp = memref.alloc() : memref<8xf32>
  memref.copy %sv, %tmp : memref<8xf32, strided<[1]>> to memref<8xf32>
  %x = memref.load %tmp[%i] : memref<8xf32>
  memref.store %x, %out[%i] : memref<?xf32>
  %r = memref.load %in[%i] : memref<16xf32>
  return %r : f32
}
