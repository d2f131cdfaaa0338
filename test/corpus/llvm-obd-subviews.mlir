// Origin: llvm/llvm-project, mlir/test/Dialect/Bufferization/Transforms/
//   OwnershipBasedBufferDeallocation/dealloc-subviews.mlir
//   (commit 055a9c12107859ef7a3710a6ac188f534bedacfe), input only.
// License: Apache-2.0 WITH LLVM-exception (LLVM Project).
// Trimmed: RUN/CHECK lines dropped; test.copy rewritten into generic form.
// Pass input: the pass under test inserts the free.

func.func @subview(%arg0 : index, %arg1 : index, %arg2 : memref<?x?xf32>) {
  %0 = memref.alloc() : memref<64x4xf32, strided<[4, 1], offset: 0>>
  %1 = memref.subview %0[%arg0, %arg1][%arg0, %arg1][%arg0, %arg1] :
    memref<64x4xf32, strided<[4, 1], offset: 0>>
  to memref<?x?xf32, strided<[?, ?], offset: ?>>
  "test.copy"(%1, %arg2) :
    (memref<?x?xf32, strided<[?, ?], offset: ?>>, memref<?x?xf32>) -> ()
  return
}
