// Paths that integer facts rule out are not reported: comparisons that
// ranges (upstream's IntegerRangeAnalysis) decide, an scf.for's iv against
// its bounds (below the upper, equal to the lower in the first iteration
// only), comparisons of the same two values read together, affine.ifs on
// sets that always or never hold. Each function that must stay silent is
// followed by one that must not: the file cannot pass by reporting nothing.
// RUN: %memlint lint --verify-diagnostics %s

// ---- The induction variable never reaches the upper bound -------------------

func.func @iv_equal_to_upper_bound(%lb: index, %ub: index, %s: index) {
  %a = memref.alloc() : memref<4xf32>
  scf.for %i = %lb to %ub step %s {
    %last = arith.cmpi eq, %i, %ub : index
    scf.if %last {
      memref.dealloc %a : memref<4xf32>
    }
  }
  memref.dealloc %a : memref<4xf32>
  return
}

// It does reach the lower bound, in the first iteration only: the free
// inside the loop runs once, and the free after the loop is a true double
// free whenever the loop runs.
func.func @iv_equal_to_lower_bound(%lb: index, %ub: index, %s: index) {
  %a = memref.alloc() : memref<4xf32> // expected-note {{%a allocated here}}
  scf.for %i = %lb to %ub step %s {
    %first = arith.cmpi eq, %i, %lb : index
    scf.if %first {
      memref.dealloc %a : memref<4xf32> // expected-note {{first freed here}}
    }
  }
  memref.dealloc %a : memref<4xf32> // expected-error {{buffer %a is freed twice when the loop at 28:3 runs [double-free]}}
  return
}

// Past the first iteration the iv is above %lb, whichever way that is
// asked: each free runs in the first iteration only (the loop may run zero
// times, so the leak is true).
func.func @iv_above_lower_bound_later(%lb: index, %ub: index, %s: index) {
  %a = memref.alloc() : memref<4xf32> // expected-warning {{buffer %a is never freed when the loop at 45:3 runs zero times (it is freed only on other paths) [leak]}}
  %b = memref.alloc() : memref<4xf32> // expected-warning {{buffer %b is never freed when the loop at 45:3 runs zero times (it is freed only on other paths) [leak]}}
  %c = memref.alloc() : memref<4xf32> // expected-warning {{buffer %c is never freed when the loop at 45:3 runs zero times (it is freed only on other paths) [leak]}}
  scf.for %i = %lb to %ub step %s {
    %first = arith.cmpi sle, %i, %lb : index
    scf.if %first {
      memref.dealloc %a : memref<4xf32>
    }
    %later = arith.cmpi slt, %lb, %i : index
    scf.if %later {
    } else {
      memref.dealloc %b : memref<4xf32>
    }
    %same = arith.cmpi ne, %lb, %i : index
    scf.if %same {
    } else {
      memref.dealloc %c : memref<4xf32>
    }
  }
  return
}

// In a signed loop the unsigned order of %i and %lb is open (%lb = -1,
// %i = 0): a free on `ule` may run again.
func.func @signed_loop_unsigned_lower_bound(%lb: index, %ub: index, %s: index) {
  %a = memref.alloc() : memref<4xf32> // expected-warning {{buffer %a is never freed when the loop at 68:3 runs zero times (it is freed only on other paths) [leak]}} expected-note {{%a allocated here}}
  scf.for %i = %lb to %ub step %s {
    %first = arith.cmpi ule, %i, %lb : index
    scf.if %first {
      // expected-note@+1 {{freed here in the previous iteration of the loop}}
      memref.dealloc %a : memref<4xf32> // expected-error {{buffer %a is freed twice when the loop at 68:3 is past its first iteration [double-free]}}
    }
  }
  return
}

// Every predicate, either operand order: false ones guard the free, true
// ones guard the branch that does not free.
func.func @iv_against_upper_bound_every_way(%lb: index, %ub: index, %s: index) {
  %a = memref.alloc() : memref<4xf32>
  scf.for %i = %lb to %ub step %s {
    %eq = arith.cmpi eq, %ub, %i : index
    %sge = arith.cmpi sge, %i, %ub : index
    %sgt = arith.cmpi sgt, %i, %ub : index
    %sle = arith.cmpi sle, %ub, %i : index
    %any = arith.ori %eq, %sge : i1
    %any2 = arith.ori %sgt, %sle : i1
    %bad = arith.ori %any, %any2 : i1
    scf.if %bad {
      memref.dealloc %a : memref<4xf32>
    }
    %slt = arith.cmpi slt, %i, %ub : index
    %ne = arith.cmpi ne, %ub, %i : index
    %sgt2 = arith.cmpi sgt, %ub, %i : index
    %ok = arith.andi %slt, %ne : i1
    %ok2 = arith.andi %ok, %sgt2 : i1
    scf.if %ok2 {
    } else {
      memref.dealloc %a : memref<4xf32>
    }
  }
  memref.dealloc %a : memref<4xf32>
  return
}

