// RUN: %memlint lint --verify-diagnostics %s
//
// `%a - %b == 0` is `%a == %b` in wrapping arithmetic, and `!= 0` its
// negation: the form -lower-affine gives an affine.if's `d0 - s0 == 0`.

// Correct: exactly one of the two frees runs.
func.func @sub_eq_zero(%k: index, %m: index) {
  %c0 = arith.constant 0 : index
  %d = arith.subi %k, %m : index
  %a = memref.alloc() : memref<4xf32>
  %p = arith.cmpi eq, %d, %c0 : index
  scf.if %p {
    memref.dealloc %a : memref<4xf32>
  }
  %q = arith.cmpi ne, %k, %m : index
  scf.if %q {
    memref.dealloc %a : memref<4xf32>
  }
  return
}

// Correct: -lower-affine's `d0 - s0 == 0`, the negated operand first or
// second.
func.func @lowered_affine_eq(%k: index, %m: index) {
  %c0 = arith.constant 0 : index
  %cm1 = arith.constant -1 : index
  %a = memref.alloc() : memref<4xf32>
  %n = arith.muli %m, %cm1 overflow<nsw> : index
  %s = arith.addi %n, %k : index
  %p = arith.cmpi eq, %s, %c0 : index
  scf.if %p {
    memref.dealloc %a : memref<4xf32>
  }
  %q = arith.cmpi ne, %m, %k : index
  scf.if %q {
    memref.dealloc %a : memref<4xf32>
  }
  return
}

// Correct: the affine.if itself, lowered in the RUN line of
// difference-questions-lowered.mlir, reads the same.

// Wrong: `%k - %m != 0` and `%k != %m` are one question: both frees run
// together, or neither.
func.func @same_question_twice(%k: i32, %m: i32) {
  %c0 = arith.constant 0 : i32
  // expected-note@+2 {{%a allocated here}}
  // expected-warning@+1 {{buffer %a is never freed when %p is false}}
  %a = memref.alloc() : memref<4xf32>
  %d = arith.subi %k, %m : i32
  %p = arith.cmpi ne, %d, %c0 : i32
  scf.if %p {
    // expected-note@+1 {{first freed here}}
    memref.dealloc %a : memref<4xf32>
  }
  %q = arith.cmpi ne, %k, %m : i32
  scf.if %q {
    // expected-error@+1 {{buffer %a is freed twice [double-free]}}
    memref.dealloc %a : memref<4xf32>
  }
  // expected-note@+1 {{the function exits here with %a still allocated}}
  return
}

// Wrong: a difference with a constant is no such pair (`%k - 1 == 0` is
// `%k == 1`, unrelated to `%k != %m`).
func.func @difference_with_constant(%k: index, %m: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  // expected-warning@+1 {{buffer %a is never freed}}
  %a = memref.alloc() : memref<4xf32>
  %d = arith.subi %k, %c1 : index
  %p = arith.cmpi eq, %d, %c0 : index
  scf.if %p {
    memref.dealloc %a : memref<4xf32>
  }
  %q = arith.cmpi ne, %k, %m : index
  scf.if %q {
    // expected-error@+1 {{buffer %a is freed twice}}
    memref.dealloc %a : memref<4xf32>
  }
  // expected-note@+1 {{the function exits here with %a still allocated}}
  return
}
