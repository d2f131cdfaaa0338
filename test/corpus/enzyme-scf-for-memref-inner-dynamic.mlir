// Origin: EnzymeAD/Enzyme enzyme/test/MLIR/ReverseMode/scf_for_memref_inner_dynamic.mlir (commit 14cd59ab)
// License: Apache-2.0 WITH LLVM-exception (Enzyme).
// Changed: the expected output (CHECK-NEXT lines, complete) reconstructed as IR, FileCheck captures given names;
// the input function renamed @reduce_input.
func.func @reduce_input(%x: f32, %ub: index) -> (f32) {
  %lb = arith.constant 0 : index
  %step = arith.constant 1 : index
  %sum_0 = arith.constant 1.0 : f32
  %sum2 = scf.for %iv2 = %lb to %ub step %step
      iter_args(%sum_iter2 = %sum_0) -> (f32) {
    %sum = scf.for %iv = %lb to %ub step %step
        iter_args(%sum_iter = %sum_iter2) -> (f32) {
      %sum_next = arith.mulf %sum_iter, %x : f32
      scf.yield %sum_next : f32
    }
    scf.yield %sum : f32
  }
  return %sum2 : f32
}
func.func @reduce(%arg0: f32, %arg1: index, %arg2: f32) -> f32 {
  %cst = arith.constant 1.000000e+00 : f32
  %c1 = arith.constant 1 : index
  %c0 = arith.constant 0 : index
  %cst_0 = arith.constant 0.000000e+00 : f32
  %alloc = memref.alloc(%arg1) : memref<?xmemref<?xf32>>
  %v0 = scf.for %arg3 = %c0 to %arg1 step %c1 iter_args(%arg4 = %cst) -> (f32) {
    %inner = memref.alloc(%arg1) : memref<?xf32>
    memref.store %inner, %alloc[%arg3] : memref<?xmemref<?xf32>>
    %v2 = scf.for %arg5 = %c0 to %arg1 step %c1 iter_args(%arg6 = %arg4) -> (f32) {
      memref.store %arg6, %inner[%arg5] : memref<?xf32>
      %v3 = arith.mulf %arg6, %arg0 : f32
      scf.yield %v3 : f32
    }
    scf.yield %v2 : f32
  }
  %v1:2 = scf.for %arg3 = %c0 to %arg1 step %c1 iter_args(%arg4 = %arg2, %arg5 = %cst_0) -> (f32, f32) {
    %nm1 = arith.subi %arg1, %c1 : index
    %idx1 = arith.subi %nm1, %arg3 : index
    %inner = memref.load %alloc[%idx1] : memref<?xmemref<?xf32>>
    %v2:2 = scf.for %arg7 = %c0 to %arg1 step %c1 iter_args(%arg8 = %arg4, %arg9 = %arg5) -> (f32, f32) {
      %idx2 = arith.subi %arg1, %c1 : index
      %idx3 = arith.subi %idx2, %arg7 : index
      %v4 = memref.load %inner[%idx3] : memref<?xf32>
      %v5 = arith.mulf %arg8, %arg0 : f32
      %v6 = arith.mulf %arg8, %v4 : f32
      %v7 = arith.addf %arg9, %v6 : f32
      scf.yield %v5, %v7 : f32, f32
    }
    memref.dealloc %inner : memref<?xf32>
    scf.yield %v2#0, %v2#1 : f32, f32
  }
  memref.dealloc %alloc : memref<?xmemref<?xf32>>
  return %v1#1 : f32
}
