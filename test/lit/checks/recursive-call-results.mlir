// RUN: %memlint lint --verify-diagnostics %s
//
// A call in a call cycle (its callee's analysis not finished) may return
// any memref it passes: a function that returns what its recursive call
// returns may hand back any buffer it was given, so a caller that frees
// the result stops tracking the buffers it passed there. One that only
// reads the result still owns them all.

// Returns %x, or what the call with the two swapped returns: either one.
func.func private @rec(%n: index, %x: memref<4xf32>, %y: memref<4xf32>) -> memref<4xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %z = arith.cmpi eq, %n, %c0 : index
  %r = scf.if %z -> memref<4xf32> {
    scf.yield %x : memref<4xf32>
  } else {
    %n1 = arith.subi %n, %c1 : index
    %q = func.call @rec(%n1, %y, %x) : (index, memref<4xf32>, memref<4xf32>) -> memref<4xf32>
    scf.yield %q : memref<4xf32>
  }
  return %r : memref<4xf32>
}

// The same through two functions calling each other.
func.func private @ping(%n: index, %x: memref<4xf32>, %y: memref<4xf32>) -> memref<4xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %z = arith.cmpi eq, %n, %c0 : index
  %r = scf.if %z -> memref<4xf32> {
    scf.yield %x : memref<4xf32>
  } else {
    %n1 = arith.subi %n, %c1 : index
    %q = func.call @pong(%n1, %y, %x) : (index, memref<4xf32>, memref<4xf32>) -> memref<4xf32>
    scf.yield %q : memref<4xf32>
  }
  return %r : memref<4xf32>
}
func.func private @pong(%n: index, %x: memref<4xf32>, %y: memref<4xf32>) -> memref<4xf32> {
  %q = func.call @ping(%n, %x, %y) : (index, memref<4xf32>, memref<4xf32>) -> memref<4xf32>
  return %q : memref<4xf32>
}

// Correct: the result is %a for an even %n, else %b; the other is freed
// by the same parity.
func.func @frees_result_then_other(%n: index) -> f32 {
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  %a = memref.alloc() : memref<4xf32>
  %b = memref.alloc() : memref<4xf32>
  %m = call @rec(%n, %a, %b) : (index, memref<4xf32>, memref<4xf32>) -> memref<4xf32>
  %v = memref.load %m[%c0] : memref<4xf32>
  %r = arith.remui %n, %c2 : index
  %even = arith.cmpi eq, %r, %c0 : index
  memref.dealloc %m : memref<4xf32>
  %o = arith.select %even, %b, %a : memref<4xf32>
  memref.dealloc %o : memref<4xf32>
  return %v : f32
}

func.func @frees_result_then_other_mutual(%n: index) -> f32 {
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  %a = memref.alloc() : memref<4xf32>
  %b = memref.alloc() : memref<4xf32>
  %m = call @ping(%n, %a, %b) : (index, memref<4xf32>, memref<4xf32>) -> memref<4xf32>
  %v = memref.load %m[%c0] : memref<4xf32>
  %r = arith.remui %n, %c2 : index
  %even = arith.cmpi eq, %r, %c0 : index
  memref.dealloc %m : memref<4xf32>
  %o = arith.select %even, %b, %a : memref<4xf32>
  memref.dealloc %o : memref<4xf32>
  return %v : f32
}

// The result only read: both buffers are still the caller's, and leak.
func.func @reads_result(%n: index) -> f32 {
  %c0 = arith.constant 0 : index
  // expected-warning@+2 {{buffer %a is never freed [leak]}}
  // expected-warning@+2 {{buffer %b is never freed [leak]}}
  %a = memref.alloc() : memref<4xf32>
  %b = memref.alloc() : memref<4xf32>
  %m = call @rec(%n, %a, %b) : (index, memref<4xf32>, memref<4xf32>) -> memref<4xf32>
  %v = memref.load %m[%c0] : memref<4xf32>
  return %v : f32 // expected-note 2 {{the function exits here}}
}

// A buffer freed before the call is still used by it.
func.func @passes_freed(%n: index) {
  %a = memref.alloc() : memref<4xf32> // expected-note {{%a allocated here}}
  %b = memref.alloc() : memref<4xf32>
  memref.dealloc %a : memref<4xf32> // expected-note {{freed here}}
  // expected-error@+1 {{uses buffer %a after it was freed}}
  %m = call @rec(%n, %a, %b) : (index, memref<4xf32>, memref<4xf32>) -> memref<4xf32>
  memref.dealloc %b : memref<4xf32>
  return
}
