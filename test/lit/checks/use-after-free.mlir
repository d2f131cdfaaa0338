// RUN: %memlint lint --verify-diagnostics %s

func.func @through_view() -> f32 {
  %c0 = arith.constant 0 : index
  %a = memref.alloc() : memref<16xf32> // expected-note {{%a allocated here}}
  %v = memref.subview %a[0] [4] [1] : memref<16xf32> to memref<4xf32, strided<[1]>>
  memref.dealloc %a : memref<16xf32> // expected-note {{freed here}}
  %x = memref.load %v[%c0] : memref<4xf32, strided<[1]>> // expected-error {{'memref.load' uses buffer %a after it was freed (through its alias %v) [use-after-free]}}
  return %x : f32
}

func.func @on_one_branch(%c: i1, %f: f32) {
  %c0 = arith.constant 0 : index
  %a = memref.alloc() : memref<4xf32>
  scf.if %c {
    memref.dealloc %a : memref<4xf32>
  }
  memref.store %f, %a[%c0] : memref<4xf32> // expected-error {{uses buffer %a after it was freed when %c is true}}
  scf.if %c {
  } else {
    memref.dealloc %a : memref<4xf32>
  }
  return
}

func.func @returns_freed() -> memref<4xf32> {
  %a = memref.alloc() : memref<4xf32>
  memref.dealloc %a : memref<4xf32>
  return %a : memref<4xf32> // expected-error {{'func.return' returns buffer %a after it was freed}}
}

func.func @opaque_use() {
  %a = memref.alloc() : memref<4xf32>
  memref.dealloc %a : memref<4xf32>
  "my_npu.dma"(%a) : (memref<4xf32>) -> () // expected-error {{'my_npu.dma' uses buffer %a after it was freed}}
  return
}

func.func @copy_after_free(%dst: memref<4xf32>) {
  %a = memref.alloc() : memref<4xf32>
  memref.dealloc %a : memref<4xf32>
  memref.copy %a, %dst : memref<4xf32> to memref<4xf32> // expected-error {{uses buffer %a after it was freed}}
  return
}

// The carried buffer is freed, then read, in the same iteration.
func.func @carried_uaf(%c: i1) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %init = memref.alloc() : memref<1xf32>
  %last = scf.for %i = %c0 to %c3 step %c1 iter_args(%cur = %init) -> (memref<1xf32>) {
    %nb = memref.alloc() : memref<1xf32>
    memref.dealloc %cur : memref<1xf32>
    %x = memref.load %cur[%c0] : memref<1xf32> // expected-error {{uses buffer %init after it was freed (through its alias %cur) when the loop at 52:11 is in its first iteration [use-after-free]}} expected-error {{uses buffer %nb (allocated by an earlier iteration) after it was freed (through its alias %cur) when the loop at 52:11 is past its first iteration [use-after-free]}}
    scf.yield %nb : memref<1xf32>
  }
  memref.dealloc %last : memref<1xf32>
  return
}

// A prefetch is a hint to the cache that never faults: one of freed
// memory is no use of it (helper-86).
func.func @prefetch_after_free() {
  %c0 = arith.constant 0 : index
  %a = memref.alloc() : memref<4xf32>
  memref.dealloc %a : memref<4xf32>
  memref.prefetch %a[%c0], read, locality<3>, data : memref<4xf32>
  return
}
