// RUN: %memlint lint --verify-diagnostics %s
//
// A private function that frees an argument once on every path it
// returns is a release helper: all its callers are in sight, so its free
// is not reported as freeing what it does not own (helper-121: a callee
// freeing the tape it is handed). Its callers see the buffer freed at the
// call, and one that passes memory it does not own frees it wrongly there.

func.func private @release(%b: memref<4xf64>) {
  memref.dealloc %b : memref<4xf64>
  return
}

// A wrapper handing its own argument on releases it too.
func.func private @release_wrapper(%b: memref<4xf64>) {
  call @release(%b) : (memref<4xf64>) -> ()
  return
}

func.func @owner() {
  %a = memref.alloc() : memref<4xf64>
  call @release(%a) : (memref<4xf64>) -> ()
  %b = memref.alloc() : memref<4xf64>
  call @release_wrapper(%b) : (memref<4xf64>) -> ()
  return
}

func.func @owner_uses_after(%v: f64) {
  %c0 = arith.constant 0 : index
  %a = memref.alloc() : memref<4xf64> // expected-note {{%a allocated here}}
  call @release(%a) : (memref<4xf64>) -> () // expected-note {{freed here}}
  memref.store %v, %a[%c0] : memref<4xf64> // expected-error {{[use-after-free]}}
  return
}

func.func @passes_what_it_does_not_own(%arg: memref<4xf64>) {
  // expected-note@-1 {{argument %arg declared here}}
  call @release(%arg) : (memref<4xf64>) -> () // expected-error {{frees %arg, which comes from function argument %arg: the caller owns it [invalid-free]}}
  return
}

// Freed on some paths only: not a release helper.
func.func private @release_sometimes(%b: memref<4xf64>, %c: i1) {
  scf.if %c {
    memref.dealloc %b : memref<4xf64> // expected-error {{[invalid-free]}}
    // expected-note@-3 {{argument %b declared here}}
  }
  return
}

// Freed twice on one path: each free is reported.
func.func private @release_twice(%b: memref<4xf64>) {
  // expected-note@-1 2 {{argument %b declared here}}
  memref.dealloc %b : memref<4xf64> // expected-error {{[invalid-free]}}
  memref.dealloc %b : memref<4xf64> // expected-error {{[invalid-free]}}
  return
}

// A public function's callers are not all in sight: the rule stays.
func.func @public_release(%b: memref<4xf64>) {
  // expected-note@-1 {{argument %b declared here}}
  memref.dealloc %b : memref<4xf64> // expected-error {{[invalid-free]}}
  return
}
