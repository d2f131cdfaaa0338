// RUN: %memlint lint --verify-diagnostics %s
//
// An scf.while that counts to a constant leaves with its test false now
// and true in the iteration before. Crossing the back edge of the loop
// around it used to merge both values into one copy of the test: no path
// reached the outer loop's later iterations, and what they did went
// unseen (the frees below in every iteration were no double free). Where
// merging leaves no path, the back edge keeps the nested copy apart.

// A buffer freed in every iteration of the outer loop.
func.func @freed_each_outer_iteration(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  // expected-warning@+1 {{buffer %a is never freed when the loop at 17:3 runs zero times (it is freed only on other paths)}}
  %a = memref.alloc() : memref<4xf32>
  %b = memref.alloc() : memref<4xf32>
  scf.for %i = %c0 to %n step %c1 {
    %w:2 = scf.while (%j = %c0, %x = %b) : (index, memref<4xf32>) -> (index, memref<4xf32>) {
      %lt = arith.cmpi slt, %j, %c1 : index
      scf.condition(%lt) %j, %x : index, memref<4xf32>
    } do {
    ^bb0(%jj: index, %xx: memref<4xf32>):
      %j1 = arith.addi %jj, %c1 : index
      scf.yield %j1, %xx : index, memref<4xf32>
    }
    // expected-error@+1 {{buffer %a is freed twice when the loop at 17:3 is past its first iteration}}
    memref.dealloc %a : memref<4xf32>
  }
  memref.dealloc %b : memref<4xf32>
  return
}

// The outer loop carries two buffers that the inner while swaps once.
func.func @swapped_and_freed_each_iteration(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %a = memref.alloc() : memref<4xf32>
  // expected-warning@+1 {{buffer %b is never freed when the loop at 40:10 runs zero times}}
  %b = memref.alloc() : memref<4xf32>
  %r:2 = scf.for %i = %c0 to %n step %c1 iter_args(%p = %a, %q = %b) -> (memref<4xf32>, memref<4xf32>) {
    %w:3 = scf.while (%j = %c0, %x = %p, %y = %q) : (index, memref<4xf32>, memref<4xf32>) -> (index, memref<4xf32>, memref<4xf32>) {
      %lt = arith.cmpi slt, %j, %c1 : index
      scf.condition(%lt) %j, %x, %y : index, memref<4xf32>, memref<4xf32>
    } do {
    ^bb0(%jj: index, %xx: memref<4xf32>, %yy: memref<4xf32>):
      %j1 = arith.addi %jj, %c1 : index
      scf.yield %j1, %yy, %xx : index, memref<4xf32>, memref<4xf32>
    }
    // expected-error@+1 {{buffer %a is freed twice when the loop at 40:10 is past its first iteration}}
    memref.dealloc %a : memref<4xf32>
    scf.yield %w#1, %w#2 : memref<4xf32>, memref<4xf32>
  }
  // expected-error@+1 {{buffer %a is freed twice (through its alias %r#0) when the loop at 40:10 runs more than once}}
  memref.dealloc %r#0 : memref<4xf32>
  return
}

// Correct: the inner while swaps the two buffers three times per outer
// iteration, and both are freed once after the loop.
func.func @pingpong_three_swaps(%n: index) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %one = arith.constant 1.0 : f32
  %a = memref.alloc() : memref<4xf32>
  %b = memref.alloc() : memref<4xf32>
  memref.store %one, %a[%c0] : memref<4xf32>
  memref.store %one, %b[%c0] : memref<4xf32>
  %r:2 = scf.for %i = %c0 to %n step %c1 iter_args(%p = %a, %q = %b) -> (memref<4xf32>, memref<4xf32>) {
    %w:3 = scf.while (%j = %c0, %x = %p, %y = %q) : (index, memref<4xf32>, memref<4xf32>) -> (index, memref<4xf32>, memref<4xf32>) {
      %lt = arith.cmpi slt, %j, %c3 : index
      scf.condition(%lt) %j, %x, %y : index, memref<4xf32>, memref<4xf32>
    } do {
    ^bb0(%jj: index, %xx: memref<4xf32>, %yy: memref<4xf32>):
      %v = memref.load %xx[%c0] : memref<4xf32>
      %v2 = arith.addf %v, %one : f32
      memref.store %v2, %yy[%c0] : memref<4xf32>
      %j1 = arith.addi %jj, %c1 : index
      scf.yield %j1, %yy, %xx : index, memref<4xf32>, memref<4xf32>
    }
    scf.yield %w#1, %w#2 : memref<4xf32>, memref<4xf32>
  }
  %res = memref.load %r#0[%c0] : memref<4xf32>
  memref.dealloc %r#0 : memref<4xf32>
  memref.dealloc %r#1 : memref<4xf32>
  return %res : f32
}
