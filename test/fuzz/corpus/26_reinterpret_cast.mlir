// memref.reinterpret_cast and memref.view over allocations; the buffers
// are accessed only through the reinterpreted views.
func.func @reinterpret(%i: index, %v: f32) -> f32 {
  %a = memref.alloc() : memref<64xf32>
  %r2 = memref.reinterpret_cast %a to offset: [0], sizes: [8, 8], strides: [8, 1] : memref<64xf32> to memref<8x8xf32>
  memref.store %v, %r2[%i, %i] : memref<8x8xf32>
  %c0 = arith.constant 0 : index
  %raw = memref.alloc() : memref<256xi8>
  %view = memref.view %raw[%c0][] : memref<256xi8> to memref<64xf32>
  memref.copy %a, %view : memref<64xf32> to memref<64xf32>
  %r = memref.load %view[%i] : memref<64xf32>
  return %r : f32
}
