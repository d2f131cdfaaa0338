// RUN: not %memlint lint %s | FileCheck %s --check-prefix=LINT
// RUN: %memlint fix %s | grep -v '^//' | FileCheck %s --check-prefix=FIX
// RUN: %memlint fix %s | %memlint lint -
//
// An scf.while that counts to a constant leaves with its test false now
// and true in the iteration before. The back edge of the loop around it
// used to merge both into one copy of the test, so no path reached that
// loop's later iterations: `memlint fix` freed %a inside the outer loop,
// and the lint of its output, blind in the same way, saw no double free
// (at run time it freed %a again in every later iteration). Now the later
// iterations are checked: the buffer the outer loop ends with in its
// second slot is freed after it, and the fixed program frees each buffer
// once at run time (0, 1 and 3 iterations under the counting allocator).
// LINT: warning: buffer %a is never freed when the loop at {{[0-9]+}}:10 runs exactly once [leak]
// LINT: warning: buffer %b is never freed when the loop at {{[0-9]+}}:10 runs zero times [leak]
// FIX-NOT: memref.dealloc
// FIX: scf.yield %w#1, %w#2
// FIX-NEXT: }
// FIX-NEXT: memref.dealloc %r#1 : memref<4xf32>
// FIX: memref.dealloc %r#0 : memref<4xf32>
// FIX-NOT: memref.dealloc

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
