// Origin: llvm/llvm-project, mlir/test/Dialect/Bufferization/Transforms/
//   OwnershipBasedBufferDeallocation/dealloc-callop-interface.mlir
//   (commit 08d775418313b9cdba2784289f44cb00805886f9), inputs only.
// License: Apache-2.0 WITH LLVM-exception (LLVM Project).
// Trimmed: RUN/CHECK lines dropped; test.copy rewritten into generic form.
// The split-input-file sections each define @f: the two that share the
// identical private @f are merged into one module (one @f), and
// @function_call_non_private (a public @f) is dropped. Pass inputs: the pass
// under test inserts the frees.

func.func private @f(%arg0: memref<f64>) -> memref<f64> {
  return %arg0 : memref<f64>
}

func.func @function_call() {
  %alloc = memref.alloc() : memref<f64>
  %alloc2 = memref.alloc() : memref<f64>
  %ret = call @f(%alloc) : (memref<f64>) -> memref<f64>
  "test.copy"(%ret, %alloc2) : (memref<f64>, memref<f64>) -> ()
  return
}

func.func @function_call_requries_merged_ownership_mid_block(%arg0: i1) {
  %alloc = memref.alloc() : memref<f64>
  %alloc2 = memref.alloca() : memref<f64>
  %0 = arith.select %arg0, %alloc, %alloc2 : memref<f64>
  %ret = call @f(%0) : (memref<f64>) -> memref<f64>
  "test.copy"(%ret, %alloc) : (memref<f64>, memref<f64>) -> ()
  return
}
