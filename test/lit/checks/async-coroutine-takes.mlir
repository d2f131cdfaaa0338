// RUN: %memlint lint --verify-diagnostics %s
//
// -async-to-async-runtime outlines an async.execute body into a private
// coroutine whose memref arguments are the buffers the body captured. A
// body that frees a captured buffer owned it (ownership follows the value
// into the task): the coroutine takes the buffer over, and its caller's
// buffer ends at the call. Passing memory the caller does not own there
// is the invalid free; using or freeing the buffer after the call is a
// use after free or a double free.

func.func private @task(%arg0: memref<16xf32>, %arg1: memref<16xf32>) -> !async.token attributes {passthrough = ["presplitcoroutine"]} {
  %0 = async.runtime.create : !async.token
  %1 = async.coro.id
  %2 = async.coro.begin %1
  %3 = async.coro.save %2
  async.runtime.resume %2
  async.coro.suspend %3, ^bb4, ^bb1, ^bb3
^bb1:
  %c0 = arith.constant 0 : index
  %4 = memref.load %arg0[%c0] : memref<16xf32>
  memref.store %4, %arg1[%c0] : memref<16xf32>
  memref.dealloc %arg0 : memref<16xf32>
  async.runtime.set_available %0 : !async.token
  cf.br ^bb2
^bb2:
  async.coro.free %1, %2
  cf.br ^bb4
^bb3:
  async.coro.free %1, %2
  cf.br ^bb4
^bb4:
  async.coro.end %2
  return %0 : !async.token
}

// Correct: the task frees the copy it was handed.
func.func @hands_over(%arg0: memref<16xf32>) {
  %alloc = memref.alloc() : memref<16xf32>
  memref.copy %arg0, %alloc : memref<16xf32> to memref<16xf32>
  %0 = call @task(%alloc, %arg0) : (memref<16xf32>, memref<16xf32>) -> !async.token
  async.runtime.await %0 : !async.token
  return
}

// Wrong: the caller's own argument handed to a task that frees it.
func.func @hands_over_argument(%arg0: memref<16xf32>, %arg1: memref<16xf32>) {
  // expected-error@+1 {{frees %arg0, which comes from function argument %arg0}}
  %0 = call @task(%arg0, %arg1) : (memref<16xf32>, memref<16xf32>) -> !async.token
  async.runtime.await %0 : !async.token
  return
}

// Wrong: freed again after the task.
func.func @frees_after(%arg0: memref<16xf32>) {
  %alloc = memref.alloc() : memref<16xf32> // expected-note {{%alloc allocated here}}
  %0 = call @task(%alloc, %arg0) : (memref<16xf32>, memref<16xf32>) -> !async.token // expected-note {{first freed here}}
  async.runtime.await %0 : !async.token
  // expected-error@+1 {{buffer %alloc is freed twice}}
  memref.dealloc %alloc : memref<16xf32>
  return
}
