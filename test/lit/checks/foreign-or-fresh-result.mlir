// RUN: %memlint lint --verify-diagnostics %s
//
// A function that returns a buffer it allocated on some paths and memory
// it did not allocate on the others (a malloc wrapper returning NULL, or
// a runtime's buffer, where it fails: how Polygeist compiles C): its
// callers cannot know whether they own the result, so it is foreign
// memory to them, never reported as leaked or as freed by the wrong
// owner; but freed twice, or used after a free, it is a bug whoever owns
// it (helper-136: missed, the result was untracked).

func.func private @getbuf() -> memref<?xi8>

func.func @maybe(%c: i1, %n: index) -> memref<?xi8> {
  %r = scf.if %c -> memref<?xi8> {
    %m = func.call @getbuf() : () -> memref<?xi8>
    scf.yield %m : memref<?xi8>
  } else {
    %a = memref.alloc(%n) : memref<?xi8>
    scf.yield %a : memref<?xi8>
  }
  return %r : memref<?xi8>
}

func.func @freed_twice(%c: i1, %n: index) {
  // expected-note@+1 {{%p returned here by @maybe}}
  %p = func.call @maybe(%c, %n) : (i1, index) -> memref<?xi8>
  // expected-note@+1 {{first freed here}}
  memref.dealloc %p : memref<?xi8>
  // expected-error@+1 {{buffer %p is freed twice [double-free]}}
  memref.dealloc %p : memref<?xi8>
  return
}

func.func @used_after_free(%c: i1, %n: index) -> i8 {
  %c0 = arith.constant 0 : index
  // expected-note@+1 {{%p returned here by @maybe}}
  %p = func.call @maybe(%c, %n) : (i1, index) -> memref<?xi8>
  // expected-note@+1 {{freed here}}
  memref.dealloc %p : memref<?xi8>
  // expected-error@+1 {{'memref.load' uses buffer %p after it was freed [use-after-free]}}
  %v = memref.load %p[%c0] : memref<?xi8>
  return %v : i8
}

// Correct for either owner: freed once, or never (no leak is reported).
func.func @freed_once(%c: i1, %n: index) {
  %p = func.call @maybe(%c, %n) : (i1, index) -> memref<?xi8>
  memref.dealloc %p : memref<?xi8>
  return
}

func.func @never_freed(%c: i1, %n: index) {
  %p = func.call @maybe(%c, %n) : (i1, index) -> memref<?xi8>
  return
}

// An argument on one path: not foreign memory, still untracked.
func.func @maybe_argument(%c: i1, %x: memref<?xi8>, %n: index) -> memref<?xi8> {
  %r = scf.if %c -> memref<?xi8> {
    scf.yield %x : memref<?xi8>
  } else {
    %a = memref.alloc(%n) : memref<?xi8>
    scf.yield %a : memref<?xi8>
  }
  return %r : memref<?xi8>
}

func.func @argument_or_fresh(%c: i1, %x: memref<?xi8>, %n: index) {
  %p = func.call @maybe_argument(%c, %x, %n) : (i1, memref<?xi8>, index) -> memref<?xi8>
  %v = memref.load %p[%n] : memref<?xi8>
  return
}
