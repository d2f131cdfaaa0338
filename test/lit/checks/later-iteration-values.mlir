// RUN: %memlint lint --verify-diagnostics %s
//
// What a loop's counter is past its first iteration. A for loop's variable
// is its lower bound plus at least one step (`%i >= 2` in a loop from 0 by
// 2, `d0 - 32 >= 0` in one by 32, is "not the first iteration"); a counter
// a loop carries from the value `%lb` itself, adding one while below a
// bound, is `%lb` only in its first iteration; and a bound computed in the
// body from values fixed before the loop (`%ub - 1`) is as fixed as they
// are, so the counter equals it in one iteration at most.

// Correct: the previous buffer is freed in every iteration but the first
// (then it is the stack one).
func.func @step_two(%n: index) {
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  %init = memref.alloca() : memref<4xf32>
  %r = scf.for %i = %c0 to %n step %c2 iter_args(%b = %init) -> memref<4xf32> {
    %x = memref.alloc() : memref<4xf32>
    %v = memref.load %b[%c0] : memref<4xf32>
    memref.store %v, %x[%c0] : memref<4xf32>
    %notfirst = arith.cmpi sge, %i, %c2 : index
    scf.if %notfirst {
      memref.dealloc %b : memref<4xf32>
    }
    scf.yield %x : memref<4xf32>
  }
  %ran = arith.cmpi sgt, %n, %c0 : index
  scf.if %ran {
    memref.dealloc %r : memref<4xf32>
  }
  return
}

// Correct: the same for tiles of 32.
func.func @affine_tiles(%x: memref<256xf32>) {
  %init = memref.alloca() : memref<32xf32>
  %r = affine.for %i = 0 to 256 step 32 iter_args(%b = %init) -> memref<32xf32> {
    %t = memref.alloc() : memref<32xf32>
    "npu.load_tile"(%x, %i, %t, %b) : (memref<256xf32>, index, memref<32xf32>, memref<32xf32>) -> ()
    affine.if affine_set<(d0) : (d0 - 32 >= 0)>(%i) {
      memref.dealloc %b : memref<32xf32>
    }
    affine.yield %t : memref<32xf32>
  }
  memref.dealloc %r : memref<32xf32>
  return
}

// Wrong: `%i >= 4` in a loop by 2 also skips the second iteration,
// whose previous buffer (the first iteration's) then leaks, and the first
// one is never freed.
func.func @step_two_skips_two(%n: index) {
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  // expected-warning@+1 {{buffer %init is never freed}}
  %init = memref.alloc() : memref<4xf32>
  %r = scf.for %i = %c0 to %n step %c2 iter_args(%b = %init) -> memref<4xf32> {
    // expected-warning@+1 {{buffer %x allocated in a loop is not freed before the next iteration allocates it again}}
    %x = memref.alloc() : memref<4xf32>
    %v = memref.load %b[%c0] : memref<4xf32>
    memref.store %v, %x[%c0] : memref<4xf32>
    %late = arith.cmpi sge, %i, %c4 : index
    scf.if %late {
      memref.dealloc %b : memref<4xf32>
    }
    scf.yield %x : memref<4xf32> // expected-note {{the loop repeats here}}
  }
  %ran = arith.cmpi sgt, %n, %c0 : index
  scf.if %ran {
    memref.dealloc %r : memref<4xf32>
  }
  return // expected-note 2 {{the function exits here}}
}

// Correct: freed in the last iteration (a flag says so), else after the
// loop; `%ub - 1` is computed in the body.
func.func @last_iteration(%ub: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %false = arith.constant false
  %true = arith.constant true
  %a = memref.alloc() : memref<4xf32>
  %d = scf.for %i = %c0 to %ub step %c1 iter_args(%done = %false) -> (i1) {
    %u = arith.subi %ub, %c1 : index
    %e = arith.cmpi eq, %i, %u : index
    %r = scf.if %e -> (i1) {
      memref.dealloc %a : memref<4xf32>
      scf.yield %true : i1
    } else {
      scf.yield %done : i1
    }
    scf.yield %r : i1
  }
  %nd = arith.xori %d, %true : i1
  scf.if %nd {
    memref.dealloc %a : memref<4xf32>
  }
  return
}

// Wrong: `%ub - %i` changes every iteration; `%i == %ub - %i` may hold in
// none, and the free in the body is not the only one.
func.func @moving_bound(%ub: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  // expected-warning@+1 {{buffer %a is never freed when the loop at}}
  %a = memref.alloc() : memref<4xf32> // expected-note {{%a allocated here}}
  scf.for %i = %c0 to %ub step %c1 {
    %u = arith.subi %ub, %i : index
    %e = arith.cmpi eq, %i, %u : index
    scf.if %e {
      // expected-error@+1 {{buffer %a is freed twice}}
      memref.dealloc %a : memref<4xf32> // expected-note {{freed here in the previous iteration of the loop}}
    }
  }
  return // expected-note {{the function exits here}}
}

