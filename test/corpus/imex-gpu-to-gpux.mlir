// Origin: intel/mlir-extensions (IMEX), mlir/test/Transforms/gpu-to-gpux.mlir
//   (commit 014a0ef78cf168013a2ecb1a688bf7a58a7c1d71), input only.
// License: Apache-2.0 WITH LLVM-exception (IMEX, as the LLVM Project).
// Trimmed: RUN/CHECK lines dropped; only @alloc kept (@region uses the
// custom-syntax imex_util.env_region, which does not parse without IMEX).

func.func @alloc() {
  %m0 = gpu.alloc () : memref<13xf32, 1>
  gpu.dealloc %m0 : memref<13xf32, 1>

  %t0 = gpu.wait async
  %m1, %t1 = gpu.alloc async [%t0] () : memref<13xf32, 1>
  %t2 = gpu.dealloc async [%t1] %m1 : memref<13xf32, 1>

  %m2 = gpu.alloc host_shared () : memref<13xf32, 1>
  gpu.dealloc %m2 : memref<13xf32, 1>

  return
}
