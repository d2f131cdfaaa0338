// RUN: %memlint lint --verify-diagnostics %s
//
// A loop that breaks out with a flag: the block that frees sets the flag
// and goes back to the head on an edge of its own (what -canonicalize
// makes of -convert-scf-to-cf's latch block that took the flag as an
// argument). The loop is every back edge's blocks, and each edge's path
// keeps the atoms that tell it from the other at the head: the flag is
// true exactly where the free ran (helper-68's class 8, a false leak).

// Correct: freed once where it breaks, else after the loop.
func.func @break_flag(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %false = arith.constant false
  %true = arith.constant true
  %a = memref.alloc() : memref<4xf32>
  cf.br ^h(%c0, %false : index, i1)
^h(%i: index, %done: i1):
  %lt = arith.cmpi slt, %i, %n : index
  %nd = arith.xori %done, %true : i1
  %go = arith.andi %lt, %nd : i1
  cf.cond_br %go, ^body, ^exit
^body:
  %i1 = arith.addi %i, %c1 : index
  %hit = arith.cmpi eq, %i, %c3 : index
  cf.cond_br %hit, ^free, ^h(%i1, %false : index, i1)
^free:
  memref.dealloc %a : memref<4xf32>
  cf.br ^h(%i1, %true : index, i1)
^exit:
  cf.cond_br %nd, ^last, ^ret
^last:
  memref.dealloc %a : memref<4xf32>
  cf.br ^ret
^ret:
  return
}

// Correct: the same with an opaque exit test and no counter.
func.func @break_flag_opaque() {
  %false = arith.constant false
  %true = arith.constant true
  %a = memref.alloc() : memref<4xf32>
  cf.br ^h(%false : i1)
^h(%done: i1):
  cf.cond_br %done, ^exit, ^body
^body:
  %hit = "test.opaque"() : () -> i1
  cf.cond_br %hit, ^free, ^h(%false : i1)
^free:
  memref.dealloc %a : memref<4xf32>
  cf.br ^h(%true : i1)
^exit:
  return
}

// The flag set on a path that does not free: leaked there.
func.func @break_without_free() {
  %false = arith.constant false
  %true = arith.constant true
  %a = memref.alloc() : memref<4xf32> // expected-warning {{buffer %a is never freed}}
  cf.br ^h(%false : i1)
^h(%done: i1):
  cf.cond_br %done, ^exit, ^body
^body:
  %hit = "test.opaque"() : () -> i1
  %other = "test.opaque"() : () -> i1
  cf.cond_br %hit, ^free, ^quit
^quit:
  cf.cond_br %other, ^h(%true : i1), ^h(%false : i1)
^free:
  memref.dealloc %a : memref<4xf32>
  cf.br ^h(%true : i1)
^exit:
  return // expected-note {{the function exits here with %a still allocated}}
}

// Freed where it breaks and again after the loop, whatever the flag.
func.func @break_and_free_again(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %false = arith.constant false
  %true = arith.constant true
  %a = memref.alloc() : memref<4xf32> // expected-note {{%a allocated here}}
  cf.br ^h(%c0, %false : index, i1)
^h(%i: index, %done: i1):
  %lt = arith.cmpi slt, %i, %n : index
  %nd = arith.xori %done, %true : i1
  %go = arith.andi %lt, %nd : i1
  cf.cond_br %go, ^body, ^exit
^body:
  %i1 = arith.addi %i, %c1 : index
  %hit = "test.opaque"() : () -> i1
  cf.cond_br %hit, ^free, ^h(%i1, %false : index, i1)
^free:
  memref.dealloc %a : memref<4xf32> // expected-note {{first freed here}}
  cf.br ^h(%i1, %true : index, i1)
^exit:
  memref.dealloc %a : memref<4xf32> // expected-error {{buffer %a is freed twice}}
  return
}
