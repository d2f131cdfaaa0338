// RUN: %memlint fix %s | FileCheck %s --strict-whitespace --match-full-lines
// RUN: %memlint fix %s | %memlint lint -
// RUN: %memlint fix %s | %memlint fix --check -

// The branch frees, then the code after the branch frees again: the
// branch's free goes (and the scf.if it leaves empty with it).
// CHECK-LABEL:func.func @branch_then_join(%c: i1) {
// CHECK-NEXT:  %a = memref.alloc() : memref<4xf32>
// CHECK-NEXT:  memref.dealloc %a : memref<4xf32>
// CHECK-NEXT:  return
// CHECK-NEXT:}
func.func @branch_then_join(%c: i1) {
  %a = memref.alloc() : memref<4xf32>
  scf.if %c {
    memref.dealloc %a : memref<4xf32>
  }
  memref.dealloc %a : memref<4xf32>
  return
}

// Straight-line double free: the second one goes.
// CHECK-LABEL:func.func @twice() {
// CHECK-NEXT:  %a = memref.alloc() : memref<4xf32>
// CHECK-NEXT:  memref.dealloc %a : memref<4xf32>
// CHECK-NEXT:  return
// CHECK-NEXT:}
func.func @twice() {
  %a = memref.alloc() : memref<4xf32>
  memref.dealloc %a : memref<4xf32>
  memref.dealloc %a : memref<4xf32>
  return
}

// Through an alias.
// CHECK-LABEL:func.func @alias() {
// CHECK-NEXT:  %a = memref.alloc() : memref<2x8xf32>
// CHECK-NEXT:  %f = memref.collapse_shape %a {{\[\[}}0, 1]] : memref<2x8xf32> into memref<16xf32>
// CHECK-NEXT:  memref.dealloc %f : memref<16xf32>
// CHECK-NEXT:  return
// CHECK-NEXT:}
func.func @alias() {
  %a = memref.alloc() : memref<2x8xf32>
  %f = memref.collapse_shape %a [[0, 1]] : memref<2x8xf32> into memref<16xf32>
  memref.dealloc %f : memref<16xf32>
  memref.dealloc %a : memref<2x8xf32>
  return
}

// Unstructured: one branch frees and falls into a block that frees.
// CHECK-LABEL:func.func @cfg(%c: i1) {
// CHECK-NEXT:  %a = memref.alloc() : memref<4xf32>
// CHECK-NEXT:  cf.cond_br %c, ^bb1, ^bb2
// CHECK-NEXT:^bb1:
// CHECK-NEXT:  cf.br ^bb2
// CHECK-NEXT:^bb2:
// CHECK-NEXT:  memref.dealloc %a : memref<4xf32>
// CHECK-NEXT:  return
// CHECK-NEXT:}
func.func @cfg(%c: i1) {
  %a = memref.alloc() : memref<4xf32>
  cf.cond_br %c, ^bb1, ^bb2
^bb1:
  memref.dealloc %a : memref<4xf32>
  cf.br ^bb2
^bb2:
  memref.dealloc %a : memref<4xf32>
  return
}

// Freed inside a loop it was allocated before: the free moves after it.
// CHECK-LABEL:func.func @loop(%n: index, %v: f32) {
// CHECK-NEXT:  %c0 = arith.constant 0 : index
// CHECK-NEXT:  %c1 = arith.constant 1 : index
// CHECK-NEXT:  %a = memref.alloc() : memref<4xf32>
// CHECK-NEXT:  scf.for %i = %c0 to %n step %c1 {
// CHECK-NEXT:    memref.store %v, %a[%c0] : memref<4xf32>
// CHECK-NEXT:  }
// CHECK-NEXT:  memref.dealloc %a : memref<4xf32>
// CHECK-NEXT:  return
// CHECK-NEXT:}
func.func @loop(%n: index, %v: f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %a = memref.alloc() : memref<4xf32>
  scf.for %i = %c0 to %n step %c1 {
    memref.store %v, %a[%c0] : memref<4xf32>
    memref.dealloc %a : memref<4xf32>
  }
  return
}
