// Views and shape casts of one buffer; freeing through the view.
func.func @views(%n: index) {
  %c0 = arith.constant 0 : index
  %raw = memref.alloc() : memref<64xi8>
  %v = memref.view %raw[%c0][] : memref<64xi8> to memref<4x4xf32>
  %s = memref.subview %v[0, 0] [2, 2] [1, 1] : memref<4x4xf32> to memref<2x2xf32, strided<[4, 1]>>
  %c = memref.collapse_shape %v [[0, 1]] : memref<4x4xf32> into memref<16xf32>
  %e = memref.expand_shape %c [[0, 1]] output_shape [2, 8] : memref<16xf32> into memref<2x8xf32>
  %r = memref.reinterpret_cast %c to offset: [0], sizes: [16], strides: [1] : memref<16xf32> to memref<16xf32>
  %t = memref.transpose %v (i, j) -> (j, i) : memref<4x4xf32> to memref<4x4xf32, strided<[1, 4]>>
  %u = memref.cast %r : memref<16xf32> to memref<*xf32>
  memref.dealloc %raw : memref<64xi8>
  %x = memref.load %e[%c0, %c0] : memref<2x8xf32>
  memref.dealloc %s : memref<2x2xf32, strided<[4, 1]>>
  return
}
