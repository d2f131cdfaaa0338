// RUN: %memlint lint --verify-diagnostics %s
//
// `-async-to-async-runtime` lowers `async.yield %buf` of an async.execute
// body to `async.runtime.store %buf, %value`: the buffer goes into an
// !async.value for whoever loads it (here the caller, which frees it).
// Stored there, it is no longer followed (like `memref.store` of a memref):
// no finding rather than a guess. It was reported as never freed.

func.func @produce(%n: index) -> !async.value<memref<?xf32>> {
  %v = async.runtime.create : !async.value<memref<?xf32>>
  %m = memref.alloc(%n) : memref<?xf32>
  async.runtime.store %m, %v : <memref<?xf32>>
  async.runtime.set_available %v : !async.value<memref<?xf32>>
  return %v : !async.value<memref<?xf32>>
}

func.func @consume(%n: index) {
  %v = call @produce(%n) : (index) -> !async.value<memref<?xf32>>
  async.runtime.await %v : !async.value<memref<?xf32>>
  %m = async.runtime.load %v : <memref<?xf32>>
  memref.dealloc %m : memref<?xf32>
  async.runtime.drop_ref %v {count = 1 : i64} : !async.value<memref<?xf32>>
  return
}

// A buffer that is not stored stays followed: this one leaks.
func.func @kept_back(%n: index) -> !async.value<memref<?xf32>> {
  %v = async.runtime.create : !async.value<memref<?xf32>>
  %m = memref.alloc(%n) : memref<?xf32>
  %k = memref.alloc(%n) : memref<?xf32> // expected-warning {{buffer %k is never freed [leak]}}
  memref.copy %m, %k : memref<?xf32> to memref<?xf32>
  async.runtime.store %m, %v : <memref<?xf32>>
  async.runtime.set_available %v : !async.value<memref<?xf32>>
  return %v : !async.value<memref<?xf32>> // expected-note {{the function exits here with %k still allocated}}
}
