// RUN: %memlint lint --verify-diagnostics %s
//
// An scf.forall body runs once per iteration, side by side: a free there of
// a buffer from outside the loop runs in every iteration.

func.func @freed_in_every_iteration(%v: f32) {
  %a = memref.alloc() : memref<4xf32> // expected-note {{%a allocated here}}
  scf.forall (%i) in (4) {
    memref.store %v, %a[%i] : memref<4xf32>
    memref.dealloc %a : memref<4xf32> // expected-error {{buffer %a is freed 4 times: the scf.forall at 8:3 frees it in each of its 4 iterations [double-free]}}
  }
  return
}

func.func @two_dimensions(%v: f32) {
  %a = memref.alloc() : memref<4x2xf32> // expected-note {{%a allocated here}}
  scf.forall (%i, %j) = (0, 0) to (4, 2) step (2, 1) {
    memref.dealloc %a : memref<4x2xf32> // expected-error {{buffer %a is freed 4 times: the scf.forall at 17:3 frees it in each of its 4 iterations [double-free]}}
  }
  return
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

// Correct: one iteration.
func.func @one_iteration(%v: f32) {
  %a = memref.alloc() : memref<4xf32>
  scf.forall (%i) in (1) {
    memref.store %v, %a[%i] : memref<4xf32>
    memref.dealloc %a : memref<4xf32>
  }
  return
}

// Not reported: how often the loop runs is not known (once is correct).
func.func @unknown_trips(%v: f32, %n: index) {
  %a = memref.alloc() : memref<4xf32>
  scf.forall (%i) in (%n) {
    memref.dealloc %a : memref<4xf32>
  }
  return
}
