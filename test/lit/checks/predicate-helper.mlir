// RUN: %memlint lint %s
// RUN: sed 's/arith.cmpi sle, %k, %c3 : i32/arith.cmpi sle, %k, %c4 : i32/' %s | not %memlint lint - | FileCheck %s --check-prefix=OVERLAP
//
// A C predicate helper (`is_big(k)` = `k > 3`) returns a comparison of its
// argument with a constant: the caller asks that comparison of what it
// passes, related to its own (`k <= 3`). Each caller frees once; with
// `k <= 4` both free when k is 4.
// OVERLAP: error: buffer %a is freed twice
// RUN: sed 's/arith.cmpi sgt, %k, %c3 : i32/arith.cmpi sge, %k, %c3 : i32/' %s | not %memlint lint - | FileCheck %s --check-prefix=NEGATED
// NEGATED: error: buffer %n is freed twice

func.func private @is_big(%x: i32) -> i1 {
  %c3 = arith.constant 3 : i32
  %b = arith.cmpi sgt, %x, %c3 : i32
  return %b : i1
}

func.func @caller(%k: i32) {
  %a = memref.alloc() : memref<4xf32>
  %c3 = arith.constant 3 : i32
  %c4 = arith.constant 4 : i32
  %p = call @is_big(%k) : (i32) -> i1
  %q = arith.cmpi sle, %k, %c3 : i32
  scf.if %p {
    memref.dealloc %a : memref<4xf32>
  }
  scf.if %q {
    memref.dealloc %a : memref<4xf32>
  }
  return
}

// The same helper called twice asks one question.
func.func @twice(%k: i32) {
  %b = memref.alloc() : memref<4xf32>
  %p = call @is_big(%k) : (i32) -> i1
  %p2 = call @is_big(%k) : (i32) -> i1
  %true = arith.constant true
  %np2 = arith.xori %p2, %true : i1
  scf.if %p {
    memref.dealloc %b : memref<4xf32>
  }
  scf.if %np2 {
    memref.dealloc %b : memref<4xf32>
  }
  return
}

// A helper that returns the negation (`cmp ^ true`, `is_small(k)` = not
// `k > 3`) is the inverse comparison.
func.func private @is_small(%x: i32) -> i1 {
  %c3 = arith.constant 3 : i32
  %true = arith.constant true
  %b = arith.cmpi sgt, %x, %c3 : i32
  %s = arith.xori %b, %true : i1
  return %s : i1
}

func.func @negated_helper(%k: i32) {
  %n = memref.alloc() : memref<4xf32>
  %c3 = arith.constant 3 : i32
  %p = call @is_small(%k) : (i32) -> i1
  %q = arith.cmpi sgt, %k, %c3 : i32
  scf.if %p {
    memref.dealloc %n : memref<4xf32>
  }
  scf.if %q {
    memref.dealloc %n : memref<4xf32>
  }
  return
}

// A helper comparing two of its arguments (`less(a, b)`), called with a
// constant for one, asks the other; so does a helper that hands on another
// helper's answer. (Both were atoms of their own: false double frees.)
// RUN: sed 's/%under = arith.cmpi sge, %v, %c8 : i32/%under = arith.cmpi sle, %v, %c8 : i32/' %s | not %memlint lint - | FileCheck %s --check-prefix=TWOARGS
// TWOARGS: error: buffer %t is freed twice
// RUN: sed 's/%ge = arith.cmpi sge, %w, %c2 : i32/%ge = arith.cmpi sle, %w, %c2 : i32/' %s | not %memlint lint - | FileCheck %s --check-prefix=CHAIN
// CHAIN: error: buffer %h is freed twice
func.func private @less(%x: i32, %y: i32) -> i1 {
  %b = arith.cmpi slt, %x, %y : i32
  return %b : i1
}

func.func @two_arguments(%v: i32) {
  %c8 = arith.constant 8 : i32
  %t = memref.alloc() : memref<4xf32>
  %below = call @less(%v, %c8) : (i32, i32) -> i1
  scf.if %below {
    memref.dealloc %t : memref<4xf32>
  }
  %under = arith.cmpi sge, %v, %c8 : i32
  scf.if %under {
    memref.dealloc %t : memref<4xf32>
  }
  return
}

func.func private @below_two(%x: i32) -> i1 {
  %c2 = arith.constant 2 : i32
  %b = call @less(%x, %c2) : (i32, i32) -> i1
  return %b : i1
}

func.func @helper_of_helper(%w: i32) {
  %c2 = arith.constant 2 : i32
  %h = memref.alloc() : memref<4xf32>
  %small = call @below_two(%w) : (i32) -> i1
  scf.if %small {
    memref.dealloc %h : memref<4xf32>
  }
  %ge = arith.cmpi sge, %w, %c2 : i32
  scf.if %ge {
    memref.dealloc %h : memref<4xf32>
  }
  return
}
