// RUN: not %memlint lint %s | FileCheck %s
//
// Bugs after loops with constant bounds stay found. Leaving a loop that
// runs twice or more "not from its first iteration" left no path at all
// after two nested 0..2 loops carrying a buffer, and with a 3-trip swap
// the state after exactly two trips (helper-55; the rule was reverted).
// CHECK-DAG: after-constant-loops.mlir:24:8: warning: buffer %X is never freed [leak]
// CHECK-DAG: after-constant-loops.mlir:27:3: error: buffer %Y is freed twice [double-free]
// CHECK-DAG: after-constant-loops.mlir:42:3: error: buffer %B is freed twice
// CHECK-DAG: after-constant-loops.mlir:45:3: error: buffer %Z is freed twice [double-free]

func.func @nested_two_trip_loops() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %A = memref.alloc() : memref<4xf32>
  %L0 = scf.for %i0 = %c0 to %c2 step %c1 iter_args(%s0 = %A) -> (memref<4xf32>) {
    %L1 = scf.for %i1 = %c0 to %c2 step %c1 iter_args(%s1 = %s0) -> (memref<4xf32>) {
      scf.yield %s1 : memref<4xf32>
    }
    scf.yield %L1 : memref<4xf32>
  }
  memref.dealloc %L0 : memref<4xf32>
  %X = memref.alloc() : memref<4xf32>
  %Y = memref.alloc() : memref<4xf32>
  memref.dealloc %Y : memref<4xf32>
  memref.dealloc %Y : memref<4xf32>
  return
}

// Three swaps leave %r#0 = %B: freeing it and %B is a double free.
func.func @swap_three_times() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %A = memref.alloc() : memref<4xf32>
  %B = memref.alloc() : memref<4xf32>
  %r:2 = scf.for %i = %c0 to %c3 step %c1 iter_args(%x = %A, %y = %B) -> (memref<4xf32>, memref<4xf32>) {
    scf.yield %y, %x : memref<4xf32>, memref<4xf32>
  }
  memref.dealloc %r#0 : memref<4xf32>
  memref.dealloc %B : memref<4xf32>
  %Z = memref.alloc() : memref<4xf32>
  memref.dealloc %Z : memref<4xf32>
  memref.dealloc %Z : memref<4xf32>
  return
}
