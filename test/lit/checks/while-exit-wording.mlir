// The words of a leak name what decides the path, never a condition that
// holds on every path to the exit (issue 11). A scf.while whose before
// region allocates a probe on every evaluation and frees it only when the
// loop goes on leaks the last probe on every run: no loop count decides it.
// RUN: %memlint lint --verify-diagnostics %s

func.func @probe_leaks_at_every_exit(%n: index) -> index {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = scf.while (%i = %c0) : (index) -> index {
    // expected-warning @+1 {{buffer %p is never freed (it is freed only on other paths) [leak]}}
    %p = memref.alloc() : memref<1xindex>
    memref.store %i, %p[%c0] : memref<1xindex>
    %cond = arith.cmpi slt, %i, %n : index
    scf.if %cond {
      memref.dealloc %p : memref<1xindex>
    }
    scf.condition(%cond) %i : index
  } do {
  ^bb0(%j: index):
    %next = arith.addi %j, %c1 : index
    scf.yield %next : index
  }
  return %r : index // expected-note {{the function exits here with %p still allocated}}
}

// A buffer from before a loop, freed on one branch after it: the loop's
// count decides nothing and is not named.
func.func @leak_after_loop_names_the_branch(%n: index, %c: i1) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  // expected-warning @+1 {{buffer %a is never freed when %c is false (it is freed only on other paths) [leak]}}
  %a = memref.alloc() : memref<8xf32>
  scf.for %i = %c0 to %n step %c1 {
    %t = memref.alloc() : memref<8xf32>
    memref.dealloc %t : memref<8xf32>
  }
  scf.if %c {
    memref.dealloc %a : memref<8xf32>
  }
  return // expected-note {{the function exits here with %a still allocated}}
}
