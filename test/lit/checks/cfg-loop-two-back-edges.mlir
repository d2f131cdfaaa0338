// RUN: %memlint lint --verify-diagnostics %s
//
// A CFG loop whose header two blocks branch back to. A back edge took the
// loop for the blocks of that edge alone, so a buffer allocated in the
// other edge's block and carried round through this one was no loop
// allocation there, and went unfollowed: every finding on the carried
// buffers was lost, silently (helper-45, checked at run time). The loop is
// the header's, with all its back edges.

// The carried buffer is freed and still passed round on one edge.
func.func @freed_and_carried(%c: i1, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %init = memref.alloc() : memref<2xf32> // expected-note 2 {{%init allocated here}}
  cf.br ^h(%init, %c0 : memref<2xf32>, index)
^h(%x: memref<2xf32>, %i: index):
  %more = arith.cmpi slt, %i, %n : index
  %i1 = arith.addi %i, %c1 : index
  cf.cond_br %more, ^body, ^exit
^body:
  memref.dealloc %x : memref<2xf32> // expected-error {{buffer %init is freed twice (through its alias %x) when the loop at 17:11 is past its first iteration and %c is false [double-free]}} expected-note {{freed here in the previous iteration of the loop}} expected-note {{first freed here}}
  cf.cond_br %c, ^repl, ^h(%x, %i1 : memref<2xf32>, index)
^repl:
  %nb = memref.alloc() : memref<2xf32>
  cf.br ^h(%nb, %i1 : memref<2xf32>, index)
^exit:
  memref.dealloc %x : memref<2xf32> // expected-error {{buffer %init is freed twice (through its alias %x) when the loop at 17:11 runs at least once and %c is false [double-free]}}
  return
}

// Correct: each back edge passes a live buffer, the one replaced is freed.
func.func @replaced_and_freed(%c: i1, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %init = memref.alloc() : memref<2xf32>
  cf.br ^h(%init, %c0 : memref<2xf32>, index)
^h(%x: memref<2xf32>, %i: index):
  %more = arith.cmpi slt, %i, %n : index
  %i1 = arith.addi %i, %c1 : index
  cf.cond_br %more, ^body, ^exit
^body:
  cf.cond_br %c, ^repl, ^h(%x, %i1 : memref<2xf32>, index)
^repl:
  %nb = memref.alloc() : memref<2xf32>
  memref.copy %x, %nb : memref<2xf32> to memref<2xf32>
  memref.dealloc %x : memref<2xf32>
  cf.br ^h(%nb, %i1 : memref<2xf32>, index)
^exit:
  memref.dealloc %x : memref<2xf32>
  return
}
