// Origin: onnx/onnx-mlir test/mlir/krnl/eliminate_entry_arg_clone.mlir (commit 79a5d946)
// License: Apache-2.0 (onnx-mlir).
// Changed: RUN/CHECK lines dropped; the four split-input-file modules merged, @main_graph renamed
// @main_graph_1..4 (krnl.entry_point func attributes updated); @helper's expected output (CHECK: bufferization.clone
// kept in non-entry functions) added as @helper_expected, with a caller @main_graph_3b.
module {
  func.func @main_graph_1(%arg0: memref<?x?x?x?xf32>, %arg1: memref<?x?x?x?xf32>, %arg2: memref<?xi64>) -> memref<?x?x?x?xf32> attributes {llvm.emit_c_interface} {
    return %arg0 : memref<?x?x?x?xf32>
  }
  "krnl.entry_point"() {func = @main_graph_1, numInputs = 3 : i32, numOutputs = 1 : i32, signature = "[in_sig]\00@[out_sig]\00"} : () -> ()
  func.func @main_graph_2(%arg0: memref<10xf32>, %arg1: memref<10xf32>) -> (memref<?xf32>, memref<5xf32, strided<[1]>>, memref<10xf32>) {
    %0 = memref.cast %arg0 : memref<10xf32> to memref<?xf32>
    %1 = memref.subview %arg1[0] [5] [1] : memref<10xf32> to memref<5xf32, strided<[1]>>
    %2 = memref.alloc() : memref<10xf32>
    return %0, %1, %2 : memref<?xf32>, memref<5xf32, strided<[1]>>, memref<10xf32>
  }
  "krnl.entry_point"() {func = @main_graph_2, numInputs = 2 : i32, numOutputs = 3 : i32, signature = "[in_sig]\00@[out_sig]\00"} : () -> ()
  func.func private @helper(%arg0: memref<10xf32>) -> memref<10xf32> {
    return %arg0 : memref<10xf32>
  }
  func.func private @helper_expected(%arg0: memref<10xf32>) -> memref<10xf32> {
    %0 = bufferization.clone %arg0 : memref<10xf32> to memref<10xf32>
    return %0 : memref<10xf32>
  }
  func.func @main_graph_3(%arg0: memref<10xf32>) -> memref<10xf32> {
    %0 = call @helper(%arg0) : (memref<10xf32>) -> memref<10xf32>
    return %0 : memref<10xf32>
  }
  func.func @main_graph_3b(%arg0: memref<10xf32>) -> memref<10xf32> {
    %0 = call @helper_expected(%arg0) : (memref<10xf32>) -> memref<10xf32>
    return %0 : memref<10xf32>
  }
  "krnl.entry_point"() {func = @main_graph_3, numInputs = 1 : i32, numOutputs = 1 : i32, signature = "[in_sig]\00@[out_sig]\00"} : () -> ()
  func.func @main_graph_4() -> memref<3xi64> {
    %0 = "krnl.global"() {name = "constant_0", shape = [3], value = dense<[1, 2, 3]> : tensor<3xi64>} : () -> memref<3xi64>
    return %0 : memref<3xi64>
  }
  "krnl.entry_point"() {func = @main_graph_4, numInputs = 0 : i32, numOutputs = 1 : i32, signature = "[in_sig]\00@[out_sig]\00"} : () -> ()
}
