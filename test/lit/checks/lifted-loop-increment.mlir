// -lift-cf-to-scf computes what goes round to the next iteration in an
// scf.if on the loop's own test: on the side the loop goes on, it is the
// counter plus a constant, so the loop's later iterations are known as for
// a counter the after region increments (a one-trip loop runs once). An
// scf.if on another condition tells nothing.
// RUN: %memlint lint --verify-diagnostics %s

// Correct: -lift-cf-to-scf's output of a one-trip CFG loop: the counter's
// increment reaches the next iteration through the scf.if on the loop's
// own test, on the side the loop goes on.
func.func @lifted_exact_output() {
  %0 = ub.poison : index
  %c1_i32 = arith.constant 1 : i32
  %c0_i32 = arith.constant 0 : i32
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %alloc = memref.alloc() : memref<4xf32>
  %1 = scf.while (%arg0 = %c0) : (index) -> index {
    %2 = arith.cmpi slt, %arg0, %c1 : index
    %3:3 = scf.if %2 -> (index, i32, i32) {
      memref.dealloc %alloc : memref<4xf32>
      %5 = arith.addi %arg0, %c1 : index
      scf.yield %5, %c0_i32, %c1_i32 : index, i32, i32
    } else {
      scf.yield %0, %c1_i32, %c0_i32 : index, i32, i32
    }
    %4 = arith.trunci %3#2 : i32 to i1
    scf.condition(%4) %3#0 : index
  } do {
  ^bb0(%arg0: index):
    scf.yield %arg0 : index
  }
  return
}
// Buggy: the same, two trips.
func.func @lifted_two_trips() {
  %0 = ub.poison : index
  %c1_i32 = arith.constant 1 : i32
  %c0_i32 = arith.constant 0 : i32
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %alloc = memref.alloc() : memref<4xf32>
  %1 = scf.while (%arg0 = %c0) : (index) -> index {
    %2 = arith.cmpi slt, %arg0, %c2 : index
    %3:3 = scf.if %2 -> (index, i32, i32) {
      memref.dealloc %alloc : memref<4xf32> // expected-error {{buffer %alloc is freed twice when the loop at 44:8 is past its first iteration [double-free]}}
      %5 = arith.addi %arg0, %c1 : index
      scf.yield %5, %c0_i32, %c1_i32 : index, i32, i32
    } else {
      scf.yield %0, %c1_i32, %c0_i32 : index, i32, i32
    }
    %4 = arith.trunci %3#2 : i32 to i1
    scf.condition(%4) %3#0 : index
  } do {
  ^bb0(%arg0: index):
    scf.yield %arg0 : index
  }
  return
}
// Correct: the condition forwarded directly, the increment in the then
// branch of an scf.if on it.
func.func @increment_in_before() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %alloc = memref.alloc() : memref<4xf32>
  %1 = scf.while (%arg0 = %c0) : (index) -> index {
    %2 = arith.cmpi slt, %arg0, %c1 : index
    %3 = scf.if %2 -> (index) {
      memref.dealloc %alloc : memref<4xf32>
      %5 = arith.addi %arg0, %c1 : index
      scf.yield %5 : index
    } else {
      scf.yield %arg0 : index
    }
    scf.condition(%2) %3 : index
  } do {
  ^bb0(%arg0: index):
    scf.yield %arg0 : index
  }
  return
}
// Buggy: the scf.if tests another comparison: the counter may stay at 0
// (when %k is false), so the loop frees in every iteration.
func.func @increment_on_other_test(%k: i1) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %alloc = memref.alloc() : memref<4xf32>
  %1 = scf.while (%arg0 = %c0) : (index) -> index {
    %2 = arith.cmpi slt, %arg0, %c1 : index
    %3 = scf.if %k -> (index) {
      %5 = arith.addi %arg0, %c1 : index
      scf.yield %5 : index
    } else {
      scf.yield %arg0 : index
    }
    scf.condition(%2) %3 : index
  } do {
  ^bb0(%arg0: index):
    memref.dealloc %alloc : memref<4xf32> // expected-error {{buffer %alloc is freed twice when the loop at 89:8 is past its first iteration [double-free]}}
    scf.yield %arg0 : index
  }
  return
}
