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
