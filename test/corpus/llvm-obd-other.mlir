// Origin: llvm/llvm-project, mlir/test/Dialect/Bufferization/Transforms/
//   OwnershipBasedBufferDeallocation/dealloc-other.mlir
//   (commit 0e1ace0cb42f80ac348f216e426e3cf29e3b8d46), inputs only.
// License: Apache-2.0 WITH LLVM-exception (LLVM Project).
// Trimmed: RUN/CHECK lines and the expected-error comment dropped;
// @no_interface_no_operands dropped (mlir-opt 22 renamed
// bufferization.to_memref). Pass inputs: the pass under test inserts the
// frees.

func.func private @no_interface() -> memref<5xf32> {
  %0 = memref.alloc() : memref<5xf32>
  %1 = "test.forward_buffer"(%0) : (memref<5xf32>) -> (memref<5xf32>)
  return %1 : memref<5xf32>
}

func.func @no_side_effects() {
  %0 = memref.alloc() : memref<5xf32>
  "test.unregistered_op_foo"(%0) : (memref<5xf32>) -> ()
  return
}
