// RUN: %memlint lint %s
// RUN: sed 's/arith.cmpi eq, %i, %c0/arith.cmpi ule, %i, %c1/' %s | not %memlint lint - | FileCheck %s --check-prefix=TWICE
//
// -lift-cf-to-scf (after -convert-scf-to-cf or -scf-for-to-while) writes
// an scf.while whose before region tests the counter in an scf.if that
// yields the next counter with `true` when the test holds and a poison
// with `false` when it fails, and the condition forwards that pair: the
// flag is the test, so the counter goes on as `%i + 1` and is past 0 after
// the first iteration. The same scf.if may yield one value from both of
// its branches, on the step or on the entry (helper-134: false double
// frees and leaks, runtime-checked: each function frees once). Freeing
// at `%i <= 1` frees twice.
// TWICE: error: buffer %alloc is freed twice
// TWICE: error: buffer %alloc is freed twice
// TWICE: error: buffer %alloc is freed twice

func.func @flag_beside_counter() {
  %p = ub.poison : index
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %true = arith.constant true
  %false = arith.constant false
  %alloc = memref.alloc() : memref<4xf32>
  %r = scf.while (%i = %c0) : (index) -> index {
    %go = arith.cmpi slt, %i, %c8 : index
    %n:2 = scf.if %go -> (index, i1) {
      %f = arith.cmpi eq, %i, %c0 : index
      scf.if %f {
        memref.dealloc %alloc : memref<4xf32>
      }
      %i1 = arith.addi %i, %c1 : index
      scf.yield %i1, %true : index, i1
    } else {
      scf.yield %p, %false : index, i1
    }
    scf.condition(%n#1) %n#0 : index
  } do {
  ^bb0(%x: index):
    scf.yield %x : index
  }
  return
}

func.func @step_yielded_by_both_branches(%b: i1) {
  %p = ub.poison : index
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %true = arith.constant true
  %false = arith.constant false
  %alloc = memref.alloc() : memref<4xf32>
  %r = scf.while (%i = %c0) : (index) -> index {
    %go = arith.cmpi slt, %i, %c8 : index
    %n:2 = scf.if %go -> (index, i1) {
      %f = arith.cmpi eq, %i, %c0 : index
      scf.if %f {
        memref.dealloc %alloc : memref<4xf32>
      }
      %i1 = arith.addi %i, %c1 : index
      %m = scf.if %b -> index {
        scf.yield %i1 : index
      } else {
        scf.yield %i1 : index
      }
      scf.yield %m, %true : index, i1
    } else {
      scf.yield %p, %false : index, i1
    }
    scf.condition(%n#1) %n#0 : index
  } do {
  ^bb0(%x: index):
    scf.yield %x : index
  }
  return
}

func.func @entry_yielded_by_both_branches(%b: i1) {
  %p = ub.poison : index
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %true = arith.constant true
  %false = arith.constant false
  %alloc = memref.alloc() : memref<4xf32>
  %s = scf.if %b -> index {
    scf.yield %c0 : index
  } else {
    scf.yield %c0 : index
  }
  %r = scf.while (%i = %s) : (index) -> index {
    %go = arith.cmpi slt, %i, %c8 : index
    %n:2 = scf.if %go -> (index, i1) {
      %f = arith.cmpi eq, %i, %c0 : index
      scf.if %f {
        memref.dealloc %alloc : memref<4xf32>
      }
      %i1 = arith.addi %i, %c1 : index
      scf.yield %i1, %true : index, i1
    } else {
      scf.yield %p, %false : index, i1
    }
    scf.condition(%n#1) %n#0 : index
  } do {
  ^bb0(%x: index):
    scf.yield %x : index
  }
  return
}