// `iv < ub` holds, so a free under it runs in every iteration.
func.func @iv_below_upper_bound_frees_every_iteration(%lb: index, %ub: index, %s: index) {
  // expected-warning @below {{buffer %a is never freed when the loop at 111:3 runs zero times (it is freed only on other paths) [leak]}}
  %a = memref.alloc() : memref<4xf32> // expected-note {{%a allocated here}}
  scf.for %i = %lb to %ub step %s {
    %in = arith.cmpi slt, %ub, %i : index
    scf.if %in {
    } else {
      // expected-note @below {{freed here in the previous iteration of the loop}}
      memref.dealloc %a : memref<4xf32> // expected-error {{buffer %a is freed twice when the loop at 111:3 is past its first iteration [double-free]}}
    }
  }
  return
}

// An unsigned loop: `iv <u ub` holds, `iv <s ub` need not.
func.func @unsigned_loop(%lb: index, %ub: index, %s: index) {
  %a = memref.alloc() : memref<4xf32>
  scf.for unsigned %i = %lb to %ub step %s {
    %past = arith.cmpi uge, %i, %ub : index
    %eq = arith.cmpi eq, %i, %ub : index
    %bad = arith.ori %past, %eq : i1
    scf.if %bad {
      memref.dealloc %a : memref<4xf32>
    }
  }
  memref.dealloc %a : memref<4xf32>
  return
}

func.func @unsigned_loop_signed_comparison(%lb: index, %ub: index, %s: index) {
  %a = memref.alloc() : memref<4xf32> // expected-note 2 {{%a allocated here}}
  scf.for unsigned %i = %lb to %ub step %s {
    %past = arith.cmpi sge, %i, %ub : index
    scf.if %past {
      // expected-note @below {{freed here in the previous iteration of the loop}}
      // expected-note @below {{first freed here}}
      memref.dealloc %a : memref<4xf32> // expected-error {{buffer %a is freed twice when the loop at 139:3 is past its first iteration [double-free]}}
    }
  }
  memref.dealloc %a : memref<4xf32> // expected-error {{buffer %a is freed twice when the loop at 139:3 runs more than once [double-free]}}
  return
}

// Nested loops: the inner iv stays below the outer one, the outer below
// its bound.
func.func @nested_loops(%lb: index, %ub: index, %s: index) {
  %a = memref.alloc() : memref<4xf32>
  scf.for %i = %lb to %ub step %s {
    scf.for %j = %lb to %i step %s {
      %jeq = arith.cmpi eq, %j, %i : index
      %ieq = arith.cmpi eq, %ub, %i : index
      %bad = arith.ori %jeq, %ieq : i1
      scf.if %bad {
        memref.dealloc %a : memref<4xf32>
      }
    }
  }
  memref.dealloc %a : memref<4xf32>
  return
}

func.func @nested_loops_inner_at_lower_bound(%lb: index, %ub: index, %s: index) {
  %a = memref.alloc() : memref<4xf32> // expected-note 2 {{%a allocated here}}
  scf.for %i = %lb to %ub step %s {
    scf.for %j = %lb to %i step %s {
      %first = arith.cmpi eq, %j, %lb : index
      scf.if %first {
        // expected-note @below {{freed here in the previous iteration of the loop}}
        // expected-note @below {{first freed here}}
        memref.dealloc %a : memref<4xf32> // expected-error {{buffer %a is freed twice [double-free]}}
      }
    }
  }
  memref.dealloc %a : memref<4xf32> // expected-error {{buffer %a is freed twice when the loop at 171:3 runs more than once [double-free]}}
  return
}

// Widening casts keep the order: index_cast to i64 of both sides.
func.func @iv_cast_to_i64(%lb: index, %ub: index, %s: index) {
  %a = memref.alloc() : memref<4xf32>
  scf.for %i = %lb to %ub step %s {
    %i64 = arith.index_cast %i : index to i64
    %ub64 = arith.index_cast %ub : index to i64
    %last = arith.cmpi eq, %i64, %ub64 : i64
    scf.if %last {
      memref.dealloc %a : memref<4xf32>
    }
  }
  memref.dealloc %a : memref<4xf32>
  return
}

