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
