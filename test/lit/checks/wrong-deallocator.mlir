// RUN: %memlint lint --verify-diagnostics %s
//
// Host heap memory and device memory go back to different runtimes:
// `memref.dealloc` (also `memref.realloc` and `bufferization.dealloc`,
// which lower to the host's free) must not free what `gpu.alloc` allocated,
// and `gpu.dealloc` must not free `memref.alloc` memory.

func.func @device_freed_on_host(%n: index) {
  %d = gpu.alloc (%n) : memref<?xf32> // expected-note {{allocated by 'gpu.alloc' here}}
  memref.dealloc %d : memref<?xf32> // expected-error {{frees %d with 'memref.dealloc', but 'gpu.alloc' allocated it; free it with 'gpu.dealloc' [invalid-free]}}
  return
}

func.func @host_shared_freed_on_host() {
  %d = gpu.alloc host_shared () : memref<16xf32> // expected-note {{allocated by 'gpu.alloc' here}}
  memref.dealloc %d : memref<16xf32> // expected-error {{free it with 'gpu.dealloc'}}
  return
}

func.func @host_freed_on_device() {
  %h = memref.alloc() : memref<16xf32> // expected-note {{allocated by 'memref.alloc' here}}
  %v = memref.cast %h : memref<16xf32> to memref<?xf32>
  gpu.dealloc %v : memref<?xf32> // expected-error {{frees %v with 'gpu.dealloc', but 'memref.alloc' allocated %h; free it with 'memref.dealloc' [invalid-free]}}
  return
}

func.func @device_freed_by_bufferization_dealloc() {
  %true = arith.constant true
  %d = gpu.alloc () : memref<16xf32> // expected-note {{allocated by 'gpu.alloc' here}}
  bufferization.dealloc (%d : memref<16xf32>) if (%true) // expected-error {{frees %d with 'bufferization.dealloc', but 'gpu.alloc' allocated it; free it with 'gpu.dealloc' [invalid-free]}}
  return
}

func.func @device_grown_on_host() -> memref<32xf32> {
  %d = gpu.alloc () : memref<16xf32> // expected-note {{allocated by 'gpu.alloc' here}}
  %r = memref.realloc %d : memref<16xf32> to memref<32xf32> // expected-error {{frees %d with 'memref.realloc', but 'gpu.alloc' allocated it}}
  return %r : memref<32xf32>
}

// Correct: each freed by its own runtime, also through views and branches.
func.func @matched(%c: i1) {
  %d = gpu.alloc () : memref<16xf32>
  %h = memref.alloc() : memref<16xf32>
  %r = memref.alloc() : memref<16xf32>
  %g = memref.realloc %r : memref<16xf32> to memref<32xf32>
  %v = memref.cast %d : memref<16xf32> to memref<?xf32>
  scf.if %c {
    gpu.dealloc %v : memref<?xf32>
  } else {
    gpu.dealloc %d : memref<16xf32>
  }
  memref.dealloc %h : memref<16xf32>
  memref.dealloc %g : memref<32xf32>
  return
}

// Not judged: memory a custom allocator returned, and a buffer a call
// returned, freed either way.
func.func private @make() -> memref<16xf32>
func.func @unknown_allocators() {
  %a = "npu.alloc"() : () -> memref<16xf32>
  %b = func.call @make() : () -> memref<16xf32>
  gpu.dealloc %a : memref<16xf32>
  memref.dealloc %b : memref<16xf32>
  return
}

// Through a call: the callee's summary says which op frees what it
// returns, also through a wrapper of a wrapper.
func.func private @device_buffer(%n: index) -> memref<?xf32> {
  %d = gpu.alloc (%n) : memref<?xf32>
  return %d : memref<?xf32>
}
func.func private @wrapped(%n: index) -> memref<?xf32> {
  %d = func.call @device_buffer(%n) : (index) -> memref<?xf32>
  return %d : memref<?xf32>
}
func.func @call_freed_on_host(%n: index) {
  %d = func.call @wrapped(%n) : (index) -> memref<?xf32> // expected-note {{returned by @wrapped here}}
  memref.dealloc %d : memref<?xf32> // expected-error {{frees %d with 'memref.dealloc', but it comes from @wrapped, whose buffers must be freed with 'gpu.dealloc' [invalid-free]}}
  return
}
func.func @call_freed_on_device(%n: index) {
  %d = func.call @wrapped(%n) : (index) -> memref<?xf32>
  gpu.dealloc %d : memref<?xf32>
  return
}

// A callee that returns host or device memory by a branch: not judged.
func.func private @either(%c: i1) -> memref<16xf32> {
  %r = scf.if %c -> memref<16xf32> {
    %d = gpu.alloc () : memref<16xf32>
    scf.yield %d : memref<16xf32>
  } else {
    %h = memref.alloc() : memref<16xf32>
    scf.yield %h : memref<16xf32>
  }
  return %r : memref<16xf32>
}
func.func @mixed(%c: i1) {
  %r = func.call @either(%c) : (i1) -> memref<16xf32>
  memref.dealloc %r : memref<16xf32>
  return
}
