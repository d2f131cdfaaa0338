// Calls to private functions that return an ownership flag beside a buffer
// (upstream's dynamic ownership, `private-function-dynamic-ownership=true`):
// the result is the callee's fresh buffer exactly where the flag holds, so
// the caller owns it there and only there.
// RUN: %memlint lint --verify-diagnostics %s
// RUN: not %memlint lint --format=json %s | FileCheck %s --check-prefix=JSON

func.func private @choose(%c: i1, %x: memref<8xf32>) -> (memref<8xf32>, i1) {
  %0 = scf.if %c -> (memref<8xf32>) {
    %m = memref.alloc() : memref<8xf32>
    scf.yield %m : memref<8xf32>
  } else {
    scf.yield %x : memref<8xf32>
  }
  return %0, %c : memref<8xf32>, i1
}

// The flag is the negation of the condition that picks the argument.
func.func private @chooseNot(%c: i1, %x: memref<8xf32>) -> (memref<8xf32>, i1) {
  %true = arith.constant true
  %own = arith.xori %c, %true : i1
  %0 = scf.if %c -> (memref<8xf32>) {
    scf.yield %x : memref<8xf32>
  } else {
    %m = memref.alloc() : memref<8xf32>
    scf.yield %m : memref<8xf32>
  }
  return %0, %own : memref<8xf32>, i1
}

// The i1 says nothing about ownership: it is true on a path that returns
// the argument.
func.func private @unrelated(%c: i1, %d: i1, %x: memref<8xf32>) -> (memref<8xf32>, i1) {
  %0 = scf.if %c -> (memref<8xf32>) {
    %m = memref.alloc() : memref<8xf32>
    scf.yield %m : memref<8xf32>
  } else {
    scf.yield %x : memref<8xf32>
  }
  return %0, %d : memref<8xf32>, i1
}

// Correct: freed under its flag, also through the base of a view, in a loop.
func.func @freedUnderFlag(%c: i1, %n: index, %x: memref<8xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r:2 = call @choose(%c, %x) : (i1, memref<8xf32>) -> (memref<8xf32>, i1)
  scf.if %r#1 {
    memref.dealloc %r#0 : memref<8xf32>
  }
  scf.for %i = %c0 to %n step %c1 {
    %p = arith.cmpi eq, %i, %c1 : index
    %s:2 = func.call @chooseNot(%p, %x) : (i1, memref<8xf32>) -> (memref<8xf32>, i1)
    %base, %off, %size, %stride = memref.extract_strided_metadata %s#0 : memref<8xf32> -> memref<f32>, index, index, index
    scf.if %s#1 {
      memref.dealloc %base : memref<f32>
    }
  }
  return
}

// Correct: the flag is what the caller passes, here false: @choose returns
// the caller's own %x, whose free comes later; no path frees it twice or
// leaks a fresh one.
func.func @passesFalse(%x: memref<8xf32>) {
  %false = arith.constant false
  %r:2 = call @choose(%false, %x) : (i1, memref<8xf32>) -> (memref<8xf32>, i1)
  return
}

// The flag depends on the caller's value in a way memlint does not carry
// over (a conjunction with another argument): nothing is assumed about
// ownership, so there is nothing to report even though it is never freed.
func.func private @chooseBoth(%c: i1, %d: i1, %x: memref<8xf32>) -> (memref<8xf32>, i1) {
  %both = arith.andi %c, %d : i1
  %0 = scf.if %both -> (memref<8xf32>) {
    %m = memref.alloc() : memref<8xf32>
    scf.yield %m : memref<8xf32>
  } else {
    scf.yield %x : memref<8xf32>
  }
  return %0, %both : memref<8xf32>, i1
}
func.func @flagNotCarriedOver(%c: i1, %x: memref<8xf32>) {
  %false = arith.constant false
  %r:2 = call @chooseBoth(%c, %false, %x) : (i1, i1, memref<8xf32>) -> (memref<8xf32>, i1)
  return
}

// Correct: freed by bufferization.dealloc under its flag.
func.func @deallocOpUnderFlag(%c: i1, %x: memref<8xf32>) {
  %r:2 = call @choose(%c, %x) : (i1, memref<8xf32>) -> (memref<8xf32>, i1)
  bufferization.dealloc (%r#0 : memref<8xf32>) if (%r#1)
  return
}

// Correct: nothing is known of @unrelated's ownership; memlint does not guess.
func.func @unknownOwnership(%c: i1, %d: i1, %x: memref<8xf32>) {
  %r:2 = call @unrelated(%c, %d, %x) : (i1, i1, memref<8xf32>) -> (memref<8xf32>, i1)
  return
}

func.func @neverFreed(%c: i1, %x: memref<8xf32>) {
  // expected-warning@+1 {{buffer %r#0 is never freed when %c is true [leak]}}
  %r:2 = call @choose(%c, %x) : (i1, memref<8xf32>) -> (memref<8xf32>, i1)
  // expected-note@+1 {{the function exits here with %r#0 still allocated}}
  return
}

func.func @freedTwice(%c: i1, %x: memref<8xf32>) {
  // expected-note@+1 {{%r#0 allocated here}}
  %r:2 = call @chooseNot(%c, %x) : (i1, memref<8xf32>) -> (memref<8xf32>, i1)
  scf.if %r#1 {
    // expected-note@+1 {{first freed here}}
    memref.dealloc %r#0 : memref<8xf32>
    // expected-error@+1 {{buffer %r#0 is freed twice [double-free]}}
    memref.dealloc %r#0 : memref<8xf32>
  }
  return
}

