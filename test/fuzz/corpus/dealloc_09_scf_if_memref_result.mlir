// mlir-opt --ownership-based-buffer-deallocation --canonicalize --buffer-deallocation-simplification test/differential/corpus/09_scf_if_memref_result.mlir
module {
  func.func @scf_if_memref_result(%arg0: i1, %arg1: index, %arg2: f32) -> f32 {
    %false = arith.constant false
    %true = arith.constant true
    %alloc = memref.alloc() : memref<16xf32>
    memref.store %arg2, %alloc[%arg1] : memref<16xf32>
    %0:2 = scf.if %arg0 -> (memref<16xf32>, i1) {
      %alloc_0 = memref.alloc() : memref<16xf32>
      memref.copy %alloc, %alloc_0 : memref<16xf32> to memref<16xf32>
      scf.yield %alloc_0, %true : memref<16xf32>, i1
    } else {
      scf.yield %alloc, %false : memref<16xf32>, i1
    }
    %1 = memref.load %0#0[%arg1] : memref<16xf32>
    %base_buffer, %offset, %sizes, %strides = memref.extract_strided_metadata %0#0 : memref<16xf32> -> memref<f32>, index, index, index
    bufferization.dealloc (%alloc, %base_buffer : memref<16xf32>, memref<f32>) if (%true, %0#1)
    return %1 : f32
  }
}

