// Origin: buddy-compiler/buddy-mlir, tests/Conversion/convert-memcpy-to-gpu.mlir
//   (commit 1bd969707e71d411437fd76017175efb6b0e109d), input only.
// License: Apache-2.0 (buddy-mlir).
// Trimmed: RUN/CHECK lines dropped; `alignment = 64` (on the memref.global
// and the three memref.allocs) written as the attribute dictionary
// `{alignment = 64 : i64}`, the same attribute (mlir-opt 22 does not parse
// the bare form); IR otherwise unchanged. Input of buddy-opt's
// convert-memcpy-to-gpu; frees by hand and returns %alloc_1.

#map = affine_map<(d0)[s0, s1] -> (d0 * s0 + s1)>
module attributes {gpu.container_module} {
  memref.global "private" constant @__constant_1x10x10xf32 : memref<1x10x10xf32> = dense<1.000000e+00> {alignment = 64 : i64}
  func.func @matmul(%arg0: memref<1x10x10xf32>, %arg1: memref<1x10x10xf32>) -> memref<1x10x10xf32> {
    %c10 = arith.constant 10 : index
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %cst = arith.constant 0.000000e+00 : f32
    %0 = memref.get_global @__constant_1x10x10xf32 : memref<1x10x10xf32>
    %alloc = memref.alloc() {alignment = 64 : i64} : memref<1x10x10xf32>
    gpu.launch_func  @kernel::@fill blocks in (%c10, %c10, %c1) threads in (%c1, %c1, %c1)  args(%c1 : index, %c0 : index, %cst : f32, %alloc : memref<1x10x10xf32>)
    gpu.launch_func  @kernel::@matmul blocks in (%c10, %c10, %c1) threads in (%c1, %c1, %c1)  args(%c1 : index, %c0 : index, %arg0 : memref<1x10x10xf32>, %arg1 : memref<1x10x10xf32>, %alloc : memref<1x10x10xf32>, %c10 : index)
    %alloc_0 = memref.alloc() {alignment = 64 : i64} : memref<1x10x10xf32>
    gpu.launch_func  @kernel::@fill blocks in (%c10, %c10, %c1) threads in (%c1, %c1, %c1)  args(%c1 : index, %c0 : index, %cst : f32, %alloc_0 : memref<1x10x10xf32>)
    gpu.launch_func  @kernel::@matmul blocks in (%c10, %c10, %c1) threads in (%c1, %c1, %c1)  args(%c1 : index, %c0 : index, %0 : memref<1x10x10xf32>, %alloc : memref<1x10x10xf32>, %alloc_0 : memref<1x10x10xf32>, %c10 : index)
    %alloc_1 = memref.alloc() {alignment = 64 : i64} : memref<1x10x10xf32>
    gpu.launch_func  @kernel::@fill blocks in (%c10, %c10, %c1) threads in (%c1, %c1, %c1)  args(%c1 : index, %c0 : index, %cst : f32, %alloc_1 : memref<1x10x10xf32>)
    gpu.launch_func  @kernel::@matmul blocks in (%c10, %c10, %c1) threads in (%c1, %c1, %c1)  args(%c1 : index, %c0 : index, %alloc : memref<1x10x10xf32>, %alloc_0 : memref<1x10x10xf32>, %alloc_1 : memref<1x10x10xf32>, %c10 : index)
    memref.dealloc %alloc_0 : memref<1x10x10xf32>
    memref.dealloc %alloc : memref<1x10x10xf32>

    return %alloc_1 : memref<1x10x10xf32>
  }
  gpu.module @kernel {
    gpu.func @fill(%arg0: index, %arg1: index, %arg2: f32, %arg3: memref<1x10x10xf32>) kernel attributes {gpu.known_block_size = array<i32: 1, 1, 1>} {
      gpu.return
    }
    gpu.func @matmul(%arg0: index, %arg1: index, %arg2: memref<1x10x10xf32>, %arg3: memref<1x10x10xf32>, %arg4: memref<1x10x10xf32>, %arg5: index) kernel attributes {gpu.known_block_size = array<i32: 1, 1, 1>} {
      gpu.return
    }
  }
}
