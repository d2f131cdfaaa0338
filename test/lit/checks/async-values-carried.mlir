// RUN: %memlint lint --verify-diagnostics %s
//
// A future of a buffer (`!async.value<memref<...>>`) holds that buffer
// through block arguments and loop-carried values as a memref would
// (helper-73's class 3: the argument lost it, and the buffer leaked).

// Correct: forwarded to a block, awaited there and freed.
func.func @through_a_block_argument() {
  %t, %v1 = async.execute -> !async.value<memref<4xf32>> {
    %b = memref.alloc() : memref<4xf32>
    async.yield %b : memref<4xf32>
  }
  cf.br ^bb1(%v1 : !async.value<memref<4xf32>>)
^bb1(%v: !async.value<memref<4xf32>>):
  %m = async.await %v : !async.value<memref<4xf32>>
  memref.dealloc %m : memref<4xf32>
  return
}

// The same, never freed.
func.func @through_a_block_argument_leaked() {
  %t, %v1 = async.execute -> !async.value<memref<4xf32>> {
    %b = memref.alloc() : memref<4xf32> // expected-warning {{buffer %b is never freed [leak]}}
    async.yield %b : memref<4xf32>
  }
  cf.br ^bb1(%v1 : !async.value<memref<4xf32>>)
^bb1(%v: !async.value<memref<4xf32>>):
  %m = async.await %v : !async.value<memref<4xf32>>
  return // expected-note {{the function exits here with %b still allocated}}
}

// Correct: a pipeline whose every stage frees the buffer the stage before
// it made, carried as a future around the loop; the last is freed after it.
func.func @carried_by_a_loop(%x: f32, %n: index) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %t0, %v0 = async.execute -> !async.value<memref<4xf32>> {
    %b0 = memref.alloc() : memref<4xf32>
    memref.store %x, %b0[%c0] : memref<4xf32>
    async.yield %b0 : memref<4xf32>
  }
  %res = scf.for %i = %c0 to %n step %c1 iter_args(%v = %v0) -> !async.value<memref<4xf32>> {
    %t, %nv = async.execute (%v as %b: !async.value<memref<4xf32>>) -> !async.value<memref<4xf32>> {
      %nb = memref.alloc() : memref<4xf32>
      memref.copy %b, %nb : memref<4xf32> to memref<4xf32>
      memref.dealloc %b : memref<4xf32>
      async.yield %nb : memref<4xf32>
    }
    scf.yield %nv : !async.value<memref<4xf32>>
  }
  %f = async.await %res : !async.value<memref<4xf32>>
  %r = memref.load %f[%c0] : memref<4xf32>
  memref.dealloc %f : memref<4xf32>
  return %r : f32
}

// The same pipeline with a stage that does not free what it was given.
func.func @carried_by_a_loop_leaked(%x: f32, %n: index) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %t0, %v0 = async.execute -> !async.value<memref<4xf32>> {
    %b0 = memref.alloc() : memref<4xf32> // expected-warning {{buffer %b0 is never freed when the loop at 66:10 runs [leak]}}
    memref.store %x, %b0[%c0] : memref<4xf32>
    async.yield %b0 : memref<4xf32>
  }
  %res = scf.for %i = %c0 to %n step %c1 iter_args(%v = %v0) -> !async.value<memref<4xf32>> {
    %t, %nv = async.execute (%v as %b: !async.value<memref<4xf32>>) -> !async.value<memref<4xf32>> {
      %nb = memref.alloc() : memref<4xf32> // expected-warning {{buffer %nb allocated in a loop is not freed before the next iteration allocates it again [leak]}}
      memref.copy %b, %nb : memref<4xf32> to memref<4xf32>
      async.yield %nb : memref<4xf32>
    }
    scf.yield %nv : !async.value<memref<4xf32>> // expected-note {{the loop repeats here with %nb still allocated when the loop at 66:10 is past its first iteration}}
  }
  %f = async.await %res : !async.value<memref<4xf32>>
  %r = memref.load %f[%c0] : memref<4xf32>
  memref.dealloc %f : memref<4xf32>
  return %r : f32 // expected-note {{the function exits here with %b0 still allocated}} expected-note {{the function exits here with %nb still allocated when the loop at 66:10 runs more than once}}
}
