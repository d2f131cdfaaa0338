// RUN: %memlint lint --verify-diagnostics %s
//
// An affine.for with constant bounds leaves from its last iteration only,
// as an scf.for does: an affine.if whose constraint on the induction
// variable tells the last iteration from the one before (`d0 - 3 == 0`,
// `d0 - 3 >= 0` for 0 to 4) frees the buffer once, after every use
// (helper-128: a false leak "when the loop runs at most once" and a false
// use after free, each correct at run time on every input).

func.func @freed_in_last_iteration() {
  %a = memref.alloc() : memref<4xf32>
  affine.for %i = 0 to 2 {
    affine.if affine_set<(d0) : (d0 - 1 == 0)>(%i) {
      memref.dealloc %a : memref<4xf32>
    }
  }
  return
}

func.func @used_then_freed_in_last_iteration(%f: f32) {
  %a = memref.alloc() : memref<4xf32>
  affine.for %i = 0 to 4 {
    affine.store %f, %a[%i] : memref<4xf32>
    affine.if affine_set<(d0) : (d0 - 3 == 0)>(%i) {
      memref.dealloc %a : memref<4xf32>
    }
  }
  return
}

// `i >= 3` holds in the last iteration only.
func.func @freed_at_or_past_the_last_value(%f: f32) {
  %a = memref.alloc() : memref<4xf32>
  affine.for %i = 0 to 4 {
    affine.store %f, %a[%i] : memref<4xf32>
    affine.if affine_set<(d0) : (d0 - 3 >= 0)>(%i) {
      memref.dealloc %a : memref<4xf32>
    }
  }
  return
}

// 0, 2, 4, 6: the last value is 6; the constraint's other side (`i <= 5`:
// every iteration but the last) keeps the buffer in the else branch.
func.func @freed_in_else_of_not_last_step_two(%f: f32) {
  %a = memref.alloc() : memref<8xf32>
  affine.for %i = 0 to 7 step 2 {
    affine.store %f, %a[%i] : memref<8xf32>
    affine.if affine_set<(d0) : (-d0 + 5 >= 0)>(%i) {
    } else {
      memref.dealloc %a : memref<8xf32>
    }
  }
  return
}

// What stays a bug.

// 0, 2, 4, 6 never reaches 7: never freed.
func.func @compared_with_a_value_it_never_takes() {
  %a = memref.alloc() : memref<8xf32> // expected-warning {{buffer %a is never freed (its free is never reached) [leak]}}
  affine.for %i = 0 to 7 step 2 {
    affine.if affine_set<(d0) : (d0 - 7 == 0)>(%i) {
      memref.dealloc %a : memref<8xf32>
    }
  }
  return // expected-note {{the function exits here with %a still allocated}}
}

// `i >= 2` holds in the last two iterations: freed twice (and not leaked:
// the last iteration frees it; a question of the variable that the last
// iteration answers ties the loop's exit to that answer).
func.func @freed_in_the_last_two_iterations() {
  %a = memref.alloc() : memref<4xf32> // expected-note {{%a allocated here}}
  affine.for %i = 0 to 4 {
    affine.if affine_set<(d0) : (d0 - 2 >= 0)>(%i) {
      memref.dealloc %a : memref<4xf32> // expected-error {{buffer %a is freed twice when the loop at 75:3 is past its first iteration}} expected-note {{freed here in the previous iteration of the loop}}
    }
  }
  return
}

// Freed in the last iteration, used after the loop.
func.func @used_after_the_loop(%f: f32) {
  %c0 = arith.constant 0 : index
  %a = memref.alloc() : memref<4xf32> // expected-note {{%a allocated here}}
  affine.for %i = 0 to 4 {
    affine.if affine_set<(d0) : (d0 - 3 == 0)>(%i) {
      memref.dealloc %a : memref<4xf32> // expected-note {{freed here}}
    }
  }
  memref.store %f, %a[%c0] : memref<4xf32> // expected-error {{'memref.store' uses buffer %a after it was freed}}
  return
}

// A bound not known: the loop may stop before 3.
func.func @symbolic_bound(%n: index) {
  %a = memref.alloc() : memref<4xf32> // expected-warning {{buffer %a is never freed}}
  affine.for %i = 0 to %n {
    affine.if affine_set<(d0) : (d0 - 3 == 0)>(%i) {
      memref.dealloc %a : memref<4xf32>
    }
  }
  return // expected-note {{the function exits here with %a still allocated}}
}
