// mlir-opt --ownership-based-buffer-deallocation --canonicalize --buffer-deallocation-simplification test/differential/corpus/13_scf_for_iter_args.mlir
module {
  func.func @scf_for_iter_args(%arg0: index, %arg1: f32) -> f32 {
    %false = arith.constant false
    %true = arith.constant true
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %alloc = memref.alloc() : memref<32xf32>
    memref.store %arg1, %alloc[%c0] : memref<32xf32>
    %0:2 = scf.for %arg2 = %c0 to %arg0 step %c1 iter_args(%arg3 = %alloc, %arg4 = %false) -> (memref<32xf32>, i1) {
      %alloc_0 = memref.alloc() : memref<32xf32>
      memref.copy %arg3, %alloc_0 : memref<32xf32> to memref<32xf32>
      %base_buffer_1, %offset_2, %sizes_3, %strides_4 = memref.extract_strided_metadata %arg3 : memref<32xf32> -> memref<f32>, index, index, index
      bufferization.dealloc (%base_buffer_1 : memref<f32>) if (%arg4)
      scf.yield %alloc_0, %true : memref<32xf32>, i1
    }
    %1 = memref.load %0#0[%c0] : memref<32xf32>
    %base_buffer, %offset, %sizes, %strides = memref.extract_strided_metadata %0#0 : memref<32xf32> -> memref<f32>, index, index, index
    bufferization.dealloc (%alloc, %base_buffer : memref<32xf32>, memref<f32>) if (%true, %0#1)
    return %1 : f32
  }
}

