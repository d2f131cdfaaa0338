// mlir-opt --ownership-based-buffer-deallocation --canonicalize --buffer-deallocation-simplification test/differential/corpus/15_scf_while.mlir
module {
  func.func @scf_while(%arg0: index, %arg1: f32) -> f32 {
    %false = arith.constant false
    %true = arith.constant true
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %alloc = memref.alloc() : memref<8xf32>
    memref.store %arg1, %alloc[%c0] : memref<8xf32>
    %0:3 = scf.while (%arg2 = %c0, %arg3 = %alloc, %arg4 = %false) : (index, memref<8xf32>, i1) -> (index, memref<8xf32>, i1) {
      %2 = arith.cmpi slt, %arg2, %arg0 : index
      scf.condition(%2) %arg2, %arg3, %arg4 : index, memref<8xf32>, i1
    } do {
    ^bb0(%arg2: index, %arg3: memref<8xf32>, %arg4: i1):
      %alloc_0 = memref.alloc() : memref<8xf32>
      memref.copy %arg3, %alloc_0 : memref<8xf32> to memref<8xf32>
      %2 = arith.addi %arg2, %c1 : index
      %base_buffer_1, %offset_2, %sizes_3, %strides_4 = memref.extract_strided_metadata %arg3 : memref<8xf32> -> memref<f32>, index, index, index
      bufferization.dealloc (%base_buffer_1 : memref<f32>) if (%arg4)
      scf.yield %2, %alloc_0, %true : index, memref<8xf32>, i1
    }
    %1 = memref.load %0#1[%c0] : memref<8xf32>
    %base_buffer, %offset, %sizes, %strides = memref.extract_strided_metadata %0#1 : memref<8xf32> -> memref<f32>, index, index, index
    bufferization.dealloc (%alloc, %base_buffer : memref<8xf32>, memref<f32>) if (%true, %0#2)
    return %1 : f32
  }
}

