// RUN: %memlint lint --verify-diagnostics %s
//
// An unregistered op with successors ends its block as a branch: its
// successors are reached through it (they were not walked, and a path
// through it ended there), each as it chooses. Which of its operands go to
// which successor argument is not known: a buffer it is given is no
// longer followed.

// Freed on one of its branches only.
func.func @two_targets(%c: i1) {
  %a = memref.alloc() : memref<4xf32> // expected-warning {{buffer %a is never freed (it is freed only on other paths) [leak]}}
  "x.cond_br"(%c)[^l, ^r] : (i1) -> ()
^l:
  memref.dealloc %a : memref<4xf32>
  return
^r:
  return // expected-note {{the function exits here with %a still allocated}}
}

func.func @frees_both_ways(%c: i1) {
  %a = memref.alloc() : memref<4xf32>
  "x.cond_br"(%c)[^l, ^r] : (i1) -> ()
^l:
  memref.dealloc %a : memref<4xf32>
  return
^r:
  memref.dealloc %a : memref<4xf32>
  return
}

func.func @freed_before_and_after() {
  %a = memref.alloc() : memref<4xf32> // expected-note {{%a allocated here}}
  memref.dealloc %a : memref<4xf32> // expected-note {{first freed here}}
  "x.br"()[^b] : () -> ()
^b:
  memref.dealloc %a : memref<4xf32> // expected-error {{buffer %a is freed twice [double-free]}}
  return
}

// It may pass %a on as %p: neither a leak of %a nor a foreign free of %p.
func.func @passes_buffer() {
  %a = memref.alloc() : memref<4xf32>
  "x.br"(%a)[^b] : (memref<4xf32>) -> ()
^b(%p: memref<4xf32>):
  memref.dealloc %p : memref<4xf32>
  return
}

// An integer it passes is unknown at the join: a flag the other edge sets
// decides nothing there.
func.func @flag_at_join(%c: i1, %v: i32) {
  %k0 = arith.constant 0 : i32
  %a = memref.alloc() : memref<4xf32> // expected-warning {{buffer %a is never freed when %t is false (it is freed only on other paths) [leak]}}
  cf.cond_br %c, ^b1, ^b3
^b1:
  cf.br ^b2(%k0 : i32)
^b3:
  "x.br"(%v)[^b2] : (i32) -> ()
^b2(%x: i32):
  %t = arith.trunci %x : i32 to i1
  cf.cond_br %t, ^free, ^end
^free:
  memref.dealloc %a : memref<4xf32>
  cf.br ^end
^end:
  return // expected-note {{the function exits here with %a still allocated}}
}

// An i1 it passes is unknown: a flag of its own at the successor (it was
// taken as false, and the double free below went unseen; helper-90).
func.func @flag_through_it(%t: i1) {
  %a = memref.alloc() : memref<4xf32> // expected-note {{%a allocated here}}
  "x.br"(%t)[^bb1] : (i1) -> ()
^bb1(%own: i1):
  scf.if %own {
    memref.dealloc %a : memref<4xf32> // expected-note {{first freed here}}
  }
  memref.dealloc %a : memref<4xf32> // expected-error {{buffer %a is freed twice when %own is true [double-free]}}
  return
}

// With regions too, where they run against its successors is not known:
// what they free is no longer followed (a free there was taken for one in
// "the previous iteration of the loop", a false double free).
func.func @regions_and_successors() {
  %a = memref.alloc() : memref<4xf32>
  "x.br"()[^bb1] ({
    memref.dealloc %a : memref<4xf32>
  }) : () -> ()
^bb1:
  return
}
