// RUN: %memlint lint --verify-diagnostics %s
//
// An op memlint cannot see into, handed a buffer and a box typed to hold
// buffers, may put the buffer into the box for whoever takes it out (an
// Enzyme tape push, a custom store into a slot of memrefs): the buffer is
// no longer tracked there (helper-121: false leaks). Handed only values
// of other types, the op just uses the buffer.

func.func @push_onto_tape(%cache: !enzyme.Cache<memref<4xf64>>) {
  %t = memref.alloc() : memref<4xf64>
  "enzyme.push"(%cache, %t) : (!enzyme.Cache<memref<4xf64>>, memref<4xf64>) -> ()
  return
}

func.func @pop_from_tape(%cache: !enzyme.Cache<memref<4xf64>>) {
  %t = "enzyme.pop"(%cache) : (!enzyme.Cache<memref<4xf64>>) -> memref<4xf64>
  memref.dealloc %t : memref<4xf64>
  return
}

func.func @store_into_slot(%slot: memref<1xmemref<4xf64>>) {
  %c0 = arith.constant 0 : index
  %t = memref.alloc() : memref<4xf64>
  "foo.store"(%t, %slot, %c0) : (memref<4xf64>, memref<1xmemref<4xf64>>, index) -> ()
  return
}

// What happened before the box still holds.
func.func @freed_then_pushed(%cache: !enzyme.Cache<memref<4xf64>>) {
  %t = memref.alloc() : memref<4xf64> // expected-note {{%t allocated here}}
  memref.dealloc %t : memref<4xf64> // expected-note {{freed here}}
  "enzyme.push"(%cache, %t) : (!enzyme.Cache<memref<4xf64>>, memref<4xf64>) -> () // expected-error {{[use-after-free]}}
  return
}

// A DMA with a tag and a custom queue of floats: no box.
func.func @dma_then_leak(%tag: !npu.tag, %q: !npu.queue<f32>) {
  %t = memref.alloc() : memref<4xf32> // expected-warning {{[leak]}}
  "npu.dma_start"(%t, %tag, %q) : (memref<4xf32>, !npu.tag, !npu.queue<f32>) -> ()
  return // expected-note {{the function exits here with %t still allocated}}
}
