// RUN: not %memlint lint --no-color %s | FileCheck %s --implicit-check-not="[leak]" --implicit-check-not="[double-free]"
//
// Integers an scf.for carries in its iter_args. Upstream's
// scf::getForInductionVarOwner answers for every argument of the body, so
// each iter_arg was read as the induction variable: equal to the lower
// bound in the first iteration alone. A value carried unchanged from the
// lower bound is that bound in every iteration (its free there is a double
// free, missed); a state set once and kept is known from what the edges
// pass (the cases of the iter_arg: the entry's in the first iteration,
// the back edge's later), and a counter that steps like the induction
// variable from the lower bound keeps the first-iteration reading.

// Clean: the state is 0 until the free sets it to 1, and the free after
// the loop runs only where it stayed 0 (the loop ran zero times, or never
// met %k).
func.func @state_set_once(%n: index, %k: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %a = memref.alloc() : memref<4xf32>
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%st = %c0) -> (index) {
    %h = arith.cmpi eq, %i, %k : index
    %nf = arith.cmpi eq, %st, %c0 : index
    %g = arith.andi %h, %nf : i1
    %o = scf.if %g -> (index) {
      memref.dealloc %a : memref<4xf32>
      scf.yield %c1 : index
    } else {
      scf.yield %st : index
    }
    scf.yield %o : index
  }
  %still = arith.cmpi eq, %r, %c0 : index
  scf.if %still {
    memref.dealloc %a : memref<4xf32>
  }
  return
}

// Clean: freed in the first iteration (the state is 0 only there), and
// after the loop where it never ran.
func.func @state_freed_first(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %a = memref.alloc() : memref<4xf32>
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%st = %c0) -> (index) {
    %h = arith.cmpi eq, %st, %c0 : index
    %o = scf.if %h -> (index) {
      memref.dealloc %a : memref<4xf32>
      scf.yield %c1 : index
    } else {
      scf.yield %st : index
    }
    scf.yield %o : index
  }
  %still = arith.cmpi eq, %r, %c0 : index
  scf.if %still {
    memref.dealloc %a : memref<4xf32>
  }
  return
}

// A count that steps with the induction variable from the lower bound is
// 0 only in the first iteration, so the buffer of the iteration before is
// freed from the second on, never %a: no double free of %a. (The last
// iteration's buffer is left over: a true leak, found.)
func.func @count_frees_previous(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %a = memref.alloc() : memref<4xf32>
  %r:2 = scf.for %i = %c0 to %n step %c1 iter_args(%buf = %a, %cnt = %c0) -> (memref<4xf32>, index) {
    %new = memref.alloc() : memref<4xf32>
    %later = arith.cmpi ne, %cnt, %c0 : index
    scf.if %later {
      memref.dealloc %buf : memref<4xf32>
    }
    %next = arith.addi %cnt, %c1 : index
    scf.yield %new, %next : memref<4xf32>, index
  }
  memref.dealloc %a : memref<4xf32>
  return
}
// CHECK: for-carried-integers.mlir:[[@LINE-11]]:12: warning: buffer %new is never freed when the loop at [[@LINE-12]]:10 runs [leak]

// Buggy: a value carried unchanged from the lower bound is the bound in
// every iteration: the free runs in each.
func.func @carried_unchanged(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %a = memref.alloc() : memref<4xf32>
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%st = %c0) -> (index) {
    %h = arith.cmpi eq, %st, %c0 : index
    scf.if %h {
      memref.dealloc %a : memref<4xf32>
    }
    scf.yield %st : index
  }
  return
}
// CHECK: for-carried-integers.mlir:[[@LINE-10]]:8: warning: buffer %a is never freed when the loop at [[@LINE-9]]:8 runs zero times (it is freed only on other paths) [leak]
// CHECK: for-carried-integers.mlir:[[@LINE-7]]:7: error: buffer %a is freed twice when the loop at [[@LINE-10]]:8 is past its first iteration [double-free]
