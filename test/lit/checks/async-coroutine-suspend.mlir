// RUN: %memlint lint --verify-diagnostics %s
// RUN: sed '/MUTANT-DELETE/d' %s | not %memlint lint --no-color - | FileCheck %s --check-prefix=MUTANT
//
// -async-to-async-runtime's coroutines: `async.coro.suspend` returns to the
// caller with the coroutine's frame alive, and the async runtime resumes it
// at the resume edge; it never destroys one that has not completed. So a
// buffer live across an await is not leaked at the suspend edge's return,
// and the cleanup edge is not taken. (Lowered from an async.execute body
// that allocates, awaits a token, then uses and frees the buffer.)
// MUTANT: warning: buffer %alloc is never freed [leak]

func.func private @async_execute_fn(%arg0: memref<16xf32>, %arg1: !async.token) -> !async.token attributes {passthrough = ["presplitcoroutine"]} {
  %0 = async.runtime.create : !async.token
  %1 = async.coro.id
  %2 = async.coro.begin %1
  %3 = async.coro.save %2
  async.runtime.resume %2
  async.coro.suspend %3, ^bb7, ^bb1, ^bb6
^bb1:
  // Where the awaited token is an error, the body is skipped and the
  // buffer is never freed; runs in which a task fails are not followed
  // (`async.runtime.is_error` is false: the body of the async.execute this
  // came from always runs, and whoever awaits a failed task aborts).
  %alloc = memref.alloc() : memref<16xf32>
  memref.copy %arg0, %alloc : memref<16xf32> to memref<16xf32>
  %4 = async.coro.save %2
  async.runtime.await_and_resume %arg1, %2 : !async.token
  async.coro.suspend %4, ^bb7, ^bb2, ^bb6
^bb2:
  %5 = async.runtime.is_error %arg1 : !async.token
  cf.cond_br %5, ^bb4, ^bb3
^bb3:
  memref.copy %alloc, %arg0 : memref<16xf32> to memref<16xf32>
  memref.dealloc %alloc : memref<16xf32> // MUTANT-DELETE
  async.runtime.set_available %0 : !async.token
  cf.br ^bb5
^bb4:
  async.runtime.set_error %0 : !async.token
  cf.br ^bb5
^bb5:
  async.coro.free %1, %2
  cf.br ^bb7
^bb6:
  async.coro.free %1, %2
  cf.br ^bb7
^bb7:
  async.coro.end %2
  return %0 : !async.token
}

// Correct: the buffer is used and freed after the resume, on every path.
func.func private @no_error_path(%arg0: memref<16xf32>) -> !async.token attributes {passthrough = ["presplitcoroutine"]} {
  %0 = async.runtime.create : !async.token
  %1 = async.coro.id
  %2 = async.coro.begin %1
  %alloc = memref.alloc() : memref<16xf32>
  memref.copy %arg0, %alloc : memref<16xf32> to memref<16xf32>
  %3 = async.coro.save %2
  async.runtime.resume %2
  async.coro.suspend %3, ^end, ^resume, ^cleanup
^resume:
  memref.copy %alloc, %arg0 : memref<16xf32> to memref<16xf32>
  memref.dealloc %alloc : memref<16xf32>
  async.runtime.set_available %0 : !async.token
  async.coro.free %1, %2
  cf.br ^end
^cleanup:
  async.coro.free %1, %2
  cf.br ^end
^end:
  async.coro.end %2
  return %0 : !async.token
}
