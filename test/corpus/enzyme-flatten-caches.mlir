// Origin: EnzymeAD/Enzyme enzyme/test/MLIR/ReverseMode/flatten_caches.mlir (commit 09dcbcf2)
// License: Apache-2.0 WITH LLVM-exception (Enzyme).
// Changed: expected output of @diffeflatten reconstructed from its CHECK lines (they list every op); enzyme.atomic_rmw
// written in generic form ("enzyme.atomic_rmw"(%val, %mem, %idx)); enzyme.autodiff caller dropped (custom syntax).
#map = affine_map<(d0, d1, d2)[s0, s1] -> (d1 * s1 + d2 + (d0 * s0) * s1)>
func.func private @flatten(%b0: index, %b1: index, %b2: index, %x: memref<?xf32>) {
  affine.parallel (%iv, %jv, %kv) = (0, 0, 0) to (%b0, %b1, %b2) {
    %load = affine.load %x[%iv * symbol(%b1) * symbol(%b2) + %jv * symbol(%b2) + %kv] : memref<?xf32>
    %mulf = arith.mulf %load, %load : f32
    affine.store %mulf, %x[%iv * symbol(%b1) * symbol(%b2) + %jv * symbol(%b2) + %kv] : memref<?xf32>
  }
  return
}
func.func private @diffeflatten(%arg0: index, %arg1: index, %arg2: index, %arg3: memref<?xf32>, %arg4: memref<?xf32>) {
  %cst = arith.constant 0.000000e+00 : f32
  %m0 = arith.muli %arg0, %arg1 : index
  %m1 = arith.muli %m0, %arg2 : index
  %alloc = memref.alloc(%m1) : memref<?xf32>
  affine.parallel (%v0, %v1, %v2) = (0, 0, 0) to (symbol(%arg0), symbol(%arg1), symbol(%arg2)) {
    %l0 = affine.load %arg3[%v1 * symbol(%arg2) + %v2 + (%v0 * symbol(%arg1)) * symbol(%arg2)] : memref<?xf32>
    %m2 = arith.muli %v0, %arg1 : index
    %a0 = arith.addi %m2, %v1 : index
    %m3 = arith.muli %a0, %arg2 : index
    %a1 = arith.addi %m3, %v2 : index
    memref.store %l0, %alloc[%a1] : memref<?xf32>
    %f0 = arith.mulf %l0, %l0 : f32
    affine.store %f0, %arg3[%v1 * symbol(%arg2) + %v2 + (%v0 * symbol(%arg1)) * symbol(%arg2)] : memref<?xf32>
  }
  affine.parallel (%v3, %v4, %v5) = (0, 0, 0) to (symbol(%arg0), symbol(%arg1), symbol(%arg2)) {
    %m4 = arith.muli %v3, %arg1 : index
    %a2 = arith.addi %m4, %v4 : index
    %m5 = arith.muli %a2, %arg2 : index
    %a3 = arith.addi %m5, %v5 : index
    %l1 = memref.load %alloc[%a3] : memref<?xf32>
    %ap = affine.apply #map(%v3, %v4, %v5)[%arg1, %arg2]
    %l2 = memref.load %arg4[%ap] : memref<?xf32>
    %f1 = arith.addf %l2, %cst fastmath<fast> : f32
    memref.store %cst, %arg4[%ap] : memref<?xf32>
    %f2 = arith.mulf %f1, %l1 fastmath<fast> : f32
    %f3 = arith.addf %f2, %cst fastmath<fast> : f32
    %f4 = arith.addf %f3, %f2 fastmath<fast> : f32
    %r = "enzyme.atomic_rmw"(%f4, %arg4, %ap) {kind = "addf", ordering = "monotonic"} : (f32, memref<?xf32>, index) -> f32
  }
  memref.dealloc %alloc : memref<?xf32>
  return
}
