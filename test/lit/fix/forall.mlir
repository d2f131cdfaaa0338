// RUN: %memlint fix %s | FileCheck %s --strict-whitespace --match-full-lines
// RUN: %memlint fix %s | %memlint lint -
// RUN: %memlint fix %s | %memlint fix --check -

// An scf.forall body runs once per iteration, side by side: a free of a
// buffer from outside never goes into it (every iteration would free it),
// but after the loop.
// CHECK-LABEL:func.func @used_in_forall(%v: f32) {
// CHECK-NEXT:  %a = memref.alloc() : memref<4xf32>
// CHECK-NEXT:  scf.forall (%i) in (4) {
// CHECK-NEXT:    memref.store %v, %a[%i] : memref<4xf32>
// CHECK-NEXT:  }
// CHECK-NEXT:  memref.dealloc %a : memref<4xf32>
// CHECK-NEXT:  return
// CHECK-NEXT:}
func.func @used_in_forall(%v: f32) {
  %a = memref.alloc() : memref<4xf32>
  scf.forall (%i) in (4) {
    memref.store %v, %a[%i] : memref<4xf32>
  }
  return
}

// The free in the body runs in every iteration where %c holds: a double
// free (and a use after it). It is removed, and the buffer freed once after
// the loop; no free goes into an `else` in the body.
// CHECK-LABEL:func.func @freed_on_one_branch_in_forall(%v: f32, %c: i1) {
// CHECK:  scf.forall (%i) in (4) {
// CHECK-NEXT:    memref.store %v, %a[%i] : memref<4xf32>
// CHECK-NEXT:  }
// CHECK-NEXT:  memref.dealloc %a : memref<4xf32>
// CHECK-NOT:    } else {
func.func @freed_on_one_branch_in_forall(%v: f32, %c: i1) {
  %a = memref.alloc() : memref<4xf32>
  scf.forall (%i) in (4) {
    memref.store %v, %a[%i] : memref<4xf32>
    scf.if %c {
      memref.dealloc %a : memref<4xf32>
    }
  }
  return
}
