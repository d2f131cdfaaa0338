// Origin: llvm/llvm-project, mlir/test/Dialect/Bufferization/Transforms/
//   OwnershipBasedBufferDeallocation/dealloc-existing-deallocs.mlir
//   (commit 4e43160dfb0fa8b4f51a551ffa46243e1d770b5c), inputs only.
// License: Apache-2.0 WITH LLVM-exception (LLVM Project).
// Trimmed: RUN/CHECK lines dropped. Pass inputs: frees are inserted by the
// pass under test.

func.func @auto_dealloc() {
  %c10 = arith.constant 10 : index
  %c100 = arith.constant 100 : index
  %alloc = memref.alloc(%c10) : memref<?xi32>
  %realloc = memref.realloc %alloc(%c100) : memref<?xi32> to memref<?xi32>
  "test.memref_user"(%realloc) : (memref<?xi32>) -> ()
  return
}

func.func @auto_dealloc_inside_nested_region(%arg0: memref<?xi32>, %arg1: i1) {
  %c100 = arith.constant 100 : index
  %0 = scf.if %arg1 -> memref<?xi32> {
    %realloc = memref.realloc %arg0(%c100) : memref<?xi32> to memref<?xi32>
    scf.yield %realloc : memref<?xi32>
  } else {
    scf.yield %arg0 : memref<?xi32>
  }
  "test.memref_user"(%0) : (memref<?xi32>) -> ()
  return
}
