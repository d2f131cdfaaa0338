// RUN: %memlint lint %s
// RUN: sed 's/%1 = arith.addi %0, %n overflow<nsw>/%1 = arith.addi %0, %n/' %s | not %memlint lint - | FileCheck %s --check-prefix=WRAPS
//
// After -lower-affine of an affine.if `-d0 + s0 >= 0`: `%i * -1 + %n >= 0`,
// computed without signed wrap (nsw on the negation and the addition), is
// `%i <= %n`, the complement of `%i > %n`, so each iteration frees its
// buffer once (helper-137: a false double free and leak). Without the nsw
// on the addition the sum may wrap (%n near the smallest index: both
// hold), and freeing twice is possible.
// WRAPS: error: buffer %alloc is freed twice

func.func @two_operands(%n: index) {
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %c1 = arith.constant 1 : index
  %cm1 = arith.constant -1 : index
  scf.for %i = %c0 to %c4 step %c1 {
    %alloc = memref.alloc() : memref<4xf32>
    %0 = arith.muli %i, %cm1 overflow<nsw> : index
    %1 = arith.addi %0, %n overflow<nsw> : index
    %2 = arith.cmpi sge, %1, %c0 : index
    scf.if %2 {
      memref.dealloc %alloc : memref<4xf32>
    }
    %3 = arith.cmpi sgt, %i, %n : index
    scf.if %3 {
      memref.dealloc %alloc : memref<4xf32>
    }
  }
  return
}
