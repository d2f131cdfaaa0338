// Origin: llvm/llvm-project, mlir/test/Dialect/Bufferization/Transforms/
//   OwnershipBasedBufferDeallocation/dealloc-branchop-interface.mlir
//   (commit 0ac0252b9e8b5d630acdb941d87b1d0895554be9): the expected outputs
//   of -ownership-based-buffer-deallocation -buffer-deallocation-simplification
//   for @condBranch, @criticalEdge and @invCriticalEdge.
// License: Apache-2.0 WITH LLVM-exception (LLVM Project).
// Reconstructed from the CHECK lines: the ops, their operands and their order
// are the CHECK lines'; the SSA names and the constants' position are chosen;
// the `test` ops are in generic form. This is correct IR (every buffer freed
// once, under its ownership flag).

func.func @condBranch(%arg0: i1, %arg1: memref<2xf32>, %arg2: memref<2xf32>) {
  %false = arith.constant false
  %true = arith.constant true
  cf.cond_br %arg0, ^bb2(%arg1, %false : memref<2xf32>, i1), ^bb1
^bb1:
  %alloc = memref.alloc() : memref<2xf32>
  "test.buffer_based"(%arg1, %alloc) : (memref<2xf32>, memref<2xf32>) -> ()
  cf.br ^bb2(%alloc, %true : memref<2xf32>, i1)
^bb2(%0: memref<2xf32>, %1: i1):
  "test.copy"(%0, %arg2) : (memref<2xf32>, memref<2xf32>) -> ()
  %base_buffer, %offset, %sizes, %strides = memref.extract_strided_metadata %0 : memref<2xf32> -> memref<f32>, index, index, index
  bufferization.dealloc (%base_buffer : memref<f32>) if (%1)
  return
}

func.func @criticalEdge(%arg0: i1, %arg1: memref<2xf32>, %arg2: memref<2xf32>) {
  %false = arith.constant false
  %true = arith.constant true
  cf.cond_br %arg0, ^bb1, ^bb2(%arg1, %false : memref<2xf32>, i1)
^bb1:
  %alloc = memref.alloc() : memref<2xf32>
  "test.buffer_based"(%arg1, %alloc) : (memref<2xf32>, memref<2xf32>) -> ()
  cf.br ^bb2(%alloc, %true : memref<2xf32>, i1)
^bb2(%0: memref<2xf32>, %1: i1):
  "test.copy"(%0, %arg2) : (memref<2xf32>, memref<2xf32>) -> ()
  %base_buffer, %offset, %sizes, %strides = memref.extract_strided_metadata %0 : memref<2xf32> -> memref<f32>, index, index, index
  bufferization.dealloc (%base_buffer : memref<f32>) if (%1)
  return
}

func.func @invCriticalEdge(%arg0: i1, %arg1: memref<2xf32>, %arg2: memref<2xf32>) {
  %false = arith.constant false
  %true = arith.constant true
  %alloc = memref.alloc() : memref<2xf32>
  "test.buffer_based"(%arg1, %alloc) : (memref<2xf32>, memref<2xf32>) -> ()
  %0 = arith.xori %arg0, %true : i1
  bufferization.dealloc (%alloc : memref<2xf32>) if (%0)
  cf.cond_br %arg0, ^bb1, ^bb2(%arg1, %false : memref<2xf32>, i1)
^bb1:
  cf.br ^bb2(%alloc, %arg0 : memref<2xf32>, i1)
^bb2(%1: memref<2xf32>, %2: i1):
  "test.copy"(%1, %arg2) : (memref<2xf32>, memref<2xf32>) -> ()
  %base_buffer, %offset, %sizes, %strides = memref.extract_strided_metadata %1 : memref<2xf32> -> memref<f32>, index, index, index
  bufferization.dealloc (%base_buffer : memref<f32>) if (%2)
  return
}
