// RUN: %memlint lint --verify-diagnostics %s
//
// A counter an scf.while carries keeps its own test's pair cells; a
// comparison of it with another constant (in the body, through the after
// region's argument) knows what that test left: a loop `%a <= 1` never
// sees 2, so a free under `%a == 2` never runs.

// Correct: freed after the loop only.
func.func @never_two() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %cst = arith.constant 1.000000e+00 : f32
  %alloc = memref.alloc() : memref<4xf32>
  memref.store %cst, %alloc[%c0] : memref<4xf32>
  %1 = scf.while (%arg0 = %c0) : (index) -> index {
    %3 = arith.cmpi sle, %arg0, %c1 : index
    scf.condition(%3) %arg0 : index
  } do {
  ^bb0(%a: index):
    %6 = arith.cmpi eq, %a, %c2 : index
    scf.if %6 {
      memref.dealloc %alloc : memref<4xf32>
    }
    %7 = arith.addi %a, %c1 : index
    scf.yield %7 : index
  }
  %2 = memref.load %alloc[%c0] : memref<4xf32>
  memref.dealloc %alloc : memref<4xf32>
  return
}

// A loop `%a <= 1` sees 1: freed there, then used and freed again.
func.func @reaches_one() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %cst = arith.constant 1.000000e+00 : f32
  %alloc = memref.alloc() : memref<4xf32> // expected-note 2 {{%alloc allocated here}}
  memref.store %cst, %alloc[%c0] : memref<4xf32>
  %1 = scf.while (%arg0 = %c0) : (index) -> index {
    %3 = arith.cmpi sle, %arg0, %c1 : index
    scf.condition(%3) %arg0 : index
  } do {
  ^bb0(%a: index):
    %6 = arith.cmpi eq, %a, %c1 : index
    scf.if %6 {
      memref.dealloc %alloc : memref<4xf32> // expected-note {{freed here}} expected-note {{first freed here}}
    }
    %7 = arith.addi %a, %c1 : index
    scf.yield %7 : index
  }
  %2 = memref.load %alloc[%c0] : memref<4xf32> // expected-error {{uses buffer %alloc after it was freed when the loop at 40:8 runs at least once and %6 is false [use-after-free]}}
  memref.dealloc %alloc : memref<4xf32> // expected-error {{buffer %alloc is freed twice when the loop at 40:8 runs at least once and %6 is false [double-free]}}
  return
}
