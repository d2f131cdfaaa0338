// Origin: NVIDIA/TensorRT-Incubator mlir-tensorrt/compiler/test/Dialect/TensorRTRuntime/buffer-deallocation.mlir (commit 6c99fbc8)
// License: Apache-2.0 (mlir-tensorrt, SPDX headers "Apache-2.0").
// Changed: RUN/CHECK lines dropped; split-input-file sections merged (one trtrt.compiled_func and one @external kept);
// trtrt/cuda ops in generic form with their operands (`trtrt.compiled_func` data elided to a dense i8 splat);
// `#plan.memory_space<device>` (rejected by mlir-opt 22) written as memory space 1;
// the outputs of -plan-ownership-based-buffer-deallocation that the CHECK-NEXT chains spell out added as *_expected.
module {
  "trtrt.compiled_func"() {sym_name = "data", value = dense<0> : tensor<16xi8>} : () -> ()
  func.func private @external(%arg0: memref<512x1024x1024xf32, 1>)
  func.func @test_return_allocation(%arg0: memref<512x1024x1024xf32, 1>)
      -> memref<512x1024x1024xf32, 1> {
    %0 = "trtrt.get_function"() {module = @data} : () -> !trtrt.context
    %1 = "cuda.get_global_stream"() {device = 0 : i64} : () -> !cuda.stream
    %2 = "trtrt.enqueue_alloc"(%0, %1, %arg0) : (!trtrt.context, !cuda.stream, memref<512x1024x1024xf32, 1>) -> memref<512x1024x1024xf32, 1>
    return %2 : memref<512x1024x1024xf32, 1>
  }
  func.func @result_should_be_deallocated(%arg0: memref<512x1024x1024xf32, 1>) {
    %0 = "trtrt.get_function"() {module = @data} : () -> !trtrt.context
    %1 = "cuda.get_global_stream"() {device = 0 : i64} : () -> !cuda.stream
    %2 = "trtrt.enqueue_alloc"(%0, %1, %arg0) : (!trtrt.context, !cuda.stream, memref<512x1024x1024xf32, 1>) -> memref<512x1024x1024xf32, 1>
    func.call @external(%2) : (memref<512x1024x1024xf32, 1>) -> ()
    return
  }
  func.func @result_should_be_deallocated_expected(%arg0: memref<512x1024x1024xf32, 1>) {
    %true = arith.constant true
    %0 = "trtrt.get_function"() {module = @data} : () -> !trtrt.context
    %1 = "cuda.get_global_stream"() {device = 0 : i64} : () -> !cuda.stream
    %2 = "trtrt.enqueue_alloc"(%0, %1, %arg0) : (!trtrt.context, !cuda.stream, memref<512x1024x1024xf32, 1>) -> memref<512x1024x1024xf32, 1>
    func.call @external(%2) : (memref<512x1024x1024xf32, 1>) -> ()
    bufferization.dealloc (%2 : memref<512x1024x1024xf32, 1>) if (%true)
    return
  }
  func.func @test_mixed(%arg0: memref<512x1024x1024xf32, 1>) -> memref<512x1024x1024xf32, 1> {
    %0 = "trtrt.get_function"() {module = @data} : () -> !trtrt.context
    %1 = "cuda.get_global_stream"() {device = 0 : i64} : () -> !cuda.stream
    %2, %3 = "trtrt.enqueue_alloc"(%0, %1, %arg0) : (!trtrt.context, !cuda.stream, memref<512x1024x1024xf32, 1>)
      -> (memref<512x1024x1024xf32, 1>, memref<512x1024x1024xf32, 1>)
    func.call @external(%2) : (memref<512x1024x1024xf32, 1>) -> ()
    return %2 : memref<512x1024x1024xf32, 1>
  }
  func.func @test_mixed_expected(%arg0: memref<512x1024x1024xf32, 1>) -> memref<512x1024x1024xf32, 1> {
    %true = arith.constant true
    %0 = "trtrt.get_function"() {module = @data} : () -> !trtrt.context
    %1 = "cuda.get_global_stream"() {device = 0 : i64} : () -> !cuda.stream
    %2, %3 = "trtrt.enqueue_alloc"(%0, %1, %arg0) : (!trtrt.context, !cuda.stream, memref<512x1024x1024xf32, 1>)
      -> (memref<512x1024x1024xf32, 1>, memref<512x1024x1024xf32, 1>)
    func.call @external(%2) : (memref<512x1024x1024xf32, 1>) -> ()
    bufferization.dealloc (%3 : memref<512x1024x1024xf32, 1>) if (%true)
    return %2 : memref<512x1024x1024xf32, 1>
  }
}
