// -lift-cf-to-scf writes a loop's test as `trunci` of an integer an scf.if
// yields as 1 or 0 on the comparison (or 0 or 1 on its negation): that is
// the loop's own test, so a counter entered as a constant has its first
// iteration known as when `scf.condition` takes the comparison itself.
// RUN: %memlint lint --verify-diagnostics %s

// Correct: -lift-cf-to-scf's form of a one-trip loop (0 < 1, then 1 < 1).
func.func @lifted_one_trip() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c0_i32 = arith.constant 0 : i32
  %c1_i32 = arith.constant 1 : i32
  %alloc = memref.alloc() : memref<4xf32>
  %r = scf.while (%k = %c0) : (index) -> index {
    %t = arith.cmpi slt, %k, %c1 : index
    %sel = scf.if %t -> (i32) {
      scf.yield %c1_i32 : i32
    } else {
      scf.yield %c0_i32 : i32
    }
    %go = arith.trunci %sel : i32 to i1
    scf.condition(%go) %k : index
  } do {
  ^bb0(%k2: index):
    memref.dealloc %alloc : memref<4xf32>
    %k3 = arith.addi %k2, %c1 : index
    scf.yield %k3 : index
  }
  return
}
// Correct: the flag yielded the other way round (0 when the exit test
// holds), under a guard on the bound.
func.func @lifted_negated(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c0_i32 = arith.constant 0 : i32
  %c1_i32 = arith.constant 1 : i32
  %alloc = memref.alloc() : memref<4xf32>
  %pos = arith.cmpi sgt, %n, %c0 : index
  scf.if %pos {
    %r = scf.while (%k = %c0) : (index) -> index {
      %done = arith.cmpi sge, %k, %n : index
      %sel = scf.if %done -> (i32) {
        scf.yield %c0_i32 : i32
      } else {
        scf.yield %c1_i32 : i32
      }
      %go = arith.trunci %sel : i32 to i1
      scf.condition(%go) %k : index
    } do {
    ^bb0(%k2: index):
      %first = arith.cmpi eq, %k2, %c0 : index
      scf.if %first {
        memref.dealloc %alloc : memref<4xf32>
      }
      %k3 = arith.addi %k2, %c1 : index
      scf.yield %k3 : index
    }
  } else {
    memref.dealloc %alloc : memref<4xf32>
  }
  return
}
// Buggy: two trips (0 < 2, 1 < 2), the body frees each time.
func.func @lifted_two_trips() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c0_i32 = arith.constant 0 : i32
  %c1_i32 = arith.constant 1 : i32
  %alloc = memref.alloc() : memref<4xf32>
  %r = scf.while (%k = %c0) : (index) -> index {
    %t = arith.cmpi slt, %k, %c2 : index
    %sel = scf.if %t -> (i32) {
      scf.yield %c1_i32 : i32
    } else {
      scf.yield %c0_i32 : i32
    }
    %go = arith.trunci %sel : i32 to i1
    scf.condition(%go) %k : index
  } do {
  ^bb0(%k2: index):
    memref.dealloc %alloc : memref<4xf32> // expected-error {{buffer %alloc is freed twice when the loop at 72:8 is past its first iteration [double-free]}}
    %k3 = arith.addi %k2, %c1 : index
    scf.yield %k3 : index
  }
  return
}
// Buggy: negated flag, one trip, but the guard frees too.
func.func @lifted_negated_guard_frees(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c0_i32 = arith.constant 0 : i32
  %c1_i32 = arith.constant 1 : i32
  %alloc = memref.alloc() : memref<4xf32> // expected-warning {{buffer %alloc is never freed when %pos is false (it is freed only on other paths) [leak]}}
  %pos = arith.cmpi sgt, %n, %c0 : index
  scf.if %pos {
    memref.dealloc %alloc : memref<4xf32>
  }
  %r = scf.while (%k = %c0) : (index) -> index {
    %done = arith.cmpi sge, %k, %n : index
    %sel = scf.if %done -> (i32) {
      scf.yield %c0_i32 : i32
    } else {
      scf.yield %c1_i32 : i32
    }
    %go = arith.trunci %sel : i32 to i1
    scf.condition(%go) %k : index
  } do {
  ^bb0(%k2: index):
    %first = arith.cmpi eq, %k2, %c0 : index
    scf.if %first {
      memref.dealloc %alloc : memref<4xf32> // expected-error {{buffer %alloc is freed twice [double-free]}}
    }
    %k3 = arith.addi %k2, %c1 : index
    scf.yield %k3 : index
  }
  return
}

// The test negated with `xori %c, true` (a loop that goes on while
// `%i >= %n` fails): the first iteration is still known, and the free
// under `%i == 0` runs once (a false double free before; helper-79).
// The leak when the loop does not run is true.
func.func @lifted_negated_test(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %true = arith.constant true
  // expected-warning@+1 {{buffer %m is never freed when %n <= 0 (it is freed only on other paths)}}
  %m = memref.alloc() : memref<8xf32>
  %r = scf.while (%i = %c0) : (index) -> index {
    %done = arith.cmpi sge, %i, %n : index
    %go = arith.xori %done, %true : i1
    %w = scf.if %go -> i32 {
      %one = arith.constant 1 : i32
      scf.yield %one : i32
    } else {
      %zero = arith.constant 0 : i32
      scf.yield %zero : i32
    }
    %t = arith.trunci %w : i32 to i1
    scf.condition(%t) %i : index
  } do {
  ^bb0(%i: index):
    %j = arith.addi %i, %c1 : index
    %first = arith.cmpi eq, %i, %c0 : index
    scf.if %first {
      memref.dealloc %m : memref<8xf32>
    }
    scf.yield %j : index
  }
  return // expected-note {{the function exits here with %m still allocated}}
}

// The same loop freeing in its first two iterations: freed twice.
func.func @lifted_negated_test_two_frees(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %true = arith.constant true
  // expected-note@+2 {{%m allocated here}}
  // expected-warning@+1 {{buffer %m is never freed when the loop at 163:8 runs zero times (it is freed only on other paths)}}
  %m = memref.alloc() : memref<8xf32>
  %r = scf.while (%i = %c0) : (index) -> index {
    %done = arith.cmpi sge, %i, %n : index
    %go = arith.xori %done, %true : i1
    scf.condition(%go) %i : index
  } do {
  ^bb0(%i: index):
    %j = arith.addi %i, %c1 : index
    %early = arith.cmpi ule, %i, %c1 : index
    scf.if %early {
      // expected-error@+2 {{buffer %m is freed twice}}
      // expected-note@+1 {{freed here in the previous iteration of the loop}}
      memref.dealloc %m : memref<8xf32>
    }
    scf.yield %j : index
  }
  return // expected-note {{the function exits here with %m still allocated}}
}
