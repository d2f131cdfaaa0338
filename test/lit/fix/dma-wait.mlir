// RUN: %memlint fix %s | FileCheck %s --strict-whitespace --match-full-lines
// RUN: %memlint fix %s | %memlint lint -
// RUN: %memlint fix %s | %memlint fix --check -

// A DMA's destination leaks: its free goes after the wait on the DMA's
// tag, not right after the start (the transfer may still write it).
// CHECK-LABEL:func.func @dma_destination_leaks() {
// CHECK-NEXT:  %c0 = arith.constant 0 : index
// CHECK-NEXT:  %c4 = arith.constant 4 : index
// CHECK-NEXT:  %a = memref.alloc() : memref<4xf32>
// CHECK-NEXT:  %b = memref.alloc() : memref<4xf32, 1>
// CHECK-NEXT:  %tag = memref.alloc() : memref<1xi32>
// CHECK-NEXT:  affine.dma_start %a[%c0], %b[%c0], %tag[%c0], %c4 : memref<4xf32>, memref<4xf32, 1>, memref<1xi32>
// CHECK-NEXT:  affine.dma_wait %tag[%c0], %c4 : memref<1xi32>
// CHECK-NEXT:  memref.dealloc %b : memref<4xf32, 1>
// CHECK-NEXT:  memref.dealloc %a : memref<4xf32>
// CHECK-NEXT:  memref.dealloc %tag : memref<1xi32>
// CHECK-NEXT:  return
// CHECK-NEXT:}
func.func @dma_destination_leaks() {
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %a = memref.alloc() : memref<4xf32>
  %b = memref.alloc() : memref<4xf32, 1>
  %tag = memref.alloc() : memref<1xi32>
  affine.dma_start %a[%c0], %b[%c0], %tag[%c0], %c4 : memref<4xf32>, memref<4xf32, 1>, memref<1xi32>
  affine.dma_wait %tag[%c0], %c4 : memref<1xi32>
  memref.dealloc %a : memref<4xf32>
  memref.dealloc %tag : memref<1xi32>
  return
}

// Freed while the DMA may still read it: the free moves after the wait.
// CHECK-LABEL:func.func @source_freed_in_flight(%n: index) {
// CHECK-NEXT:  %c0 = arith.constant 0 : index
// CHECK-NEXT:  %a = memref.alloc(%n) : memref<?xf32>
// CHECK-NEXT:  %b = memref.alloc(%n) : memref<?xf32, 1>
// CHECK-NEXT:  %tag = memref.alloc() : memref<1xi32>
// CHECK-NEXT:  memref.dma_start %a[%c0], %b[%c0], %n, %tag[%c0] : memref<?xf32>, memref<?xf32, 1>, memref<1xi32>
// CHECK-NEXT:  memref.dma_wait %tag[%c0], %n : memref<1xi32>
// CHECK-NEXT:  memref.dealloc %a : memref<?xf32>
// CHECK-NEXT:  memref.dealloc %b : memref<?xf32, 1>
// CHECK-NEXT:  memref.dealloc %tag : memref<1xi32>
// CHECK-NEXT:  return
// CHECK-NEXT:}
func.func @source_freed_in_flight(%n: index) {
  %c0 = arith.constant 0 : index
  %a = memref.alloc(%n) : memref<?xf32>
  %b = memref.alloc(%n) : memref<?xf32, 1>
  %tag = memref.alloc() : memref<1xi32>
  memref.dma_start %a[%c0], %b[%c0], %n, %tag[%c0] : memref<?xf32>, memref<?xf32, 1>, memref<1xi32>
  memref.dealloc %a : memref<?xf32>
  memref.dma_wait %tag[%c0], %n : memref<1xi32>
  memref.dealloc %b : memref<?xf32, 1>
  memref.dealloc %tag : memref<1xi32>
  return
}
