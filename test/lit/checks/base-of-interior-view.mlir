// RUN: %memlint lint %s
// RUN: sed -n '/^\/\/ PIPELINE-INPUT:/s/^\/\/ PIPELINE-INPUT://p' %s | %mlir-opt --buffer-deallocation-pipeline | %memlint lint -
// RUN: sed 's/memref.dealloc %base : memref<f32>/memref.dealloc %v : memref<4xf32, strided<[1], offset: 2>>/' %s | not %memlint lint - | FileCheck %s --check-prefix=VIEW
//
// The base buffer memref.extract_strided_metadata returns is the whole
// allocation (offset 0: the descriptor's allocated pointer), whatever view
// it is taken of. It inherited the "interior view" mark of its source, so
// freeing it, as upstream's deallocation frees every view it owns (a loop
// carrying a subview, below), was a false invalid free. The view itself
// is still no buffer to free.
// VIEW: error: frees %v, an interior view of buffer %a; free %a itself [invalid-free]

func.func @free_base_of_subview() -> f32 {
  %c0 = arith.constant 0 : index
  %one = arith.constant 1.0 : f32
  %a = memref.alloc() : memref<8xf32>
  %v = memref.subview %a[2] [4] [1] : memref<8xf32> to memref<4xf32, strided<[1], offset: 2>>
  memref.store %one, %v[%c0] : memref<4xf32, strided<[1], offset: 2>>
  %x = memref.load %v[%c0] : memref<4xf32, strided<[1], offset: 2>>
  %base, %off, %sz, %st = memref.extract_strided_metadata %v : memref<4xf32, strided<[1], offset: 2>> -> memref<f32>, index, index, index
  memref.dealloc %base : memref<f32>
  return %x : f32
}

// A loop carrying an interior view, before upstream's placement of frees:
// PIPELINE-INPUT:func.func @carried_subview(%n: index) -> f32 {
// PIPELINE-INPUT:  %c0 = arith.constant 0 : index
// PIPELINE-INPUT:  %c1 = arith.constant 1 : index
// PIPELINE-INPUT:  %a0 = memref.alloc() : memref<8xf32>
// PIPELINE-INPUT:  %v0 = memref.subview %a0[2] [4] [1] : memref<8xf32> to memref<4xf32, strided<[1], offset: 2>>
// PIPELINE-INPUT:  %r = scf.for %i = %c0 to %n step %c1 iter_args(%v = %v0) -> memref<4xf32, strided<[1], offset: 2>> {
// PIPELINE-INPUT:    %a = memref.alloc() : memref<8xf32>
// PIPELINE-INPUT:    %va = memref.subview %a[2] [4] [1] : memref<8xf32> to memref<4xf32, strided<[1], offset: 2>>
// PIPELINE-INPUT:    memref.copy %v, %va : memref<4xf32, strided<[1], offset: 2>> to memref<4xf32, strided<[1], offset: 2>>
// PIPELINE-INPUT:    scf.yield %va : memref<4xf32, strided<[1], offset: 2>>
// PIPELINE-INPUT:  }
// PIPELINE-INPUT:  %x = memref.load %r[%c0] : memref<4xf32, strided<[1], offset: 2>>
// PIPELINE-INPUT:  return %x : f32
// PIPELINE-INPUT:}

// A reinterpret_cast's offset counts from the start of the allocation, not
// of its source: a cast of an interior view back to offset 0 is the whole
// buffer (buddy-mlir's examples/MLIRMemRef/memref-reinterpret-cast.mlir
// chains such casts; helper-86, ran clean).
func.func @reinterpret_back_to_start() {
  %a = memref.alloc() : memref<8xf32>
  %m1 = memref.reinterpret_cast %a to offset: [1], sizes: [4, 2], strides: [1, 1] : memref<8xf32> to memref<4x2xf32, strided<[1, 1], offset: 1>>
  %whole = memref.reinterpret_cast %m1 to offset: [0], sizes: [8], strides: [1] : memref<4x2xf32, strided<[1, 1], offset: 1>> to memref<8xf32>
  memref.dealloc %whole : memref<8xf32>
  return
}

// The offset extract_strided_metadata reads of an alloc is 0 (its type
// says so): casting the base at that offset is the buffer.
func.func @reinterpret_at_metadata_offset() {
  %a = memref.alloc() : memref<8xf32>
  %base, %off, %sz, %st = memref.extract_strided_metadata %a : memref<8xf32> -> memref<f32>, index, index, index
  %rc = memref.reinterpret_cast %base to offset: [%off], sizes: [8], strides: [1] : memref<f32> to memref<8xf32, strided<[1], offset: ?>>
  memref.dealloc %rc : memref<8xf32, strided<[1], offset: ?>>
  return
}
