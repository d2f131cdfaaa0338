// mlir-opt --ownership-based-buffer-deallocation --canonicalize --buffer-deallocation-simplification test/differential/corpus/21_call_returns_arg_or_fresh.mlir
module {
  func.func private @maybe_copy(%arg0: i1, %arg1: memref<8xf32>) -> memref<8xf32> {
    %true = arith.constant true
    %false = arith.constant false
    %0:2 = scf.if %arg0 -> (memref<8xf32>, i1) {
      %alloc = memref.alloc() : memref<8xf32>
      memref.copy %arg1, %alloc : memref<8xf32> to memref<8xf32>
      scf.yield %alloc, %true : memref<8xf32>, i1
    } else {
      scf.yield %arg1, %false : memref<8xf32>, i1
    }
    %1 = scf.if %0#1 -> (memref<8xf32>) {
      scf.yield %0#0 : memref<8xf32>
    } else {
      %3 = bufferization.clone %0#0 : memref<8xf32> to memref<8xf32>
      scf.yield %3 : memref<8xf32>
    }
    %base_buffer, %offset, %sizes, %strides = memref.extract_strided_metadata %0#0 : memref<8xf32> -> memref<f32>, index, index, index
    %2 = bufferization.dealloc (%base_buffer : memref<f32>) if (%0#1) retain (%1 : memref<8xf32>)
    return %1 : memref<8xf32>
  }
  func.func @caller(%arg0: i1, %arg1: f32) -> f32 {
    %true = arith.constant true
    %c0 = arith.constant 0 : index
    %alloc = memref.alloc() : memref<8xf32>
    memref.store %arg1, %alloc[%c0] : memref<8xf32>
    %0 = call @maybe_copy(%arg0, %alloc) : (i1, memref<8xf32>) -> memref<8xf32>
    %1 = memref.load %0[%c0] : memref<8xf32>
    %base_buffer, %offset, %sizes, %strides = memref.extract_strided_metadata %0 : memref<8xf32> -> memref<f32>, index, index, index
    bufferization.dealloc (%alloc, %base_buffer : memref<8xf32>, memref<f32>) if (%true, %true)
    return %1 : f32
  }
}

