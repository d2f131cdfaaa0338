// mlir-opt --ownership-based-buffer-deallocation --canonicalize --buffer-deallocation-simplification test/differential/corpus/04_cond_br_join_blockarg.mlir
module {
  func.func @join_blockarg(%arg0: i1, %arg1: index, %arg2: f32) -> f32 {
    %true = arith.constant true
    %cst = arith.constant 0.000000e+00 : f32
    cf.cond_br %arg0, ^bb1, ^bb2
  ^bb1:  // pred: ^bb0
    %alloc = memref.alloc() : memref<8xf32>
    memref.store %arg2, %alloc[%arg1] : memref<8xf32>
    cf.br ^bb3(%alloc, %true : memref<8xf32>, i1)
  ^bb2:  // pred: ^bb0
    %alloc_0 = memref.alloc() : memref<8xf32>
    memref.store %cst, %alloc_0[%arg1] : memref<8xf32>
    cf.br ^bb3(%alloc_0, %true : memref<8xf32>, i1)
  ^bb3(%0: memref<8xf32>, %1: i1):  // 2 preds: ^bb1, ^bb2
    %2 = memref.load %0[%arg1] : memref<8xf32>
    %base_buffer, %offset, %sizes, %strides = memref.extract_strided_metadata %0 : memref<8xf32> -> memref<f32>, index, index, index
    bufferization.dealloc (%base_buffer : memref<f32>) if (%1)
    return %2 : f32
  }
}