// Correct: -scf-for-to-while's loop from %lb, freeing at `%i == %lb`.
func.func @while_from_lb(%lb: index, %ub: index, %m: memref<4xf32>) {
  %c1 = arith.constant 1 : index
  // expected-warning@+1 {{buffer %a is never freed when %lb >= %ub}}
  %a = memref.alloc() : memref<4xf32>
  memref.copy %m, %a : memref<4xf32> to memref<4xf32>
  %w = scf.while (%i = %lb) : (index) -> index {
    %go = arith.cmpi slt, %i, %ub : index
    scf.condition(%go) %i : index
  } do {
  ^bb0(%j: index):
    %first = arith.cmpi eq, %j, %lb : index
    scf.if %first {
      memref.copy %a, %m : memref<4xf32> to memref<4xf32>
      memref.dealloc %a : memref<4xf32>
    }
    %next = arith.addi %j, %c1 : index
    scf.yield %next : index
  }
  // (Not freed where the loop never ran: a leak of its own.)
  return // expected-note {{the function exits here}}
}

// Wrong: entered from %lb but stepping by two in a loop to %ub may wrap;
// only steps of one are read, so the free is read as possible again.
func.func @while_from_lb_by_two(%lb: index, %ub: index) {
  %c2 = arith.constant 2 : index
  // expected-warning@+1 {{buffer %a is never freed when the loop at}}
  %a = memref.alloc() : memref<4xf32> // expected-note {{%a allocated here}}
  %w = scf.while (%i = %lb) : (index) -> index {
    %go = arith.cmpi slt, %i, %ub : index
    scf.condition(%go) %i : index
  } do {
  ^bb0(%j: index):
    %first = arith.cmpi eq, %j, %lb : index
    scf.if %first {
      // expected-error@+1 {{buffer %a is freed twice}}
      memref.dealloc %a : memref<4xf32> // expected-note {{freed here in the previous iteration of the loop}}
    }
    %next = arith.addi %j, %c2 : index
    scf.yield %next : index
  }
  return // expected-note {{the function exits here}}
}

// Wrong: entered with %y on one edge and 0 on the other, so the counter's
// first value is neither for sure; with %e, `%x == %y` holds at once, %a
// is freed in the header, the test `%y < %y` fails and the exit frees it
// again.
func.func @entered_y_or_constant(%e: i1, %nn: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c5 = arith.constant 5 : index
  %true = arith.constant true
  %false = arith.constant false
  %y = arith.maxsi %nn, %c5 : index
  %a = memref.alloc() : memref<4xf32> // expected-note {{%a allocated here}}
  cf.cond_br %e, ^p1, ^p2
^p2:
  cf.br ^h(%c0, %true : index, i1)
^p1:
  cf.br ^h(%y, %true : index, i1)
^h(%x: index, %fl: i1):
  %eq = arith.cmpi eq, %x, %y : index
  %both = arith.andi %fl, %eq : i1
  scf.if %both {
    memref.dealloc %a : memref<4xf32> // expected-note {{first freed here}}
  }
  %go = arith.cmpi slt, %x, %y : index
  cf.cond_br %go, ^body, ^exit
^body:
  %n = arith.addi %x, %c1 : index
  cf.br ^h(%n, %false : index, i1)
^exit:
  // expected-error@+1 {{buffer %a is freed twice}}
  memref.dealloc %a : memref<4xf32>
  return
}

// Wrong: a frozen undefined value may differ in every iteration: it is
// not fixed by being computed from values fixed before the loop.
func.func @frozen_undef() {
  %c0 = arith.constant 0 : i64
  %c1 = arith.constant 1 : i64
  %c10 = arith.constant 10 : i64
  %u = llvm.mlir.undef : i64
  // expected-warning@+1 {{buffer %a is never freed}}
  %a = memref.alloc() : memref<4xf32> // expected-note {{%a allocated here}}
  scf.for %i = %c0 to %c10 step %c1 : i64 {
    %f = llvm.freeze %u : i64
    %q = arith.cmpi eq, %i, %f : i64
    scf.if %q {
      // expected-error@+1 {{buffer %a is freed twice}}
      memref.dealloc %a : memref<4xf32> // expected-note {{freed here in the previous iteration of the loop}}
    }
  }
  return // expected-note {{the function exits here}}
}

// Wrong: a counter entered with an undefined value: each use of it may
// read another, so `%i == %y` may hold again later.
func.func @entered_undef(%b: index) {
  %c1 = arith.constant 1 : index
  %y = ub.poison : index
  // expected-warning@+1 {{buffer %m is never freed}}
  %m = memref.alloc() : memref<4xf32> // expected-note {{%m allocated here}}
  cf.br ^h(%y : index)
^h(%i: index):
  %go = arith.cmpi slt, %i, %b : index
  cf.cond_br %go, ^body, ^exit
^body:
  %eq = arith.cmpi eq, %i, %y : index
  cf.cond_br %eq, ^free, ^latch
^free:
  // expected-error@+1 {{buffer %m is freed twice}}
  memref.dealloc %m : memref<4xf32> // expected-note {{freed here in the previous iteration of the loop}}
  cf.br ^latch
^latch:
  %n = arith.addi %i, %c1 : index
  cf.br ^h(%n : index)
^exit:
  return // expected-note {{the function exits here}}
}
