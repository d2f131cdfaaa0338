// RUN: not %memlint lint %s | FileCheck %s --check-prefix=LINT
// RUN: %memlint fix --check %s
// RUN: %memlint fix --unsafe-fixes --check %s
//
// An scf.while that counts to a constant leaves with its test false now
// and true in the iteration before; crossing the back edge of the loop
// around it merges both values into one copy of the test, and no path
// reaches that loop's later iterations: the lint of this function misses
// what they do. `memlint fix` used to free %a inside the outer loop (the
// lint of its output, blind in the same way, saw no double free, but at
// run time it freed %a again in every later iteration). No edit is proven
// against a function whose analysis lost paths: the leaks stay reported,
// and no fix changes the file.
// LINT: warning: buffer %a is never freed
// LINT: warning: buffer %b is never freed

func.func @swapped_by_inner_while(%n: index) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %a = memref.alloc() : memref<4xf32>
  %b = memref.alloc() : memref<4xf32>
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
  return %o : f32
}
