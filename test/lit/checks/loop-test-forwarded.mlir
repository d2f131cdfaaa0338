// RUN: %memlint lint --verify-diagnostics %s
// RUN: %mlir-opt --convert-scf-to-cf %s | not %memlint lint - | grep -c "error:" | FileCheck %s --check-prefix=CFG
// CFG: 2
//
// What a loop test forwards where it holds keeps what the test said: an
// argument of an scf.while's body is below the bound its scf.condition
// compared it with (what -scf-for-to-while makes of an scf.for), and so is
// the argument of the block a cf.cond_br enters on that edge alone (the
// second RUN line: the same loops in CFG form). `%i == %ub` in the body
// never holds, and its free is no second free. Each silent function is
// followed by one that must not be.

func.func @while_counter_never_equals_its_bound(%lb: index, %ub: index) {
  %c1 = arith.constant 1 : index
  %a = memref.alloc() : memref<4xf32>
  %r = scf.while (%i = %lb) : (index) -> index {
    %go = arith.cmpi slt, %i, %ub : index
    scf.condition(%go) %i : index
  } do {
  ^bb0(%i: index):
    %eq = arith.cmpi eq, %i, %ub : index
    scf.if %eq {
      memref.dealloc %a : memref<4xf32>
    }
    %next = arith.addi %i, %c1 : index
    scf.yield %next : index
  }
  memref.dealloc %a : memref<4xf32>
  return
}

// The bound on the left of the test says the same.
func.func @while_bound_above_counter(%lb: index, %ub: index) {
  %c1 = arith.constant 1 : index
  %a = memref.alloc() : memref<4xf32>
  %r = scf.while (%i = %lb) : (index) -> index {
    %go = arith.cmpi sgt, %ub, %i : index
    scf.condition(%go) %i : index
  } do {
  ^bb0(%i: index):
    %ge = arith.cmpi sge, %i, %ub : index
    scf.if %ge {
      memref.dealloc %a : memref<4xf32>
    }
    %next = arith.addi %i, %c1 : index
    scf.yield %next : index
  }
  memref.dealloc %a : memref<4xf32>
  return
}

// `sle` lets %i reach %ub: the free in the body may run, and the one after
// the loop frees again (so may the body's, should %i wrap past the largest
// index). In CFG form, these two are the only findings.
func.func @while_counter_may_reach_its_bound(%lb: index, %ub: index) {
  %c1 = arith.constant 1 : index
  // expected-note@+1 2 {{%a allocated here}}
  %a = memref.alloc() : memref<4xf32>
  %r = scf.while (%i = %lb) : (index) -> index {
    %go = arith.cmpi sle, %i, %ub : index
    scf.condition(%go) %i : index
  } do {
  ^bb0(%i: index):
    %eq = arith.cmpi eq, %i, %ub : index
    scf.if %eq {
      // expected-error@+3 {{buffer %a is freed twice when the loop at 59:8 is past its first iteration}}
      // expected-note@+2 {{freed here in the previous iteration of the loop}}
      // expected-note@+1 {{first freed here}}
      memref.dealloc %a : memref<4xf32>
    }
    %next = arith.addi %i, %c1 : index
    scf.yield %next : index
  }
  // expected-error@+1 {{buffer %a is freed twice when the loop at 59:8 runs at least once}}
  memref.dealloc %a : memref<4xf32>
  return
}
