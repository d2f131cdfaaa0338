// mlir-opt --ownership-based-buffer-deallocation --canonicalize --buffer-deallocation-simplification test/differential/corpus/24_subview.mlir
module {
  func.func @subview(%arg0: index, %arg1: f32) -> f32 {
    %true = arith.constant true
    %alloc = memref.alloc() : memref<16x16xf32>
    %subview = memref.subview %alloc[4, 4] [8, 8] [1, 1] : memref<16x16xf32> to memref<8x8xf32, strided<[16, 1], offset: 68>>
    memref.store %arg1, %subview[%arg0, %arg0] : memref<8x8xf32, strided<[16, 1], offset: 68>>
    %alloc_0 = memref.alloc() : memref<8x8xf32>
    memref.copy %subview, %alloc_0 : memref<8x8xf32, strided<[16, 1], offset: 68>> to memref<8x8xf32>
    %subview_1 = memref.subview %alloc_0[0, %arg0] [4, 2] [2, 1] : memref<8x8xf32> to memref<4x2xf32, strided<[16, 1], offset: ?>>
    %0 = memref.load %subview_1[%arg0, %arg0] : memref<4x2xf32, strided<[16, 1], offset: ?>>
    bufferization.dealloc (%alloc : memref<16x16xf32>) if (%true)
    bufferization.dealloc (%alloc_0 : memref<8x8xf32>) if (%true)
    return %0 : f32
  }
}

