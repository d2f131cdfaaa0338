// Lowering for CUDA: the arena survives the upstream GPU pipeline, the
// result is LLVM dialect host code plus one gpu.binary holding sm_90 PTX,
// mlir-translate accepts it, and the host makes one device allocation.
//
// RUN: %memlint emit --target=cuda %s -o %t.mlir
// RUN: FileCheck %s --check-prefix=MLIR < %t.mlir
// RUN: %mlir-opt %t.mlir > /dev/null
// RUN: mlir-translate --mlir-to-llvmir %t.mlir | FileCheck %s --check-prefix=LLVM
// RUN: %memlint emit --target=cuda --emit=llvm %s | FileCheck %s --check-prefix=LLVM
// RUN: %memlint emit --target=cuda --emit=ptx %s | FileCheck %s --check-prefix=PTX
// RUN: bash %S/../../emit/check_ptxas.sh %memlint %s | FileCheck %s --check-prefix=PTXAS
//
// Without libdevice (no CUDA toolkit, or --no-libdevice) math.exp is
// expanded into an approximation: the PTX still calls nothing outside.
// RUN: bash %S/../../emit/check_ptxas.sh %memlint %s sm_90 --no-libdevice | FileCheck %s --check-prefix=PTXAS
// RUN: %memlint emit --target=cuda --emit=ptx --no-libdevice %s | FileCheck %s --check-prefix=NOLIB
// NOLIB-NOT: .extern
// NOLIB:     .visible .entry two_kernels_kernel(
// NOLIB-NOT: .extern
//
// RUN: bash %S/../../emit/exit_code.sh %memlint emit --target=cuda --cuda-path=%S/no-such-toolkit %s \
// RUN:   | FileCheck %s --check-prefix=NOCUDA
// NOCUDA: memlint emit: no nvvm/libdevice/libdevice.10.bc under {{.*}}no-such-toolkit
// NOCUDA: exit 2
//
// Baseline without the arena: one device allocation per buffer.
// RUN: %memlint emit --target=cuda --emit=llvm --no-arena %s | grep -c "call ptr @mgpuMemAlloc(" \
// RUN:   | FileCheck %s --check-prefix=BASE
// BASE: {{^}}3{{$}}

// MLIR:       llvm.func @two_kernels(
// MLIR:         llvm.call @mgpuMemAlloc
// MLIR-NOT:     llvm.call @mgpuMemAlloc
// MLIR:         gpu.launch_func <%{{.*}} : !llvm.ptr> @memlint_kernels::@two_kernels_kernel blocks
// MLIR:         gpu.launch_func <%{{.*}} : !llvm.ptr> @memlint_kernels::@two_kernels_kernel_0 blocks
// MLIR:         llvm.call @mgpuMemFree
// MLIR-NOT:     llvm.call @mgpuMemFree
// MLIR:         llvm.return
// MLIR:       gpu.binary @memlint_kernels [#gpu.object<#nvvm.target<chip = "sm_90", features = "+ptx80">
// MLIR-NOT:   gpu.binary

// LLVM-LABEL: define void @two_kernels(
// LLVM:         call ptr @mgpuMemAlloc(i64 768,
// LLVM-NOT:     call ptr @mgpuMemAlloc
// LLVM:         call void @mgpuLaunchKernel(
// LLVM:         call void @mgpuLaunchKernel(
// LLVM:         call void @mgpuMemFree(
// LLVM-NOT:     call void @mgpuMemFree
// LLVM:         ret void

// PTX:     .version 8.0
// PTX:     .target sm_90
// PTX:     .visible .entry two_kernels_kernel(
// PTX:     .visible .entry two_kernels_kernel_0(
// PTX-NOT: .version

// PTXAS: {{^(ptxas -arch=sm_90: ok|ptxas not found, skipping)$}}

func.func @two_kernels(%x: memref<64xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  %two = arith.constant 2.0 : f32
  %a = gpu.alloc () : memref<64xf32>
  %b = gpu.alloc () : memref<64xf32>
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c64, %sy = %c1, %sz = %c1) {
    %v = memref.load %x[%tx] : memref<64xf32>
    %d = arith.mulf %v, %two : f32
    memref.store %d, %a[%tx] : memref<64xf32>
    %e = memref.load %a[%tx] : memref<64xf32>
    %f = math.exp %e : f32
    memref.store %f, %b[%tx] : memref<64xf32>
    gpu.terminator
  }
  gpu.dealloc %a : memref<64xf32>
  %c = gpu.alloc () : memref<128xf32>
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c64, %sy = %c1, %sz = %c1) {
    %v = memref.load %b[%tx] : memref<64xf32>
    memref.store %v, %c[%tx] : memref<128xf32>
    %w = memref.load %c[%tx] : memref<128xf32>
    memref.store %w, %x[%tx] : memref<64xf32>
    gpu.terminator
  }
  gpu.dealloc %b : memref<64xf32>
  gpu.dealloc %c : memref<128xf32>
  return
}
