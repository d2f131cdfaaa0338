// Origin: llvm/llvm-project, mlir/test/mlir-cpu-runner/utils.mlir
//   (commit 24bfe871478724de8a433b7fda79dfded872c1e3).
// License: Apache-2.0 WITH LLVM-exception (LLVM Project).
// Trimmed: RUN/CHECK lines dropped; @vector_splat_2d (and its type aliases
// and callee) dropped: mlir-opt 22 no longer has vector.splat.

func.func @print_0d() {
  %f = arith.constant 2.00000e+00 : f32
  %A = memref.alloc() : memref<f32>
  memref.store %f, %A[]: memref<f32>
  %U = memref.cast %A :  memref<f32> to memref<*xf32>
  call @printMemrefF32(%U): (memref<*xf32>) -> ()
  memref.dealloc %A : memref<f32>
  return
}

func.func @print_1d() {
  %f = arith.constant 2.00000e+00 : f32
  %A = memref.alloc() : memref<16xf32>
  %B = memref.cast %A: memref<16xf32> to memref<?xf32>
  linalg.fill ins(%f : f32) outs(%B : memref<?xf32>)
  %U = memref.cast %B :  memref<?xf32> to memref<*xf32>
  call @printMemrefF32(%U): (memref<*xf32>) -> ()
  memref.dealloc %A : memref<16xf32>
  return
}

func.func @print_3d() {
  %f = arith.constant 2.00000e+00 : f32
  %f4 = arith.constant 4.00000e+00 : f32
  %A = memref.alloc() : memref<3x4x5xf32>
  %B = memref.cast %A: memref<3x4x5xf32> to memref<?x?x?xf32>
  linalg.fill ins(%f : f32) outs(%B : memref<?x?x?xf32>)

  %c2 = arith.constant 2 : index
  memref.store %f4, %B[%c2, %c2, %c2]: memref<?x?x?xf32>
  %U = memref.cast %B : memref<?x?x?xf32> to memref<*xf32>
  call @printMemrefF32(%U): (memref<*xf32>) -> ()
  memref.dealloc %A : memref<3x4x5xf32>
  return
}

func.func private @printMemrefF32(memref<*xf32>) attributes { llvm.emit_c_interface }
