// RUN: %memlint lint --verify-diagnostics %s
//
// A cycle with two entries (an irreducible CFG: neither block dominates the
// other). The walker takes one of its edges for the back edge of a loop
// whose header is the other block; the loop is the blocks that header
// reaches and that reach the edge. The blocks before the cycle, which reach
// it from the side, run once: what they allocate is no loop's, so it is not
// "allocated again by the next iteration". Bugs inside the cycle are found.

// %a is allocated once and freed once at the exit every path reaches.
func.func @alloc_before_the_cycle(%c: i1, %e: i1, %g: i1) {
  %a = memref.alloc() : memref<8xf32>
  cf.cond_br %c, ^x, ^y
^x:
  "test.use"(%a) : (memref<8xf32>) -> ()
  cf.cond_br %e, ^y, ^out1
^y:
  "test.use"(%a) : (memref<8xf32>) -> ()
  cf.cond_br %g, ^x, ^out2
^out1:
  memref.dealloc %a : memref<8xf32>
  return
^out2:
  memref.dealloc %a : memref<8xf32>
  return
}

// Allocated and freed within the side-entered block: one per visit.
func.func @alloc_in_the_cycle_freed_there(%c: i1, %e: i1, %g: i1) {
  cf.cond_br %c, ^x, ^y
^x:
  cf.cond_br %e, ^y, ^out
^y:
  %a = memref.alloc() : memref<8xf32>
  "test.use"(%a) : (memref<8xf32>) -> ()
  memref.dealloc %a : memref<8xf32>
  cf.cond_br %g, ^x, ^out
^out:
  return
}

// What a wrong fix of the first function made of it: %a freed in the
// cycle, then used and freed again.
func.func @freed_in_the_cycle(%c: i1, %e: i1, %g: i1) {
  %a = memref.alloc() : memref<8xf32> // expected-note 3 {{%a allocated here}}
  cf.cond_br %c, ^x, ^y
^x:
  "test.use"(%a) : (memref<8xf32>) -> () // expected-error {{'test.use' uses buffer %a after it was freed when the loop at 48:3 is past its first iteration [use-after-free]}}
  cf.cond_br %e, ^y, ^out1
^y:
  "test.use"(%a) : (memref<8xf32>) -> () // expected-error {{'test.use' uses buffer %a after it was freed when %c is true and the loop at 48:3 is past its first iteration [use-after-free]}}
  scf.if %g { memref.dealloc %a : memref<8xf32> } // expected-error {{buffer %a is freed twice when %c is true and the loop at 48:3 is past its first iteration [double-free]}} expected-note 2 {{freed here}} expected-note {{freed here in the previous iteration of the loop}}
  cf.cond_br %g, ^x, ^out2
^out1:
  memref.dealloc %a : memref<8xf32>
  return
^out2:
  memref.dealloc %a : memref<8xf32>
  return
}

// Allocated in the cycle and not freed before it goes round.
func.func @alloc_in_the_cycle_leaks(%c: i1, %e: i1, %g: i1) {
  cf.cond_br %c, ^x, ^y
^x:
  cf.cond_br %e, ^y, ^out
^y:
  %a = memref.alloc() : memref<8xf32> // expected-warning {{buffer %a allocated in a loop is not freed before the next iteration allocates it again when %g is true (it is freed only on other paths) [leak]}}
  "test.use"(%a) : (memref<8xf32>) -> ()
  cf.cond_br %g, ^x, ^out2 // expected-note {{the loop repeats here with %a still allocated}}
^out2:
  memref.dealloc %a : memref<8xf32>
  return
^out:
  return
}
