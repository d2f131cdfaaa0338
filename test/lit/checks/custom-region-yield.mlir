// RUN: %memlint lint --verify-diagnostics %s
//
// An op memlint cannot see into runs its regions once, in order. A buffer
// its region hands out through the terminator (as scf.execute_region
// yields) may be what the op returns: its memref results are taken for
// views of what the terminators pass, as they are for its memref operands.

// %t leaves the region as %r, which is freed.
func.func @yielded_and_freed() {
  %r = "npu.scope"() ({
    %t = memref.alloc() : memref<8xf32>
    "npu.fill"(%t) : (memref<8xf32>) -> ()
    "npu.yield"(%t) : (memref<8xf32>) -> ()
  }) : () -> memref<8xf32>
  "test.use"(%r) : (memref<8xf32>) -> ()
  memref.dealloc %r : memref<8xf32>
  return
}

// Nothing frees it.
func.func @yielded_and_leaked() {
  %r = "npu.scope"() ({
    %t = memref.alloc() : memref<8xf32> // expected-warning {{buffer %t is never freed [leak]}}
    "npu.yield"(%t) : (memref<8xf32>) -> ()
  }) : () -> memref<8xf32>
  "test.use"(%r) : (memref<8xf32>) -> ()
  return // expected-note {{the function exits here with %t still allocated}}
}

// Freed twice through the result.
func.func @yielded_and_freed_twice() {
  %r = "npu.scope"() ({
    %t = memref.alloc() : memref<8xf32> // expected-note {{%t allocated here}}
    "npu.yield"(%t) : (memref<8xf32>) -> ()
  }) : () -> memref<8xf32>
  memref.dealloc %r : memref<8xf32> // expected-note {{first freed here}}
  memref.dealloc %r : memref<8xf32> // expected-error {{buffer %t is freed twice (through its alias %r) [double-free]}}
  return
}
