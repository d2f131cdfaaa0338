// A counter an scf.while enters with 0 and passes on plus 1 while it is
// below the bound is 0 or, later, at most the bound: a loop `0 < 1` never
// sees 5 (upstream's range analysis widens it to every value), so a free
// under `%a == 5` there never runs. Where the counter can reach the value,
// the double free is still found.
// RUN: %memlint lint --verify-diagnostics %s

// Correct.
func.func @runs_once_never_five(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c5 = arith.constant 5 : index
  %alloc = memref.alloc() : memref<4xf32>
  %1 = scf.while (%arg0 = %c0) : (index) -> index {
    %3 = arith.cmpi slt, %arg0, %c1 : index
    scf.condition(%3) %arg0 : index
  } do {
  ^bb0(%a: index):
    %6 = arith.cmpi eq, %a, %c5 : index
    scf.if %6 {
      memref.dealloc %alloc : memref<4xf32>
    }
    %7 = arith.addi %a, %c1 : index
    scf.yield %7 : index
  }
  memref.dealloc %alloc : memref<4xf32>
  return
}

// Correct.
func.func @runs_once_never_one(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c5 = arith.constant 5 : index
  %alloc = memref.alloc() : memref<4xf32>
  %1 = scf.while (%arg0 = %c0) : (index) -> index {
    %3 = arith.cmpi slt, %arg0, %c1 : index
    scf.condition(%3) %arg0 : index
  } do {
  ^bb0(%a: index):
    %6 = arith.cmpi eq, %a, %c1 : index
    scf.if %6 {
      memref.dealloc %alloc : memref<4xf32>
    }
    %7 = arith.addi %a, %c1 : index
    scf.yield %7 : index
  }
  memref.dealloc %alloc : memref<4xf32>
  return
}

// Correct.
func.func @runs_twice_never_five(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c5 = arith.constant 5 : index
  %alloc = memref.alloc() : memref<4xf32>
  %1 = scf.while (%arg0 = %c0) : (index) -> index {
    %3 = arith.cmpi slt, %arg0, %c2 : index
    scf.condition(%3) %arg0 : index
  } do {
  ^bb0(%a: index):
    %6 = arith.cmpi eq, %a, %c5 : index
    scf.if %6 {
      memref.dealloc %alloc : memref<4xf32>
    }
    %7 = arith.addi %a, %c1 : index
    scf.yield %7 : index
  }
  memref.dealloc %alloc : memref<4xf32>
  return
}

// Buggy.
func.func @runs_twice_frees_at_one(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c5 = arith.constant 5 : index
  %alloc = memref.alloc() : memref<4xf32>
  %1 = scf.while (%arg0 = %c0) : (index) -> index {
    %3 = arith.cmpi slt, %arg0, %c2 : index
    scf.condition(%3) %arg0 : index
  } do {
  ^bb0(%a: index):
    %6 = arith.cmpi eq, %a, %c1 : index
    scf.if %6 {
      memref.dealloc %alloc : memref<4xf32>
    }
    %7 = arith.addi %a, %c1 : index
    scf.yield %7 : index
  }
  memref.dealloc %alloc : memref<4xf32> // expected-error {{buffer %alloc is freed twice when the loop at 84:8 runs at least once [double-free]}}
  return
}

// Buggy.
func.func @dynamic_bound_frees_at_five(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c5 = arith.constant 5 : index
  %alloc = memref.alloc() : memref<4xf32>
  %1 = scf.while (%arg0 = %c0) : (index) -> index {
    %3 = arith.cmpi slt, %arg0, %n : index
    scf.condition(%3) %arg0 : index
  } do {
  ^bb0(%a: index):
    %6 = arith.cmpi eq, %a, %c5 : index
    scf.if %6 {
      memref.dealloc %alloc : memref<4xf32>
    }
    %7 = arith.addi %a, %c1 : index
    scf.yield %7 : index
  }
  memref.dealloc %alloc : memref<4xf32> // expected-error {{buffer %alloc is freed twice when the loop at 107:8 runs at least once [double-free]}}
  return
}
