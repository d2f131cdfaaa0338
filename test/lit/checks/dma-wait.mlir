// RUN: %memlint lint --verify-diagnostics %s
//
// A DMA (affine.dma_start, memref.dma_start) may read its source and write
// its destination until the wait on its tag: freeing either in between is
// a use after free, reported at the wait.

func.func @freed_in_flight() {
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %a = memref.alloc() : memref<4xf32>
  %b = memref.alloc() : memref<4xf32, 1> // expected-note {{%b allocated here}}
  %tag = memref.alloc() : memref<1xi32>
  affine.dma_start %a[%c0], %b[%c0], %tag[%c0], %c4 : memref<4xf32>, memref<4xf32, 1>, memref<1xi32> // expected-note {{the DMA started here may write %b until this wait}}
  memref.dealloc %b : memref<4xf32, 1> // expected-note {{freed here}}
  affine.dma_wait %tag[%c0], %c4 : memref<1xi32> // expected-error {{'affine.dma_wait' uses buffer %b after it was freed [use-after-free]}}
  memref.dealloc %a : memref<4xf32>
  memref.dealloc %tag : memref<1xi32>
  return
}

func.func @source_freed_in_flight(%n: index) {
  %c0 = arith.constant 0 : index
  %a = memref.alloc(%n) : memref<?xf32> // expected-note {{%a allocated here}}
  %b = memref.alloc(%n) : memref<?xf32, 1>
  %tag = memref.alloc() : memref<1xi32>
  memref.dma_start %a[%c0], %b[%c0], %n, %tag[%c0] : memref<?xf32>, memref<?xf32, 1>, memref<1xi32> // expected-note {{the DMA started here may read %a until this wait}}
  memref.dealloc %a : memref<?xf32> // expected-note {{freed here}}
  memref.dma_wait %tag[%c0], %n : memref<1xi32> // expected-error {{'memref.dma_wait' uses buffer %a after it was freed [use-after-free]}}
  memref.dealloc %b : memref<?xf32, 1>
  memref.dealloc %tag : memref<1xi32>
  return
}

// Freed after the wait: correct. A later wait on the same tag waits for
// the DMAs started since the one before, not for the first one.
func.func @waited_then_freed() {
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %a = memref.alloc() : memref<4xf32>
  %b = memref.alloc() : memref<4xf32, 1>
  %tag = memref.alloc() : memref<1xi32>
  affine.dma_start %a[%c0], %b[%c0], %tag[%c0], %c4 : memref<4xf32>, memref<4xf32, 1>, memref<1xi32>
  affine.dma_wait %tag[%c0], %c4 : memref<1xi32>
  memref.dealloc %a : memref<4xf32>
  memref.dealloc %b : memref<4xf32, 1>
  %c = memref.alloc() : memref<8xf32>
  %d = memref.alloc() : memref<8xf32, 1>
  affine.dma_start %c[%c0], %d[%c0], %tag[%c0], %c4 : memref<8xf32>, memref<8xf32, 1>, memref<1xi32>
  affine.dma_wait %tag[%c0], %c4 : memref<1xi32>
  memref.dealloc %c : memref<8xf32>
  memref.dealloc %d : memref<8xf32, 1>
  memref.dealloc %tag : memref<1xi32>
  return
}

// A wait on another tag does not wait for the DMA: freeing after it and
// before its own wait is the bug; the DMA on the other tag is done.
func.func @two_tags() {
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %a = memref.alloc() : memref<4xf32>
  %b = memref.alloc() : memref<4xf32, 1> // expected-note {{%b allocated here}}
  %c = memref.alloc() : memref<4xf32, 1>
  %t1 = memref.alloc() : memref<1xi32>
  %t2 = memref.alloc() : memref<1xi32>
  affine.dma_start %a[%c0], %b[%c0], %t1[%c0], %c4 : memref<4xf32>, memref<4xf32, 1>, memref<1xi32> // expected-note {{the DMA started here may write %b until this wait}}
  affine.dma_start %a[%c0], %c[%c0], %t2[%c0], %c4 : memref<4xf32>, memref<4xf32, 1>, memref<1xi32>
  affine.dma_wait %t2[%c0], %c4 : memref<1xi32>
  memref.dealloc %c : memref<4xf32, 1>
  memref.dealloc %b : memref<4xf32, 1> // expected-note {{freed here}}
  affine.dma_wait %t1[%c0], %c4 : memref<1xi32> // expected-error {{'affine.dma_wait' uses buffer %b after it was freed [use-after-free]}}
  memref.dealloc %a : memref<4xf32>
  memref.dealloc %t1 : memref<1xi32>
  memref.dealloc %t2 : memref<1xi32>
  return
}

// Started in one block, awaited in another: not followed (the wait is not
// taken for a use), so nothing is reported either way.
func.func @wait_in_another_block(%p: i1) {
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %a = memref.alloc() : memref<4xf32>
  %b = memref.alloc() : memref<4xf32, 1>
  %tag = memref.alloc() : memref<1xi32>
  affine.dma_start %a[%c0], %b[%c0], %tag[%c0], %c4 : memref<4xf32>, memref<4xf32, 1>, memref<1xi32>
  scf.if %p {
    affine.dma_wait %tag[%c0], %c4 : memref<1xi32>
  } else {
    affine.dma_wait %tag[%c0], %c4 : memref<1xi32>
  }
  memref.dealloc %a : memref<4xf32>
  memref.dealloc %b : memref<4xf32, 1>
  memref.dealloc %tag : memref<1xi32>
  return
}