// Truncating casts do not: two different indices may agree in 32 bits.
func.func @iv_cast_to_i32(%lb: index, %ub: index, %s: index) {
  %a = memref.alloc() : memref<4xf32> // expected-note 2 {{%a allocated here}}
  scf.for %i = %lb to %ub step %s {
    %i32 = arith.index_cast %i : index to i32
    %ub32 = arith.index_cast %ub : index to i32
    %last = arith.cmpi eq, %i32, %ub32 : i32
    scf.if %last {
      // expected-note @below {{freed here in the previous iteration of the loop}}
      // expected-note @below {{first freed here}}
      memref.dealloc %a : memref<4xf32> // expected-error {{buffer %a is freed twice when the loop at 203:3 is past its first iteration [double-free]}}
    }
  }
  memref.dealloc %a : memref<4xf32> // expected-error {{buffer %a is freed twice when the loop at 203:3 runs more than once [double-free]}}
  return
}

// ---- Comparisons of the same two values ------------------------------------

func.func @equal_under_less(%x: index, %n: index) {
  %a = memref.alloc() : memref<4xf32>
  %lt = arith.cmpi slt, %x, %n : index
  scf.if %lt {
    %eq = arith.cmpi eq, %x, %n : index
    scf.if %eq {
      memref.dealloc %a : memref<4xf32>
    }
  }
  memref.dealloc %a : memref<4xf32>
  return
}

func.func @equal_under_less_or_equal(%x: index, %n: index) {
  %a = memref.alloc() : memref<4xf32> // expected-note {{%a allocated here}}
  %le = arith.cmpi sle, %x, %n : index
  scf.if %le {
    %eq = arith.cmpi eq, %n, %x : index
    scf.if %eq {
      memref.dealloc %a : memref<4xf32> // expected-note {{first freed here}}
    }
  }
  memref.dealloc %a : memref<4xf32> // expected-error {{buffer %a is freed twice when %le is true and %eq is true [double-free]}}
  return
}

// Complementary comparisons, the second with its operands swapped: exactly
// one free runs.
func.func @complementary_comparisons(%x: i32, %n: i32) {
  %a = memref.alloc() : memref<4xf32>
  %lt = arith.cmpi ult, %x, %n : i32
  %ge = arith.cmpi ule, %n, %x : i32
  scf.if %lt {
    memref.dealloc %a : memref<4xf32>
  }
  scf.if %ge {
    memref.dealloc %a : memref<4xf32>
  }
  return
}

// Overlapping ones: both free when the values are equal (and one of them
// always frees: no leak).
func.func @overlapping_comparisons(%x: i32, %n: i32) {
  %a = memref.alloc() : memref<4xf32> // expected-note {{%a allocated here}}
  %le = arith.cmpi sle, %x, %n : i32
  %ge = arith.cmpi sge, %x, %n : i32
  scf.if %le {
    memref.dealloc %a : memref<4xf32> // expected-note {{first freed here}}
  }
  scf.if %ge {
    memref.dealloc %a : memref<4xf32> // expected-error {{buffer %a is freed twice when %le is true [double-free]}}
  }
  return
}

// Signed and unsigned orders are independent: `x <s n` says nothing of
// `x <u n`, but both exclude `x == n`.
func.func @signed_then_unsigned(%x: i32, %n: i32) {
  %a = memref.alloc() : memref<4xf32> // expected-note {{%a allocated here}}
  %slt = arith.cmpi slt, %x, %n : i32
  scf.if %slt {
    %ult = arith.cmpi ult, %x, %n : i32
    %eq = arith.cmpi eq, %x, %n : i32
    scf.if %eq {
      memref.dealloc %a : memref<4xf32>
    }
    scf.if %ult {
    } else {
      memref.dealloc %a : memref<4xf32> // expected-note {{first freed here}}
    }
  }
  memref.dealloc %a : memref<4xf32> // expected-error {{buffer %a is freed twice when %slt is true and %ult is false [double-free]}}
  return
}

// ---- Ranges -----------------------------------------------------------------

// A constant-bound loop never reaches 8, but does reach 3.
func.func @constant_bounds_never_reached(%s: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %a = memref.alloc() : memref<4xf32>
  scf.for %i = %c0 to %c8 step %c1 {
    %past = arith.cmpi sge, %i, %c8 : index
    scf.if %past {
      memref.dealloc %a : memref<4xf32>
    }
  }
  memref.dealloc %a : memref<4xf32>
  return
}

