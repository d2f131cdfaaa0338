// Origin: llvm/llvm-project, mlir/test/Conversion/GPUCommon/
//   lower-alloc-to-gpu-runtime-calls.mlir
//   (commit 45d17e2243e831916d778bcc7dfc4d91a252cfb1).
// License: Apache-2.0 WITH LLVM-exception (LLVM Project).
// Trimmed: RUN/CHECK lines dropped; IR unchanged.

module attributes {gpu.container_module} {
  func.func @main(%size : index) {
    %0 = gpu.wait async
    %1, %2 = gpu.alloc async [%0] (%size) : memref<?xf32>
    %3 = gpu.dealloc async [%2] %1 : memref<?xf32>
    gpu.wait [%3]
    return
  }
}
