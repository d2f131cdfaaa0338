// RUN: %memlint lint --verify-diagnostics %s
// RUN: not %memlint fix %s > %t.mlir
// RUN: not %memlint lint %t.mlir | FileCheck %s --check-prefix=FIXED
//
// An scf.while that counts to a constant leaves with its test false now
// and true in the iteration before. Crossing the back edge of a loop
// around it renamed both values into the outer loop's one copy of the
// test, which asserted they were equal: no path was left into the outer
// loop's later iterations, so nothing they did was checked (a free in the
// outer body was no double free, and `memlint fix` placed a free there
// that the lint of its output did not see).

func.func @free_in_outer_body(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %a = memref.alloc() : memref<4xf32> // expected-note {{%a allocated here}} expected-warning {{buffer %a is never freed when the loop at 18:3 runs zero times (it is freed only on other paths) [leak]}}
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
    // expected-note@+2 {{freed here in the previous iteration of the loop}}
    // expected-error@+1 {{buffer %a is freed twice when the loop at 18:3 is past its first iteration [double-free]}}
    memref.dealloc %a : memref<4xf32>
  }
  memref.dealloc %b : memref<4xf32>
  return // expected-note {{the function exits here with %a still allocated}}
}

// Two buffers swapped once per outer iteration: which one %r#0 is depends
// on how often the outer loop ran. Each leaks on some path; no free placed
// inside the loops fixes that (the fix's output is checked, and a free of
// %a in a loop body is freed again in its next iteration).
func.func @swapped_by_inner_while(%n: index) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %a = memref.alloc() : memref<4xf32> // expected-warning {{buffer %a is never freed when the loop at 44:10 runs exactly once [leak]}}
  %b = memref.alloc() : memref<4xf32> // expected-warning {{buffer %b is never freed when the loop at 44:10 runs zero times [leak]}}
  %r:2 = scf.for %i = %c0 to %n step %c1 iter_args(%p = %a, %q = %b) -> (memref<4xf32>, memref<4xf32>) {
    %w:3 = scf.while (%j = %c0, %x = %p, %y = %q) : (index, memref<4xf32>, memref<4xf32>) -> (index, memref<4xf32>, memref<4xf32>) {
      %lt = arith.cmpi slt, %j, %c1 : index
      scf.condition(%lt) %j, %x, %y : index, memref<4xf32>, memref<4xf32>
    } do {
    ^bb0(%jj: index, %xx: memref<4xf32>, %yy: memref<4xf32>):
      %t = memref.load %xx[%c0] : memref<4xf32>
      memref.store %t, %yy[%c0] : memref<4xf32>
      %j1 = arith.addi %jj, %c1 : index
      scf.yield %j1, %yy, %xx : index, memref<4xf32>, memref<4xf32>
    }
    scf.yield %w#1, %w#2 : memref<4xf32>, memref<4xf32>
  }
  %o = memref.load %r#0[%c0] : memref<4xf32>
  memref.dealloc %r#0 : memref<4xf32>
  return %o : f32 // expected-note 2 {{the function exits here with}}
}
// FIXED-NOT: error:
// FIXED: warning: buffer %a is never freed when the loop at {{.*}} runs exactly once [leak]
// FIXED-NOT: error:
