// RUN: %memlint lint --verify-diagnostics %s
//
// An scf.forall body runs once per iteration, side by side: the analysis
// walks it as a loop that runs zero, one or more times (its constant
// bounds decide where they are constants). A free there of a buffer from
// outside the loop runs in every iteration.

func.func @freed_in_every_iteration(%v: f32) {
  %a = memref.alloc() : memref<4xf32> // expected-note 2 {{%a allocated here}}
  scf.forall (%i) in (4) {
    memref.store %v, %a[%i] : memref<4xf32> // expected-error {{'memref.store' uses buffer %a after it was freed when the loop at 10:3 is past its first iteration [use-after-free]}}
    memref.dealloc %a : memref<4xf32> // expected-error {{buffer %a is freed twice when the loop at 10:3 is past its first iteration [double-free]}} expected-note {{freed here in another iteration of the loop}} expected-note {{freed here}}
  }
  return
}

func.func @two_dimensions(%v: f32) {
  %a = memref.alloc() : memref<4x2xf32> // expected-note {{%a allocated here}}
  scf.forall (%i, %j) = (0, 0) to (4, 2) step (2, 1) {
    memref.dealloc %a : memref<4x2xf32> // expected-error {{buffer %a is freed twice when the loop at 19:3 is past its first iteration [double-free]}} expected-note {{freed here in another iteration of the loop}}
  }
  return
}

// Under a condition: twice where two iterations take it.
func.func @freed_under_a_condition(%c: i1) {
  %a = memref.alloc() : memref<4xf32> // expected-note {{%a allocated here}} expected-warning {{buffer %a is never freed when %c is false (it is freed only on other paths) [leak]}}
  scf.forall (%i) in (8) {
    scf.if %c {
      memref.dealloc %a : memref<4xf32> // expected-error {{buffer %a is freed twice when the loop at 28:3 is past its first iteration [double-free]}} expected-note {{freed here in another iteration of the loop}}
    }
  }
  return // expected-note {{the function exits here with %a still allocated}}
}

// Each iteration's own buffer, never freed: it leaks in every iteration.
// (The body's terminator is implicit: the loop's own line says where.)
func.func @leaks_in_every_iteration(%v: f32) {
  scf.forall (%i) in (4) { // expected-note {{the loop repeats here with %b still allocated}}
    %b = memref.alloc() : memref<4xf32> // expected-warning {{buffer %b allocated in a loop is not freed before the next iteration allocates it again [leak]}}
    memref.store %v, %b[%i] : memref<4xf32>
  }
  return // expected-note {{the function exits here with %b still allocated}}
}

// Correct: each iteration frees its own buffer.
func.func @own_buffer(%v: f32) {
  scf.forall (%i) in (4) {
    %b = memref.alloc() : memref<4xf32>
    memref.store %v, %b[%i] : memref<4xf32>
    memref.dealloc %b : memref<4xf32>
  }
  return
}

// Correct: the iterations use the buffer, the function frees it after.
func.func @freed_after_the_loop(%v: f32, %n: index) {
  %a = memref.alloc() : memref<4xf32>
  scf.forall (%i) in (%n) {
    memref.store %v, %a[%i] : memref<4xf32>
  }
  memref.dealloc %a : memref<4xf32>
  return
}

// Correct: one iteration.
func.func @one_iteration(%v: f32) {
  %a = memref.alloc() : memref<4xf32>
  scf.forall (%i) in (1) {
    memref.store %v, %a[%i] : memref<4xf32>
    memref.dealloc %a : memref<4xf32>
  }
  return
}

// How often the loop runs is not known: freed twice where it runs more
// than once, as in an scf.for. (scf.forall does not say that it may run
// zero times: the leak then is not reported.)
func.func @unknown_trips(%v: f32, %n: index) {
  %a = memref.alloc() : memref<4xf32> // expected-note {{%a allocated here}}
  scf.forall (%i) in (%n) {
    memref.dealloc %a : memref<4xf32> // expected-error {{buffer %a is freed twice when the loop at 81:3 is past its first iteration [double-free]}} expected-note {{freed here in another iteration of the loop}}
  }
  return
}

// scf.parallel with constant bounds runs (its interface gives no trip
// count; its bounds do): no leak "when it runs zero times", the double
// free where it runs more than once.
func.func @parallel_constant_bounds(%v: f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %a = memref.alloc() : memref<4xf32> // expected-note {{%a allocated here}}
  scf.parallel (%i) = (%c0) to (%c4) step (%c1) {
    memref.dealloc %a : memref<4xf32> // expected-error {{buffer %a is freed twice when the loop at 95:3 is past its first iteration [double-free]}} expected-note {{freed here in another iteration of the loop}}
    scf.reduce
  }
  return
}

// Correct: an scf.parallel of one iteration frees the buffer once.
func.func @parallel_one_iteration(%v: f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %a = memref.alloc() : memref<4xf32>
  scf.parallel (%i) = (%c0) to (%c1) step (%c1) {
    memref.store %v, %a[%i] : memref<4xf32>
    memref.dealloc %a : memref<4xf32>
    scf.reduce
  }
  return
}
