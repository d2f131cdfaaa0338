// Origin: llvm/llvm-project, mlir/test/Dialect/Bufferization/Transforms/
//   OwnershipBasedBufferDeallocation/dealloc-loops.mlir
//   (commit fb93551f416029726230d658f409711c1b5b3f1b), inputs only.
// License: Apache-2.0 WITH LLVM-exception (LLVM Project).
// Trimmed: RUN/CHECK lines dropped; IR unchanged.

func.func private @loop_with_realloc(%lb: index, %ub: index, %step: index, %c: i1, %s1: index, %s2: index) -> (memref<?xf32>, memref<?xf32>) {
  %m0 = memref.alloc(%s1) : memref<?xf32>
  %m1 = memref.alloc(%s1) : memref<?xf32>
  %r0, %r1 = scf.for %iv = %lb to %ub step %step iter_args(%arg0 = %m0, %arg1 = %m1) -> (memref<?xf32>, memref<?xf32>) {
    %m2 = memref.realloc %arg0(%s2) : memref<?xf32> to memref<?xf32>
    %m3 = memref.realloc %arg1(%s2) : memref<?xf32> to memref<?xf32>
    scf.yield %m2, %m3 : memref<?xf32>, memref<?xf32>
  }
  return %r0, %r1 : memref<?xf32>, memref<?xf32>
}

func.func private @swapping_loop_with_realloc(%lb: index, %ub: index, %step: index, %c: i1, %s1: index, %s2: index) -> (memref<?xf32>, memref<?xf32>) {
  %m0 = memref.alloc(%s1) : memref<?xf32>
  %m1 = memref.alloc(%s1) : memref<?xf32>
  %r0, %r1 = scf.for %iv = %lb to %ub step %step iter_args(%arg0 = %m0, %arg1 = %m1) -> (memref<?xf32>, memref<?xf32>) {
    %m2 = memref.realloc %arg0(%s2) : memref<?xf32> to memref<?xf32>
    %m3 = memref.realloc %arg1(%s2) : memref<?xf32> to memref<?xf32>
    scf.yield %m3, %m2 : memref<?xf32>, memref<?xf32>
  }
  return %r0, %r1 : memref<?xf32>, memref<?xf32>
}