func.func @constant_bounds_reached(%s: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c8 = arith.constant 8 : index
  %a = memref.alloc() : memref<4xf32> // expected-note {{%a allocated here}}
  scf.for %i = %c0 to %c8 step %c1 {
    // (%i is 3 in one iteration only: the loop frees once.)
    %three = arith.cmpi eq, %i, %c3 : index
    scf.if %three {
      // expected-note @below {{first freed here}}
      memref.dealloc %a : memref<4xf32>
    }
  }
  memref.dealloc %a : memref<4xf32> // expected-error {{buffer %a is freed twice [double-free]}}
  return
}

// Arithmetic: a value masked to 3 bits is below 8, and may be 7.
func.func @masked_value(%x: i32) {
  %c7 = arith.constant 7 : i32
  %c8 = arith.constant 8 : i32
  %a = memref.alloc() : memref<4xf32>
  %m = arith.andi %x, %c7 : i32
  %big = arith.cmpi uge, %m, %c8 : i32
  scf.if %big {
    memref.dealloc %a : memref<4xf32>
  }
  memref.dealloc %a : memref<4xf32>
  return
}

func.func @masked_value_at_its_maximum(%x: i32) {
  %c7 = arith.constant 7 : i32
  %a = memref.alloc() : memref<4xf32> // expected-note {{%a allocated here}}
  %m = arith.andi %x, %c7 : i32
  %top = arith.cmpi eq, %m, %c7 : i32
  scf.if %top {
    memref.dealloc %a : memref<4xf32> // expected-note {{first freed here}}
  }
  memref.dealloc %a : memref<4xf32> // expected-error {{buffer %a is freed twice when %top is true [double-free]}}
  return
}

// A value compared with itself.
func.func @compared_with_itself(%x: index) {
  %a = memref.alloc() : memref<4xf32>
  %lt = arith.cmpi ult, %x, %x : index
  scf.if %lt {
    memref.dealloc %a : memref<4xf32>
  }
  memref.dealloc %a : memref<4xf32>
  return
}

// ---- affine.if ----------------------------------------------------------------

#nonnegative = affine_set<(d0) : (d0 >= 0)>
#from5 = affine_set<(d0) : (d0 - 5 >= 0)>
#beyond = affine_set<(d0)[s0] : (d0 * 2 - s0 - 20 >= 0, s0 >= 0)>

func.func @affine_if_always_true() {
  %a = memref.alloc() : memref<4xf32>
  affine.for %i = 0 to 10 {
    affine.if #nonnegative(%i) {
    } else {
      memref.dealloc %a : memref<4xf32>
    }
  }
  memref.dealloc %a : memref<4xf32>
  return
}

func.func @affine_if_never_true() {
  %c1 = arith.constant 1 : index
  %a = memref.alloc() : memref<4xf32>
  affine.for %i = 0 to 10 {
    affine.if #beyond(%i)[%c1] {
      memref.dealloc %a : memref<4xf32>
    }
  }
  memref.dealloc %a : memref<4xf32>
  return
}

func.func @affine_if_sometimes_true() {
  %a = memref.alloc() : memref<4xf32> // expected-note 2 {{%a allocated here}}
  affine.for %i = 0 to 10 {
    affine.if #from5(%i) {
      // expected-note @below {{freed here in the previous iteration of the loop}}
      // expected-note @below {{first freed here}}
      memref.dealloc %a : memref<4xf32> // expected-error {{buffer %a is freed twice when the loop at 400:3 is past its first iteration [double-free]}}
    }
  }
  memref.dealloc %a : memref<4xf32> // expected-error {{buffer %a is freed twice [double-free]}}
  return
}

// ---- A lower bound that ranges pin to one value -----------------------------

// `index_cast` of a constant (or `%c0 + %c0` before folding, as
// -scf-for-loop-range-folding leaves it) is the loop's first value as
// much as a literal: `%i == 0` is its first iteration, freeing once.
func.func @lower_bound_cast_from_constant() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %z = arith.constant 0 : i32
  %lb = arith.index_cast %z : i32 to index
  %a = memref.alloc() : memref<4xf32>
  scf.for %i = %lb to %c4 step %c1 {
    %first = arith.cmpi eq, %i, %c0 : index
    scf.if %first {
      memref.dealloc %a : memref<4xf32>
    }
  }
  return
}

