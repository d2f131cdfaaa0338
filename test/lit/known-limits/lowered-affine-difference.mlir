// RUN: %memlint lint %s
// XFAIL: *
//
// A known false finding (helper-137, after -lower-affine of an affine.if
// `-d0 + s0 >= 0`): `%i * -1 + %n >= 0`, computed without wrapping (nsw),
// is `%i <= %n`, the complement of `%i > %n`, so each iteration frees its
// buffer once. memlint reads a comparison of a difference of two values
// as a question of its own, not related to the comparison of the two
// (only `a - b == 0` is `a == b`), and reports a double free and a leak.
// Without the nsw flags the sum may wrap (%n near the smallest index) and
// the double free is real.

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
