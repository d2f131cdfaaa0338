// RUN: %memlint lint --verify-diagnostics %s
//
// A loop entered with a constant it carries (an scf.while's or a CFG loop
// header's argument, an scf.for iter_arg) compares that constant in its
// first iteration: `0 < 4` holds, so a loop whose test is `%i < 4` with %i
// entered as 0 runs at least once, and what it frees or replaces on every
// iteration is not left over on a path where it "runs zero times". (The
// same loop as scf.for was always clean: its induction variable against the
// lower bound.) Later iterations stay unknown.

// Upstream's `--scf-for-to-while` form: the buffer the loop returns is
// %a after its first iteration, so freeing the result frees %a, never the
// argument %x.
func.func @while_runs(%x: memref<8xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %a = memref.alloc () : memref<8xf32>
  %r:2 = scf.while (%i = %c0, %b = %x) : (index, memref<8xf32>) -> (index, memref<8xf32>) {
    %c = arith.cmpi slt, %i, %c4 : index
    scf.condition(%c) %i, %b : index, memref<8xf32>
  } do {
  ^bb0(%i2: index, %b2: memref<8xf32>):
    memref.copy %b2, %a : memref<8xf32> to memref<8xf32>
    %i3 = arith.addi %i2, %c1 : index
    scf.yield %i3, %a : index, memref<8xf32>
  }
  memref.dealloc %r#1 : memref<8xf32>
  return
}

// `--convert-scf-to-cf` of the same loop.
func.func @cfg_runs(%arg0: memref<8xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %alloc = memref.alloc() : memref<8xf32>
  cf.br ^bb1(%c0, %arg0 : index, memref<8xf32>)
^bb1(%0: index, %1: memref<8xf32>):
  %2 = arith.cmpi slt, %0, %c4 : index
  cf.cond_br %2, ^bb2, ^bb3
^bb2:
  memref.copy %1, %alloc : memref<8xf32> to memref<8xf32>
  %3 = arith.addi %0, %c1 : index
  cf.br ^bb1(%3, %alloc : index, memref<8xf32>)
^bb3:
  memref.dealloc %1 : memref<8xf32>
  return
}

// Entered with a constant the test rejects: the loop never runs, and the
// argument is what reaches the free.
func.func @cfg_never_runs(%arg0: memref<8xf32>) { // expected-note {{argument %arg0 declared here}}
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %alloc = memref.alloc() : memref<8xf32> // expected-warning {{buffer %alloc is never freed [leak]}}
  cf.br ^bb1(%c4, %arg0 : index, memref<8xf32>)
^bb1(%0: index, %1: memref<8xf32>):
  %2 = arith.cmpi slt, %0, %c4 : index
  cf.cond_br %2, ^bb2, ^bb3
^bb2:
  memref.copy %1, %alloc : memref<8xf32> to memref<8xf32>
  %3 = arith.addi %0, %c1 : index
  cf.br ^bb1(%3, %alloc : index, memref<8xf32>)
^bb3:
  memref.dealloc %1 : memref<8xf32> // expected-error {{frees %1, which comes from function argument %arg0: the caller owns it [invalid-free]}}
  return // expected-note {{the function exits here with %alloc still allocated}}
}

// Entered with a value that is not constant: zero iterations stay possible.
func.func @cfg_may_not_run(%arg0: memref<8xf32>, %n: index) { // expected-note {{argument %arg0 declared here}}
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %alloc = memref.alloc() : memref<8xf32> // expected-warning {{buffer %alloc is never freed when the loop at 78:8 runs zero times [leak]}}
  cf.br ^bb1(%n, %arg0 : index, memref<8xf32>)
^bb1(%0: index, %1: memref<8xf32>):
  %2 = arith.cmpi slt, %0, %c4 : index
  cf.cond_br %2, ^bb2, ^bb3
^bb2:
  memref.copy %1, %alloc : memref<8xf32> to memref<8xf32>
  %3 = arith.addi %0, %c1 : index
  cf.br ^bb1(%3, %alloc : index, memref<8xf32>)
^bb3:
  memref.dealloc %1 : memref<8xf32> // expected-error {{frees %1, which comes from function argument %arg0: the caller owns it (when the loop at 78:8 runs zero times) [invalid-free]}}
  return // expected-note {{the function exits here with %alloc still allocated}}
}

// Only the loop's own test is split by the constant the loop is entered
// with. A first-iteration split of another comparison of a carried value
// (`%late`, false in the first iteration) lost this back-edge leak (the
// free of the previous iteration's buffer deleted from upstream's output,
// differential seed 2, g2_0844); it is found.
func.func @other_comparisons_stay_unsplit(%n: index) {
  %false = arith.constant false
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %a0 = memref.alloc() : memref<8xf32>
  %r:3 = scf.while (%i = %c0, %b = %a0, %own = %false) : (index, memref<8xf32>, i1) -> (index, memref<8xf32>, i1) {
    %go = arith.cmpi slt, %i, %n : index
    %late = arith.cmpi ugt, %i, %c2 : index
    %next = scf.if %late -> (memref<8xf32>) {
      %fresh = memref.alloc() : memref<8xf32> // expected-warning {{buffer %fresh allocated in a loop is not freed before the next iteration allocates it again [leak]}}
      memref.copy %b, %fresh : memref<8xf32> to memref<8xf32>
      scf.yield %fresh : memref<8xf32>
    } else {
      scf.yield %b : memref<8xf32>
    }
    %p = memref.extract_aligned_pointer_as_index %b : memref<8xf32> -> index
    %q = memref.extract_aligned_pointer_as_index %next : memref<8xf32> -> index
    %same = arith.cmpi eq, %p, %q : index
    %kept = arith.andi %same, %own : i1
    %own2 = arith.ori %kept, %late : i1
    scf.condition(%go) %i, %next, %own2 : index, memref<8xf32>, i1
  } do {
  ^bb0(%i: index, %b: memref<8xf32>, %own: i1):
    %i2 = arith.addi %i, %c1 : index
    scf.yield %i2, %b, %own : index, memref<8xf32>, i1 // expected-note {{the loop repeats here with %fresh still allocated}}
  }
  scf.if %r#2 {
    memref.dealloc %r#1 : memref<8xf32>
  }
  memref.dealloc %a0 : memref<8xf32>
  return // expected-note {{the function exits here with %fresh still allocated}}
}
