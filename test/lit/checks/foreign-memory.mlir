// Memrefs returned by calls to functions without a body: memlint cannot
// know who owns them (upstream's function-boundary convention hands them to
// the caller; a runtime's getter does not), so it never reports them as
// leaked or as freed by the wrong owner. But freeing one twice, or using it
// after freeing it, is a bug whoever owns it.
// RUN: %memlint lint --verify-diagnostics %s
// RUN: %memlint plan --format=json %s | FileCheck %s --check-prefix=PLAN

func.func private @get(index) -> memref<8xf32>
func.func private @view_of(memref<8xf32>) -> memref<8xf32>

func.func @freedTwice(%n: index) {
  // expected-note@+1 {{%0 returned here by @get (a function without a body: its owner is unknown)}}
  %0 = call @get(%n) : (index) -> memref<8xf32>
  // expected-note@+1 {{first freed here}}
  memref.dealloc %0 : memref<8xf32>
  // expected-error@+1 {{buffer %0 is freed twice [double-free]}}
  memref.dealloc %0 : memref<8xf32>
  return
}

func.func @usedAfterFree(%n: index) -> f32 {
  %c0 = arith.constant 0 : index
  // expected-note@+1 {{%0 returned here by @get}}
  %0 = call @get(%n) : (index) -> memref<8xf32>
  // expected-note@+1 {{freed here}}
  memref.dealloc %0 : memref<8xf32>
  // expected-error@+1 {{'memref.load' uses buffer %0 after it was freed [use-after-free]}}
  %v = memref.load %0[%c0] : memref<8xf32>
  return %v : f32
}

func.func @freedInEveryIteration(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  // expected-note@+1 {{%0 returned here by @get}}
  %0 = call @get(%n) : (index) -> memref<8xf32>
  scf.for %i = %c0 to %n step %c1 {
    // expected-error@+2 {{buffer %0 is freed twice}}
    // expected-note@+1 {{freed here in the previous iteration of the loop}}
    memref.dealloc %0 : memref<8xf32>
  }
  return
}

// A function that returns what a body-less one gave it passes foreign
// memory on; one that may return its own buffer instead does not.
func.func private @wrapGet(%n: index) -> memref<8xf32> {
  %0 = call @get(%n) : (index) -> memref<8xf32>
  return %0 : memref<8xf32>
}
func.func private @getOrOwn(%c: i1, %n: index) -> memref<8xf32> {
  %0 = scf.if %c -> (memref<8xf32>) {
    %g = func.call @get(%n) : (index) -> memref<8xf32>
    scf.yield %g : memref<8xf32>
  } else {
    %m = memref.alloc() : memref<8xf32>
    scf.yield %m : memref<8xf32>
  }
  return %0 : memref<8xf32>
}

func.func @wrappedFreedTwice(%n: index) {
  // expected-note@+1 {{%0 returned here by @wrapGet (memory a function without a body returned to it: its owner is unknown)}}
  %0 = call @wrapGet(%n) : (index) -> memref<8xf32>
  memref.dealloc %0 : memref<8xf32> // expected-note {{first freed here}}
  memref.dealloc %0 : memref<8xf32> // expected-error {{buffer %0 is freed twice [double-free]}}
  return
}

func.func @mixedOriginLeftAlone(%c: i1, %n: index) {
  %0 = call @getOrOwn(%c, %n) : (i1, index) -> memref<8xf32>
  %1 = call @wrapGet(%n) : (index) -> memref<8xf32>
  return
}

// Correct, or not known to be wrong: never freed, freed once, freed through
// a view of unknown offset, one per iteration, and two results that may be
// the same memory as an argument or as each other.
func.func @leftAlone(%n: index, %a: memref<8xf32>) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %kept = call @get(%n) : (index) -> memref<8xf32>
  %once = call @get(%n) : (index) -> memref<8xf32>
  %v = memref.load %once[%c0] : memref<8xf32>
  memref.dealloc %once : memref<8xf32>
  %part = call @get(%n) : (index) -> memref<8xf32>
  %sub = memref.subview %part[2] [4] [1] : memref<8xf32> to memref<4xf32, strided<[1], offset: 2>>
  memref.dealloc %sub : memref<4xf32, strided<[1], offset: 2>>
  scf.for %i = %c0 to %n step %c1 {
    %t = func.call @get(%i) : (index) -> memref<8xf32>
    memref.store %v, %t[%c0] : memref<8xf32>
    memref.dealloc %t : memref<8xf32>
  }
  %w = call @view_of(%a) : (memref<8xf32>) -> memref<8xf32>
  %x = memref.load %w[%c0] : memref<8xf32>
  %y = memref.load %a[%c0] : memref<8xf32>
  %s = arith.addf %x, %y : f32
  return %s : f32
}

// Foreign memory takes no place in a function's plan: only %own is there.
// PLAN: "name": "freedTwice",
// PLAN-NEXT: "spaces": []
// PLAN: "name": "leftAlone",
// PLAN-NEXT: "spaces": []
// PLAN: "name": "leftAloneWithOwn",
// PLAN-NOT: "name": "%f"
// PLAN: "name": "%own"
// PLAN-NOT: "name": "%f"
func.func @leftAloneWithOwn(%n: index) {
  %own = memref.alloc() : memref<8xf32>
  %f = call @get(%n) : (index) -> memref<8xf32>
  memref.dealloc %own : memref<8xf32>
  return
}
