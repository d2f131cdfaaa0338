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

// Ops that hand out memory from nowhere memlint can see (no buffer given
// to them, no region, no allocation): their memory is foreign too.
func.func @handedOutFreedTwice(%p: !llvm.ptr, %t: tensor<8xf32>) {
  // expected-note@+1 {{%m returned here by polygeist.pointer2memref (its owner is unknown)}}
  %m = "polygeist.pointer2memref"(%p) : (!llvm.ptr) -> memref<?xf32>
  memref.dealloc %m : memref<?xf32> // expected-note {{first freed here}}
  memref.dealloc %m : memref<?xf32> // expected-error {{buffer %m is freed twice [double-free]}}
  // expected-note@+1 {{%c returned here by builtin.unrealized_conversion_cast (its owner is unknown)}}
  %c = builtin.unrealized_conversion_cast %p : !llvm.ptr to memref<8xf32>
  memref.dealloc %c : memref<8xf32> // expected-note {{first freed here}}
  memref.dealloc %c : memref<8xf32> // expected-error {{buffer %c is freed twice [double-free]}}
  // expected-note@+1 {{%b returned here by bufferization.to_buffer (its owner is unknown)}}
  %b = bufferization.to_buffer %t : tensor<8xf32> to memref<8xf32>
  memref.dealloc %b : memref<8xf32> // expected-note {{first freed here}}
  memref.dealloc %b : memref<8xf32> // expected-error {{buffer %b is freed twice [double-free]}}
  return
}

func.func @handedOutUsedAfterFree(%v: f32) {
  %c0 = arith.constant 0 : index
  %u = "x.get"() : () -> memref<4xf32> // expected-note {{%u returned here by x.get (its owner is unknown)}}
  memref.dealloc %u : memref<4xf32> // expected-note {{freed here}}
  memref.store %v, %u[%c0] : memref<4xf32> // expected-error {{'memref.store' uses buffer %u after it was freed [use-after-free]}}
  return
}

// Left alone: never freed, freed once (by any runtime), one per iteration,
// and what an op given a buffer returns (it may be that buffer or another).
func.func @handedOutLeftAlone(%n: index, %v: f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %kept = "x.get"() : () -> memref<4xf32>
  memref.store %v, %kept[%c0] : memref<4xf32>
  %once = "x.get"() : () -> memref<4xf32>
  memref.store %v, %once[%c0] : memref<4xf32>
  gpu.dealloc %once : memref<4xf32>
  scf.for %i = %c0 to %n step %c1 {
    %t = "x.get"() : () -> memref<4xf32>
    memref.store %v, %t[%c0] : memref<4xf32>
    memref.dealloc %t : memref<4xf32>
  }
  %a = memref.alloc() : memref<4xf32>
  %d = "x.to_device"(%a) : (memref<4xf32>) -> memref<4xf32>
  memref.dealloc %d : memref<4xf32>
  memref.dealloc %a : memref<4xf32>
  return
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
