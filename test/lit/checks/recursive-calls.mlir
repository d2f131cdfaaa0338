// RUN: %memlint lint --verify-diagnostics %s
//
// A call in a call cycle is read without its callee's summary (the
// callee's analysis is not finished): its result is unknown memory, and
// what the caller passes stays the caller's, so bugs of those buffers are
// still found. (Reading the result as possibly any buffer passed, to
// spare a function that returns its recursive call's result a false leak,
// stopped tracking those buffers wherever the result was freed: a review
// found the leak, double free and use after free below lost.)

func.func @leaks_passed(%a: memref<4xf32>, %n: index) -> memref<4xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %z = arith.cmpi eq, %n, %c0 : index
  %r = scf.if %z -> memref<4xf32> {
    %f = memref.alloc() : memref<4xf32>
    scf.yield %f : memref<4xf32>
  } else {
    // expected-warning@+1 {{buffer %b is never freed}}
    %b = memref.alloc() : memref<4xf32>
    %m = arith.subi %n, %c1 : index
    %s = func.call @leaks_passed(%b, %m) : (memref<4xf32>, index) -> memref<4xf32>
    memref.dealloc %s : memref<4xf32>
    %g = memref.alloc() : memref<4xf32>
    scf.yield %g : memref<4xf32>
  }
  return %r : memref<4xf32> // expected-note {{the function exits here}}
}

func.func @frees_passed_twice(%a: memref<4xf32>, %n: index) -> memref<4xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %z = arith.cmpi eq, %n, %c0 : index
  %r = scf.if %z -> memref<4xf32> {
    %f = memref.alloc() : memref<4xf32>
    scf.yield %f : memref<4xf32>
  } else {
    %b = memref.alloc() : memref<4xf32> // expected-note {{%b allocated here}}
    %m = arith.subi %n, %c1 : index
    %s = func.call @frees_passed_twice(%b, %m) : (memref<4xf32>, index) -> memref<4xf32>
    memref.dealloc %s : memref<4xf32>
    memref.dealloc %b : memref<4xf32> // expected-note {{first freed here}}
    // expected-error@+1 {{buffer %b is freed twice}}
    memref.dealloc %b : memref<4xf32>
    %g = memref.alloc() : memref<4xf32>
    scf.yield %g : memref<4xf32>
  }
  return %r : memref<4xf32>
}

func.func @uses_passed_after_free(%a: memref<4xf32>, %n: index) -> memref<4xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %z = arith.cmpi eq, %n, %c0 : index
  %r = scf.if %z -> memref<4xf32> {
    %f = memref.alloc() : memref<4xf32>
    scf.yield %f : memref<4xf32>
  } else {
    %b = memref.alloc() : memref<4xf32> // expected-note {{%b allocated here}}
    %m = arith.subi %n, %c1 : index
    %s = func.call @uses_passed_after_free(%b, %m) : (memref<4xf32>, index) -> memref<4xf32>
    memref.dealloc %s : memref<4xf32>
    memref.dealloc %b : memref<4xf32> // expected-note {{freed here}}
    // expected-error@+1 {{uses buffer %b after it was freed}}
    %v = memref.load %b[%c0] : memref<4xf32>
    %g = memref.alloc() : memref<4xf32>
    scf.yield %g : memref<4xf32>
  }
  return %r : memref<4xf32>
}
