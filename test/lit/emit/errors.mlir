// Usage and lowering errors exit 2 with a message on stderr.
//
// RUN: bash %S/../../emit/exit_code.sh %memlint emit %s | FileCheck %s --check-prefix=NOTARGET
// NOTARGET: memlint emit: --target=cuda is required
// NOTARGET: exit 2
//
// RUN: bash %S/../../emit/exit_code.sh %memlint emit --target=rocm %s | FileCheck %s --check-prefix=TARGET
// TARGET: memlint emit: unknown target 'rocm' (cuda)
// TARGET: exit 2
//
// RUN: bash %S/../../emit/exit_code.sh %memlint emit --target=cuda --emit=sass %s | FileCheck %s --check-prefix=STAGE
// STAGE: memlint emit: unknown --emit 'sass' (arena, mlir, llvm, ptx)
// STAGE: exit 2
//
// RUN: bash %S/../../emit/exit_code.sh %memlint emit --target=cuda %S/does-not-exist.mlir | FileCheck %s --check-prefix=MISSING
// MISSING: does-not-exist.mlir: error: cannot read file
// MISSING: exit 2
//
// A memory space the NVVM lowering cannot map: the pipeline's diagnostic
// and the op left behind, with the input's position.
// RUN: bash %S/../../emit/exit_code.sh %memlint emit --target=cuda %s | FileCheck %s --check-prefix=LOWER
// LOWER: error: conversion of memref memory space "SRAM" to integer address space failed
// LOWER: errors.mlir:{{[0-9]+}}:{{[0-9]+}}: error: 'gpu.alloc' is left after the GPU lowering pipeline
// LOWER: memlint emit: lowering {{.*}}errors.mlir for CUDA failed
// LOWER: exit 2
func.func @sram() {
  %c0 = arith.constant 0 : index
  %one = arith.constant 1.0 : f32
  %a = gpu.alloc () : memref<16xf32, "SRAM">
  %b = gpu.alloc () : memref<16xf32, "SRAM">
  memref.store %one, %a[%c0] : memref<16xf32, "SRAM">
  memref.store %one, %b[%c0] : memref<16xf32, "SRAM">
  gpu.dealloc %a : memref<16xf32, "SRAM">
  gpu.dealloc %b : memref<16xf32, "SRAM">
  return
}
