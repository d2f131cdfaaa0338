// RUN: %memlint lint %s
// RUN: sed 's/arith.cmpi sge, %1, %c0_1/arith.cmpi sle, %1, %c0_1/' %s | not %memlint lint - | FileCheck %s --check-prefix=EVERY
//
// -lower-affine writes an affine.if's `-d0 >= 0` as `%i * -1 >= 0`: a
// question on %i (negation is a bijection, wrapping included), here `%i
// <= 0`, which a loop from 0 answers in its first iteration alone: freed
// once (helper-137: after lower-affine,lift-cf-to-scf of
// affine-if-constraints.mlir, a false leak). With `-%i <= 0` every
// iteration frees.
// EVERY: error: buffer %alloc is freed twice

func.func @constant_symbol() {
  %c0 = arith.constant 0 : index
  %c5 = arith.constant 5 : index
  %alloc = memref.alloc() : memref<4xf32>
  %c0_0 = arith.constant 0 : index
  %c10 = arith.constant 10 : index
  %c1 = arith.constant 1 : index
  scf.for %arg0 = %c0_0 to %c10 step %c1 {
    %0 = arith.cmpi slt, %arg0, %c5 : index
    scf.if %0 {
      %alloc_3 = memref.alloc() : memref<4xf32>
      memref.dealloc %alloc_3 : memref<4xf32>
    }
    %c0_1 = arith.constant 0 : index
    %c-1_2 = arith.constant -1 : index
    %1 = arith.muli %arg0, %c-1_2 overflow<nsw> : index
    %2 = arith.cmpi sge, %1, %c0_1 : index
    scf.if %2 {
      memref.dealloc %alloc : memref<4xf32>
    }
  }
  return
}
