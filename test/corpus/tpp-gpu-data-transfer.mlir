// Origin: plaidml/tpp-mlir test/GPU/gpu-data-transfer.mlir (commit 0782b6af)
// License: Apache-2.0 WITH LLVM-exception (tpp-mlir).
// Changed: RUN/CHECK lines dropped; the split-input-file modules merged into one gpu.container_module, each
// test's gpu.module renamed @entry_kernel_<test> (launch_func symbols updated); the globals given one definition.
// The subview type of @subview_cast_mix written strided<[?, 1]> (offset 0), which mlir-opt 22 requires.
module attributes {gpu.container_module} {
  memref.global "private" @__global : memref<8x8xf32> = dense<1.0>
  memref.global "private" constant @__constant_global : memref<8x8xf32> = dense<0.0>
  memref.global "private" constant @__constant_global32 : memref<32x32xf32> = dense<0.0>
  func.func @alloc_only_device_users() {
    %c1 = arith.constant 1 : index
    %0 = memref.alloc() : memref<8x8xf32>
    gpu.launch_func  @entry_kernel_a::@entry_kernel blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1)
        args(%0 : memref<8x8xf32>)
    memref.dealloc %0 : memref<8x8xf32>
    return
  }
  gpu.module @entry_kernel_a {
    gpu.func @entry_kernel(%arg0: memref<8x8xf32>) kernel attributes {gpu.known_block_size = array<i32: 1, 1, 1>, gpu.known_grid_size = array<i32: 1, 1, 1>} {
      gpu.return
    }
  }
  func.func @alloc_with_subview() {
    %c1 = arith.constant 1 : index
    %c0 = arith.constant 0 : index
    %c4 = arith.constant 4 : index
    %0 = memref.alloc() : memref<32x32xf32>
    scf.for %iter = %c0 to %c4 step %c1 {
      %subview = memref.subview %0[%iter, 0] [8, 8] [1, 1] : memref<32x32xf32> to memref<8x8xf32, strided<[32, 1], offset: ?>>
      gpu.launch_func  @entry_kernel_b::@entry_kernel blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1)
          args(%subview : memref<8x8xf32, strided<[32, 1], offset: ?>>)
    }
    memref.dealloc %0 : memref<32x32xf32>
    return
  }
  gpu.module @entry_kernel_b {
    gpu.func @entry_kernel(%arg0: memref<8x8xf32, strided<[32, 1], offset: ?>>) kernel attributes {gpu.known_block_size = array<i32: 1, 1, 1>, gpu.known_grid_size = array<i32: 1, 1, 1>} {
      gpu.return
    }
  }
  func.func @alloc_with_cast() {
    %c1 = arith.constant 1 : index
    %0 = memref.alloc() : memref<32x32xf32>
    %cast = memref.cast %0 : memref<32x32xf32> to memref<?x?xf32>
    gpu.launch_func  @entry_kernel_c::@entry_kernel blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1)
        args(%cast : memref<?x?xf32>)
    memref.dealloc %0 : memref<32x32xf32>
    return
  }
  gpu.module @entry_kernel_c {
    gpu.func @entry_kernel(%arg0: memref<?x?xf32>) kernel attributes {gpu.known_block_size = array<i32: 1, 1, 1>, gpu.known_grid_size = array<i32: 1, 1, 1>} {
      gpu.return
    }
  }
  func.func @alloc_only_host_users() {
    %cst = arith.constant 5.0 : f32
    %0 = memref.alloc() : memref<8x8xf32>
    linalg.fill ins(%cst : f32) outs(%0 : memref<8x8xf32>)
    memref.dealloc %0 : memref<8x8xf32>
    return
  }
  func.func @global_only_device_users() {
    %c1 = arith.constant 1 : index
    %0 = memref.get_global @__global : memref<8x8xf32>
    gpu.launch_func  @entry_kernel_a::@entry_kernel blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1)
        args(%0 : memref<8x8xf32>)
    %1 = memref.get_global @__constant_global : memref<8x8xf32>
    gpu.launch_func  @entry_kernel_a::@entry_kernel blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1)
        args(%1 : memref<8x8xf32>)
    return
  }
  func.func @global_with_subview() {
    %c1 = arith.constant 1 : index
    %c0 = arith.constant 0 : index
    %c4 = arith.constant 4 : index
    %0 = memref.get_global @__constant_global32 : memref<32x32xf32>
    scf.for %iter = %c0 to %c4 step %c1 {
      %subview = memref.subview %0[%iter, 0] [8, 8] [1, 1] : memref<32x32xf32> to memref<8x8xf32, strided<[32, 1], offset: ?>>
      gpu.launch_func  @entry_kernel_b::@entry_kernel blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1)
          args(%subview : memref<8x8xf32, strided<[32, 1], offset: ?>>)
    }
    return
  }
  func.func @kernel_launch_chain() {
    %c1 = arith.constant 1 : index
    %0 = memref.alloc() : memref<8x8xf32>
    gpu.launch_func  @entry_kernel_a::@entry_kernel blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1)
        args(%0 : memref<8x8xf32>)
    gpu.launch_func  @entry_kernel_a::@entry_kernel blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1)
        args(%0 : memref<8x8xf32>)
    memref.dealloc %0 : memref<8x8xf32>
    return
  }
  func.func @mixed_users() {
    %c1 = arith.constant 1 : index
    %cst = arith.constant 5.0 : f32
    %0 = memref.alloc() : memref<8x8xf32>
    linalg.fill ins(%cst : f32) outs(%0 : memref<8x8xf32>)
    gpu.launch_func  @entry_kernel_a::@entry_kernel blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1)
        args(%0 : memref<8x8xf32>)
    %cast = memref.cast %0 : memref<8x8xf32> to memref<?x?xf32>
    linalg.fill ins(%cst : f32) outs(%cast : memref<?x?xf32>)
    memref.dealloc %0 : memref<8x8xf32>
    return
  }
  func.func @subview_cast_mix() {
    %c1 = arith.constant 1 : index
    %0 = memref.alloc() : memref<32x32xf32>
    %cast = memref.cast %0 : memref<32x32xf32> to memref<?x?xf32>
    %subview = memref.subview %cast[0, 0] [8, 8] [1, 1] : memref<?x?xf32> to memref<8x8xf32, strided<[?, 1]>>
    gpu.launch_func  @entry_kernel_d::@entry_kernel blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1)
        args(%subview : memref<8x8xf32, strided<[?, 1]>>)
    memref.dealloc %0 : memref<32x32xf32>
    return
  }
  gpu.module @entry_kernel_d {
    gpu.func @entry_kernel(%arg0: memref<8x8xf32, strided<[?, 1]>>) kernel attributes {gpu.known_block_size = array<i32: 1, 1, 1>, gpu.known_grid_size = array<i32: 1, 1, 1>} {
      gpu.return
    }
  }
  func.func @cast_subview_mix() {
    %c1 = arith.constant 1 : index
    %0 = memref.alloc() : memref<32x32xf32>
    %subview = memref.subview %0[0, 0] [8, 8] [1, 1] : memref<32x32xf32> to memref<8x8xf32, strided<[32, 1]>>
    %cast = memref.cast %subview : memref<8x8xf32, strided<[32, 1]>> to memref<?x?xf32, strided<[?, 1]>>
    gpu.launch_func  @entry_kernel_e::@entry_kernel blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1)
        args(%cast :  memref<?x?xf32, strided<[?, 1]>>)
    memref.dealloc %0 : memref<32x32xf32>
    return
  }
  gpu.module @entry_kernel_e {
    gpu.func @entry_kernel(%arg0:  memref<?x?xf32, strided<[?, 1]>>) kernel attributes {gpu.known_block_size = array<i32: 1, 1, 1>, gpu.known_grid_size = array<i32: 1, 1, 1>} {
      gpu.return
    }
  }
}
