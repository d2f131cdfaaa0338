// Origin: EnzymeAD/Enzyme enzyme/test/MLIR/ReverseMode/scf_for_gpu_inner_dynamic_hoisted.mlir (commit 82e2c6d2)
// License: Apache-2.0 WITH LLVM-exception (Enzyme).
// Changed: input kept as @reduce_input; the expected output (CHECK-NEXT lines, complete) reconstructed as @reduce,
// FileCheck captures given names.
func.func @reduce_input(%x: f32, %ub_outer: index, %ub_inner: index) -> (f32) {
  %lb = arith.constant 0 : index
  %step = arith.constant 1 : index
  %sum_0 = arith.constant 1.0 : f32
  %sum2 = scf.for %iv2 = %lb to %ub_outer step %step
      iter_args(%sum_iter2 = %sum_0) -> (f32) {
    %mem = gpu.alloc (%ub_inner) : memref<?xf32, 1>
    %sum = scf.for %iv = %lb to %ub_inner step %step
        iter_args(%sum_iter = %sum_iter2) -> (f32) {
      %sum_next = arith.mulf %sum_iter, %x : f32
      scf.yield %sum_next : f32
    }
    gpu.dealloc %mem : memref<?xf32, 1>
    scf.yield %sum : f32
  }
  return %sum2 : f32
}
func.func @reduce(%varg0: f32, %varg1: index, %varg2: index, %varg3: f32) -> f32 {
  %cst = arith.constant 1.000000e+00 : f32
  %c1 = arith.constant 1 : index
  %c0 = arith.constant 0 : index
  %cst_0 = arith.constant 0.000000e+00 : f32
  %alloc = gpu.alloc(%varg1, %varg2) : memref<?x?xf32, 1>
  %v0 = scf.for %varg4 = %c0 to %varg1 step %c1 iter_args(%varg5 = %cst) -> (f32) {
    %subview = memref.subview %alloc[%varg4, 0] [1, %varg2] [1, 1] : memref<?x?xf32, 1> to memref<?xf32, strided<[1], offset: ?>, 1>
    %v2 = scf.for %varg6 = %c0 to %varg2 step %c1 iter_args(%varg7 = %varg5) -> (f32) {
      memref.store %varg7, %subview[%varg6] : memref<?xf32, strided<[1], offset: ?>, 1>
      %v3 = arith.mulf %varg7, %varg0 : f32
      scf.yield %v3 : f32
    }
    scf.yield %v2 : f32
  }
  %v1:2 = scf.for %varg4 = %c0 to %varg1 step %c1 iter_args(%varg5 = %varg3, %varg6 = %cst_0) -> (f32, f32) {
    %v2 = arith.subi %varg1, %c1 : index
    %v3 = arith.subi %v2, %varg4 : index
    %subview = memref.subview %alloc[%v3, 0] [1, %varg2] [1, 1] : memref<?x?xf32, 1> to memref<?xf32, strided<[1], offset: ?>, 1>
    %v4:2 = scf.for %varg7 = %c0 to %varg2 step %c1 iter_args(%varg8 = %varg5, %varg9 = %varg6) -> (f32, f32) {
      %v5 = arith.subi %varg2, %c1 : index
      %v6 = arith.subi %v5, %varg7 : index
      %v7 = memref.load %subview[%v6] : memref<?xf32, strided<[1], offset: ?>, 1>
      %v8 = arith.mulf %varg8, %varg0 : f32
      %v9 = arith.mulf %varg8, %v7 : f32
      %v10 = arith.addf %varg9, %v9 : f32
      scf.yield %v8, %v10 : f32, f32
    }
    scf.yield %v4#0, %v4#1 : f32, f32
  }
  gpu.dealloc %alloc : memref<?x?xf32, 1>
  return %v1#1 : f32
}
