// Origin: llvm/llvm-project, mlir/test/Dialect/Bufferization/Transforms/
//   OwnershipBasedBufferDeallocation/dealloc-memoryeffect-interface.mlir
//   (commit 0fec56817366b0b28883c00bec3962b1e00bd549), inputs only.
// License: Apache-2.0 WITH LLVM-exception (LLVM Project).
// Trimmed: RUN/CHECK lines dropped; test.buffer_based and test.copy
// rewritten into generic form. Pass inputs: the pass under test inserts the
// frees.

func.func @redundantOperations(%arg0: memref<2xf32>) {
  %0 = memref.alloc() : memref<2xf32>
  "test.buffer_based"(%arg0, %0) : (memref<2xf32>, memref<2xf32>) -> ()
  %1 = memref.alloc() : memref<2xf32>
  "test.buffer_based"(%0, %1) : (memref<2xf32>, memref<2xf32>) -> ()
  return
}

func.func @allocaIsNotDeallocated(%arg0: memref<2xf32>) {
  %0 = memref.alloc() : memref<2xf32>
  "test.buffer_based"(%arg0, %0) : (memref<2xf32>, memref<2xf32>) -> ()
  %1 = memref.alloca() : memref<2xf32>
  "test.buffer_based"(%0, %1) : (memref<2xf32>, memref<2xf32>) -> ()
  return
}

func.func @inserting_missing_dealloc_simple(
  %arg0 : memref<2xf32>,
  %arg1: memref<2xf32>) {
  %0 = memref.alloc() : memref<2xf32>
  "test.buffer_based"(%arg0, %0) : (memref<2xf32>, memref<2xf32>) -> ()
  "test.copy"(%0, %arg1) : (memref<2xf32>, memref<2xf32>) -> ()
  return
}

func.func @alloca_ownership_indicator_is_false() {
  %0 = memref.alloca() : memref<2xf32>
  cf.br ^bb1(%0: memref<2xf32>)
^bb1(%arg0 : memref<2xf32>):
  return
}

func.func @dealloc_existing_clones(%arg0: memref<?x?xf64>, %arg1: memref<?x?xf64>) -> memref<?x?xf64> {
  %0 = bufferization.clone %arg0 : memref<?x?xf64> to memref<?x?xf64>
  %1 = bufferization.clone %arg1 : memref<?x?xf64> to memref<?x?xf64>
  return %0 : memref<?x?xf64>
}

memref.global "private" constant @__constant_4xf32 : memref<4xf32> = dense<[1.000000e+00, 2.000000e+00, 3.000000e+00, 4.000000e+00]>

func.func @op_without_aliasing_and_allocation() -> memref<4xf32> {
  %0 = memref.get_global @__constant_4xf32 : memref<4xf32>
  return %0 : memref<4xf32>
}
