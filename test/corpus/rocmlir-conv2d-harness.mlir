// Origin: ROCm/rocMLIR mlir/test/rocmlir-driver/conv2d_harness/conv2d_harness.mlir (commit 1a0c9642)
// License: Apache-2.0 WITH LLVM-exception (rocMLIR, an llvm-project fork).
// Changed: RUN/CHECK lines and comments dropped; otherwise verbatim.
func.func private @rock_conv2d_gkcyx_ngchw_ngkhw_0(%arg0: memref<1x128x8x3x3xf32>, %arg1: memref<128x1x8x32x32xf32>, %arg2: memref<128x1x128x30x30xf32>) -> ()
func.func @main() {
  %0 = memref.alloc() : memref<1x128x8x3x3xf32>
  %1 = memref.alloc() : memref<128x1x8x32x32xf32>
  %2 = memref.alloc() : memref<128x1x128x30x30xf32>
  %3 = memref.cast %0 : memref<1x128x8x3x3xf32> to memref<?x?x?x?x?xf32>
  %4 = memref.cast %1 : memref<128x1x8x32x32xf32> to memref<?x?x?x?x?xf32>
  %5 = memref.cast %2 : memref<128x1x128x30x30xf32> to memref<?x?x?x?x?xf32>
  %cst = arith.constant 1.0 : f32
  %cst0 = arith.constant 0.0 : f32
  call @mcpuMemset5DFloat(%3, %cst) : (memref<?x?x?x?x?xf32>, f32) -> ()
  call @mcpuMemset5DFloat(%4, %cst) : (memref<?x?x?x?x?xf32>, f32) -> ()
  call @mcpuMemset5DFloat(%5, %cst0) : (memref<?x?x?x?x?xf32>, f32) -> ()
  %filter = gpu.alloc  () : memref<1x128x8x3x3xf32>
  %input = gpu.alloc  () : memref<128x1x8x32x32xf32>
  %output = gpu.alloc  () : memref<128x1x128x30x30xf32>
  gpu.memcpy  %filter, %0 : memref<1x128x8x3x3xf32>, memref<1x128x8x3x3xf32>
  gpu.memcpy  %input, %1 : memref<128x1x8x32x32xf32>, memref<128x1x8x32x32xf32>
  gpu.memcpy  %output, %2 : memref<128x1x128x30x30xf32>, memref<128x1x128x30x30xf32>
  call @rock_conv2d_gkcyx_ngchw_ngkhw_0(%filter, %input, %output) : (memref<1x128x8x3x3xf32>, memref<128x1x8x32x32xf32>, memref<128x1x128x30x30xf32>) -> ()
  gpu.memcpy  %2, %output : memref<128x1x128x30x30xf32>, memref<128x1x128x30x30xf32>
  %6 = memref.cast %2 : memref<128x1x128x30x30xf32> to memref<*xf32>
  call @printMemrefF32(%6) : (memref<*xf32>) -> ()
  gpu.dealloc  %filter : memref<1x128x8x3x3xf32>
  gpu.dealloc  %input : memref<128x1x8x32x32xf32>
  gpu.dealloc  %output : memref<128x1x128x30x30xf32>
  memref.dealloc %0 : memref<1x128x8x3x3xf32>
  memref.dealloc %1 : memref<128x1x8x32x32xf32>
  memref.dealloc %2 : memref<128x1x128x30x30xf32>
  return
}
func.func private @mcpuMemset5DFloat(%ptr : memref<?x?x?x?x?xf32>, %value: f32) -> ()
func.func private @printMemrefF32(%ptr : memref<*xf32>)
