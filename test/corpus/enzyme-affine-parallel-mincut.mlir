// Origin: EnzymeAD/Enzyme enzyme/test/MLIR/ReverseMode/affine_parallel_mincut.mlir (stored version, file id 56134485236)
// License: Apache-2.0 WITH LLVM-exception (Enzyme).
// Changed: RUN lines dropped; the inputs @reproducer and @redundant kept (enzyme.autodiff callers dropped: custom
// syntax); the expected @differedundant rebuilt from its CHECK lines (they list every op), enzyme.atomic_rmw in
// generic form with its operands.
#map1 = affine_map<(d0) -> (d0 + 1)>
func.func private @reproducer(%cond: i1, %srcGrid: memref<?xf32>, %dstGrid: memref<?xf32>) {
  %zero = arith.constant 0.0 : f32
  %one = arith.constant 1.0 : f32
  %two = arith.constant 2.0 : f32
  %c1 = arith.constant 1 : index
  affine.parallel (%iv) = (0) to (100) {
    %idx0 = arith.addi %iv, %c1 : index
    %idx1 = arith.addi %idx0, %c1 : index
    %tmpN = memref.load %srcGrid[%iv] : memref<?xf32>
    %tmpK = memref.load %srcGrid[%idx0] : memref<?xf32>
    %tmpL = memref.load %srcGrid[%idx1] : memref<?xf32>
    %ifres = scf.if %cond -> (f32) {
      scf.yield %zero : f32
    } else {
      %add0 = arith.addf %tmpN, %tmpN : f32
      %add1 = arith.addf %add0, %tmpK : f32
      %rho = arith.addf %add1, %tmpL : f32
      %ux = arith.addf %add1, %add0 : f32
      %ux2 = arith.divf %ux, %rho : f32
      %tmp_base = arith.mulf %two, %rho : f32
      %tmp1 = arith.mulf %two, %tmp_base : f32
      %tmpN2 = arith.mulf %one, %tmpN : f32
      %tmpN2_1 = arith.mulf %tmp1, %ux2 : f32
      %tmpN2_2 = arith.addf %tmpN2, %tmpN2_1 : f32
      scf.yield %tmpN2_2 : f32
    }
    memref.store %ifres, %dstGrid[%iv] : memref<?xf32>
  }
  return
}
func.func @redundant(%x: memref<?xf32>, %y: memref<?xf32>, %len: index) {
  affine.parallel (%iv) = (0) to (%len) {
    %ld0 = affine.load %x[%iv] : memref<?xf32>
    %ld1 = affine.load %x[%iv + 1] : memref<?xf32>
    %addf = arith.addf %ld0, %ld1 : f32
    %sin0 = math.sin %ld0 : f32
    %sin1 = math.sin %ld1 : f32
    %sin2 = math.sin %addf : f32
    %acc0 = arith.addf %sin0, %sin1 : f32
    %acc1 = arith.addf %acc0, %sin2 : f32
    affine.store %acc1, %y[%iv] : memref<?xf32>
  }
  return
}
func.func private @differedundant(%arg0: memref<?xf32>, %arg1: memref<?xf32>, %arg2: memref<?xf32>, %arg3: memref<?xf32>, %arg4: index) {
  %cst = arith.constant 0.000000e+00 : f32
  %alloc0 = memref.alloc(%arg4) : memref<?xf32>
  %alloc1 = memref.alloc(%arg4) : memref<?xf32>
  affine.parallel (%v0) = (0) to (symbol(%arg4)) {
    %l0 = affine.load %arg0[%v0] : memref<?xf32>
    memref.store %l0, %alloc0[%v0] : memref<?xf32>
    %l1 = affine.load %arg0[%v0 + 1] : memref<?xf32>
    memref.store %l1, %alloc1[%v0] : memref<?xf32>
    %a0 = arith.addf %l0, %l1 : f32
    %s0 = math.sin %l0 : f32
    %s1 = math.sin %l1 : f32
    %s2 = math.sin %a0 : f32
    %a1 = arith.addf %s0, %s1 : f32
    %a2 = arith.addf %a1, %s2 : f32
    affine.store %a2, %arg2[%v0] : memref<?xf32>
  }
  affine.parallel (%v1) = (0) to (symbol(%arg4)) {
    %l2 = memref.load %alloc0[%v1] : memref<?xf32>
    %l3 = memref.load %alloc1[%v1] : memref<?xf32>
    %a3 = arith.addf %l2, %l3 : f32
    %l4 = memref.load %arg3[%v1] : memref<?xf32>
    memref.store %cst, %arg3[%v1] : memref<?xf32>
    %c0 = math.cos %a3 : f32
    %m0 = arith.mulf %l4, %c0 : f32
    %c1 = math.cos %l3 : f32
    %m1 = arith.mulf %l4, %c1 : f32
    %c2 = math.cos %l2 : f32
    %m2 = arith.mulf %l4, %c2 : f32
    %a4 = arith.addf %m2, %m0 : f32
    %a5 = arith.addf %m1, %m0 : f32
    %ap = affine.apply #map1(%v1)
    %r0 = "enzyme.atomic_rmw"(%a5, %arg1, %ap) {kind = "addf", ordering = "monotonic"} : (f32, memref<?xf32>, index) -> f32
    %r1 = "enzyme.atomic_rmw"(%a4, %arg1, %v1) {kind = "addf", ordering = "monotonic"} : (f32, memref<?xf32>, index) -> f32
  }
  memref.dealloc %alloc1 : memref<?xf32>
  memref.dealloc %alloc0 : memref<?xf32>
  return
}