func.func @usedAfterFree(%c: i1, %x: memref<8xf32>) -> f32 {
  %c0 = arith.constant 0 : index
  // expected-note@+1 {{%r#0 allocated here}}
  %r:2 = call @choose(%c, %x) : (i1, memref<8xf32>) -> (memref<8xf32>, i1)
  scf.if %r#1 {
    // expected-note@+1 {{freed here}}
    memref.dealloc %r#0 : memref<8xf32>
  }
  // expected-error@+1 {{'memref.load' uses buffer %r#0 after it was freed when %c is true [use-after-free]}}
  %v = memref.load %r#0[%c0] : memref<8xf32>
  return %v : f32
}

// A plain free would also free the caller's memory where the flag is false,
// which re-analysis cannot see: the leak gets no fix.
// JSON: "check": "leak",
// JSON-NEXT: "fixes": [],
// JSON-NEXT: "message": "buffer %r#0 is never freed when %c is true"

// A flag the callee computes from what it reads (the sparse compiler's
// insertion helpers compare with sizes kept in memory): the result is the
// buffer passed in where the flag is false, a grown copy the caller owns
// where it is true. The caller cannot know the flag's value (a value of
// memory), but keeps following the buffer it passed.
func.func private @grow(%buf: memref<?xf32>, %sizes: memref<1xindex>, %n: index) -> (memref<?xf32>, i1) {
  %c0 = arith.constant 0 : index
  %false = arith.constant false
  %true = arith.constant true
  %cap = memref.load %sizes[%c0] : memref<1xindex>
  %small = arith.cmpi ult, %cap, %n : index
  %r:2 = scf.if %small -> (memref<?xf32>, i1) {
    %new = memref.alloc(%n) : memref<?xf32>
    %head = memref.subview %new[0] [%cap] [1] : memref<?xf32> to memref<?xf32, strided<[1]>>
    %old = memref.subview %buf[0] [%cap] [1] : memref<?xf32> to memref<?xf32, strided<[1]>>
    memref.copy %old, %head : memref<?xf32, strided<[1]>> to memref<?xf32, strided<[1]>>
    memref.store %n, %sizes[%c0] : memref<1xindex>
    scf.yield %new, %true : memref<?xf32>, i1
  } else {
    scf.yield %buf, %false : memref<?xf32>, i1
  }
  return %r#0, %r#1 : memref<?xf32>, i1
}

// Correct: the copy freed under its flag, the original always.
func.func @grownAndOriginalFreed(%sizes: memref<1xindex>, %n: index) {
  %c4 = arith.constant 4 : index
  %a = memref.alloc(%c4) : memref<?xf32>
  %r:2 = call @grow(%a, %sizes, %n) : (memref<?xf32>, memref<1xindex>, index) -> (memref<?xf32>, i1)
  scf.if %r#1 {
    memref.dealloc %r#0 : memref<?xf32>
  }
  memref.dealloc %a : memref<?xf32>
  return
}

// Correct: the original freed where the result moved (an address test).
func.func @freedWhereMoved(%sizes: memref<1xindex>, %n: index) {
  %c4 = arith.constant 4 : index
  %a = memref.alloc(%c4) : memref<?xf32>
  %r:2 = call @grow(%a, %sizes, %n) : (memref<?xf32>, memref<1xindex>, index) -> (memref<?xf32>, i1)
  %pa = memref.extract_aligned_pointer_as_index %a : memref<?xf32> -> index
  %pr = memref.extract_aligned_pointer_as_index %r#0 : memref<?xf32> -> index
  %moved = arith.cmpi ne, %pa, %pr : index
  scf.if %moved {
    memref.dealloc %a : memref<?xf32>
  }
  memref.dealloc %r#0 : memref<?xf32>
  return
}

// The original leaks whichever the flag is.
func.func @originalNeverFreed(%sizes: memref<1xindex>, %n: index) {
  %c4 = arith.constant 4 : index
  // expected-warning@+1 {{buffer %a is never freed [leak]}}
  %a = memref.alloc(%c4) : memref<?xf32>
  %r:2 = call @grow(%a, %sizes, %n) : (memref<?xf32>, memref<1xindex>, index) -> (memref<?xf32>, i1)
  scf.if %r#1 {
    memref.dealloc %r#0 : memref<?xf32>
  }
  // expected-note@+1 {{the function exits here with %a still allocated}}
  return
}