// The same loop, to %n, freeing in its first two iterations.
func.func @lower_bound_cast_frees_twice(%n: index) {
  %c1 = arith.constant 1 : index
  %z = arith.constant 0 : i32
  %lb = arith.index_cast %z : i32 to index
  // expected-warning @below {{buffer %a is never freed when the loop at 439:3 runs zero times (it is freed only on other paths) [leak]}}
  %a = memref.alloc() : memref<4xf32> // expected-note {{%a allocated here}}
  scf.for %i = %lb to %n step %c1 {
    %early = arith.cmpi sle, %i, %c1 : index
    scf.if %early {
      // expected-note @below {{freed here in the previous iteration of the loop}}
      memref.dealloc %a : memref<4xf32> // expected-error {{buffer %a is freed twice when the loop at 439:3 is past its first iteration [double-free]}}
    }
  }
  return
}

// ---- The induction variable steps: its last value is below the bound ---------

// One trip of step 3 (what peeling and tiling leave): %i is 0 in it.
func.func @one_trip_of_a_long_step() {
  %c0 = arith.constant 0 : index
  %c3 = arith.constant 3 : index
  %a = memref.alloc() : memref<4xf32>
  scf.for %i = %c0 to %c3 step %c3 {
    %first = arith.cmpi eq, %i, %c0 : index
    scf.if %first {
      memref.dealloc %a : memref<4xf32>
    }
  }
  return
}

func.func @one_trip_of_a_long_step_affine() {
  %a = memref.alloc() : memref<4xf32>
  affine.for %i = 0 to 3 step 3 {
    affine.if affine_set<(d0) : (d0 == 0)>(%i) {
      memref.dealloc %a : memref<4xf32>
    }
  }
  return
}

// 0, 4 and 8 below 10: %i never reaches 9.
func.func @steps_never_reach_the_last_below_bound() {
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %c9 = arith.constant 9 : index
  %c10 = arith.constant 10 : index
  %a = memref.alloc() : memref<4xf32>
  scf.for %i = %c0 to %c10 step %c4 {
    %nine = arith.cmpi eq, %i, %c9 : index
    scf.if %nine {
      memref.dealloc %a : memref<4xf32>
    }
  }
  memref.dealloc %a : memref<4xf32>
  return
}

// Two trips, 0 and 3: both are at most 3.
func.func @two_trips_of_a_long_step() {
  %c0 = arith.constant 0 : index
  %c3 = arith.constant 3 : index
  %c6 = arith.constant 6 : index
  // expected-note@+1 {{%a allocated here}}
  %a = memref.alloc() : memref<4xf32>
  scf.for %i = %c0 to %c6 step %c3 {
    %small = arith.cmpi ule, %i, %c3 : index
    scf.if %small {
      // expected-error@+2 {{buffer %a is freed twice}}
      // expected-note@+1 {{freed here in the previous iteration of the loop}}
      memref.dealloc %a : memref<4xf32>
    }
  }
  return
}

// ---- A loop whose bounds ranges cannot read leaves the rest alone ------------

// An affine.for to a symbol (upstream's range analysis crashes on it) made
// the whole function go without integer facts: `0 > 5` was a question.
func.func @facts_beside_a_symbolic_affine_loop(%n: index, %m: memref<8xf32>) {
  %c0 = arith.constant 0 : index
  %c5 = arith.constant 5 : index
  %f = arith.constant 1.0 : f32
  %a = memref.alloc() : memref<4xf32>
  affine.for %j = 0 to %n {
    memref.store %f, %m[%c0] : memref<8xf32>
  }
  %big = arith.cmpi sgt, %c0, %c5 : index
  scf.if %big {
    memref.dealloc %a : memref<4xf32>
  }
  memref.dealloc %a : memref<4xf32>
  return
}

// Its induction variable counts up from 0 (the upper bound is a symbol):
// `%j < 0` never holds, the free under it never runs, and the buffer
// leaks; no double free.
func.func @symbolic_affine_loop_counts_from_its_lower_bound(%n: index) {
  %c0 = arith.constant 0 : index
  // expected-warning@+1 {{buffer %a is never freed (its free is never reached) [leak]}}
  %a = memref.alloc() : memref<4xf32>
  affine.for %j = 0 to %n {
    %neg = arith.cmpi slt, %j, %c0 : index
    scf.if %neg {
      memref.dealloc %a : memref<4xf32>
    }
  }
  return // expected-note {{the function exits here with %a still allocated}}
}
