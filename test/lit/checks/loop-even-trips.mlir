// RUN: %memlint lint %s
// RUN: sed 's/%c2 = arith.constant 2 /%c2 = arith.constant 4 /' %s | %memlint lint -
// RUN: sed 's/%c2 = arith.constant 2 /%c2 = arith.constant 3 /' %s | not %memlint lint - | FileCheck %s --check-prefix=ODD
//
// Two buffers swapped in each iteration of a loop with constant bounds
// that runs it twice: after the loop %r#0 is %A again, so freeing %r#0 and
// %B is right. The loop "running at most once" was taken as a way out of
// it (a false leak of %A and double free of %B). An even trip count
// leaves no exit from the first iteration; three trips leave %B in %r#0,
// which those frees free twice.
// ODD: warning: buffer %A is never freed
// ODD: error: buffer %B is freed twice

func.func @swapped_twice() -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %one = arith.constant 1.0 : f32
  %A = memref.alloc() : memref<4xf32>
  %B = memref.alloc() : memref<4xf32>
  memref.store %one, %A[%c0] : memref<4xf32>
  %r:2 = scf.for %i = %c0 to %c2 step %c1 iter_args(%s = %A, %d = %B) -> (memref<4xf32>, memref<4xf32>) {
    %v = memref.load %s[%c0] : memref<4xf32>
    %w = arith.addf %v, %one : f32
    memref.store %w, %d[%c0] : memref<4xf32>
    scf.yield %d, %s : memref<4xf32>, memref<4xf32>
  }
  %x = memref.load %r#0[%c0] : memref<4xf32>
  memref.dealloc %r#0 : memref<4xf32>
  memref.dealloc %B : memref<4xf32>
  return %x : f32
}