// Not reported: freeing both frees %a twice where the flag is false, which
// what memory holds may rule out.
func.func @bothFreed(%sizes: memref<1xindex>, %n: index) {
  %c4 = arith.constant 4 : index
  %a = memref.alloc(%c4) : memref<?xf32>
  %r:2 = call @grow(%a, %sizes, %n) : (memref<?xf32>, memref<1xindex>, index) -> (memref<?xf32>, i1)
  memref.dealloc %a : memref<?xf32>
  memref.dealloc %r#0 : memref<?xf32>
  return
}

// Correct: a wrapper hands the flag out twice; callers see one value
// through both (FunctionSummary::sameI1As).
func.func private @growTwice(%buf: memref<?xf32>, %sizes: memref<1xindex>, %n: index) -> (memref<?xf32>, i1, i1) {
  %r:2 = func.call @grow(%buf, %sizes, %n) : (memref<?xf32>, memref<1xindex>, index) -> (memref<?xf32>, i1)
  return %r#0, %r#1, %r#1 : memref<?xf32>, i1, i1
}
func.func @flagReturnedTwice(%sizes: memref<1xindex>, %n: index) -> f32 {
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %a = memref.alloc(%c4) : memref<?xf32>
  %r:3 = func.call @growTwice(%a, %sizes, %n) : (memref<?xf32>, memref<1xindex>, index) -> (memref<?xf32>, i1, i1)
  scf.if %r#2 {
    memref.dealloc %a : memref<?xf32>
  }
  %v = scf.if %r#1 -> f32 {
    %z = arith.constant 0.0 : f32
    scf.yield %z : f32
  } else {
    %x = memref.load %r#0[%c0] : memref<?xf32>
    scf.yield %x : f32
  }
  memref.dealloc %r#0 : memref<?xf32>
  return %v : f32
}

// A flag the caller can compute itself (a comparison of what it passes,
// here of an i1 it passes, stored and loaded back): not read as a value of
// memory, which would be unrelated to the caller's own test of it.
func.func private @growIf(%c: i1, %buf: memref<?xf32>, %n: index) -> (memref<?xf32>, i1) {
  %slot = memref.alloca() : memref<i1>
  memref.store %c, %slot[] : memref<i1>
  %again = memref.load %slot[] : memref<i1>
  %r = scf.if %again -> (memref<?xf32>) {
    %new = memref.alloc(%n) : memref<?xf32>
    scf.yield %new : memref<?xf32>
  } else {
    scf.yield %buf : memref<?xf32>
  }
  return %r, %again : memref<?xf32>, i1
}
func.func @flagFromCallersValue(%c: i1, %n: index) -> f32 {
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %a = memref.alloc(%c4) : memref<?xf32>
  %r:2 = call @growIf(%c, %a, %n) : (i1, memref<?xf32>, index) -> (memref<?xf32>, i1)
  scf.if %c {
    memref.dealloc %a : memref<?xf32>
  }
  %v = scf.if %r#1 -> f32 {
    %z = arith.constant 0.0 : f32
    scf.yield %z : f32
  } else {
    %x = memref.load %r#0[%c0] : memref<?xf32>
    scf.yield %x : f32
  }
  memref.dealloc %r#0 : memref<?xf32>
  return %v : f32
}
func.func private @growBig(%buf: memref<?xf32>, %k: index) -> (memref<?xf32>, i1) {
  %c3 = arith.constant 3 : index
  %false = arith.constant false
  %true = arith.constant true
  %big = arith.cmpi sgt, %k, %c3 : index
  %r:2 = scf.if %big -> (memref<?xf32>, i1) {
    %new = memref.alloc(%k) : memref<?xf32>
    scf.yield %new, %true : memref<?xf32>, i1
  } else {
    scf.yield %buf, %false : memref<?xf32>, i1
  }
  return %r#0, %r#1 : memref<?xf32>, i1
}
func.func @flagTheCallerComputes(%k: index) -> f32 {
  %c0 = arith.constant 0 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %a = memref.alloc(%c4) : memref<?xf32>
  %r:2 = call @growBig(%a, %k) : (memref<?xf32>, index) -> (memref<?xf32>, i1)
  %big = arith.cmpi sgt, %k, %c3 : index
  scf.if %big {
    memref.dealloc %a : memref<?xf32>
  }
  %v = scf.if %r#1 -> f32 {
    %z = arith.constant 0.0 : f32
    scf.yield %z : f32
  } else {
    %x = memref.load %r#0[%c0] : memref<?xf32>
    scf.yield %x : f32
  }
  memref.dealloc %r#0 : memref<?xf32>
  return %v : f32
}
