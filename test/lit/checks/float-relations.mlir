// RUN: not %memlint lint %s | FileCheck %s
// RUN: sed 's/arith.cmpf one, %x, %y/arith.cmpf ueq, %x, %y/' %s | not %memlint lint - | FileCheck %s --check-prefix=UEQ
//
// Two floats are less, equal, greater or unordered (a NaN): each predicate
// is a set of those relations, and comparisons of one pair are questions
// on the same cells. `oeq` and `one` exclude each other (no double free)
// but leave NaN, where neither frees (a true leak, worded on both).
// `olt` then `oge` of the same operands: also exclusive. Swapped operands
// are the mirrored relation: `ogt %y, %x` is `olt %x, %y`.
// CHECK: warning: buffer %a is never freed when %c is false and %d is false
// CHECK-NOT: double-free
// CHECK-NOT: buffer %b
// CHECK-NOT: buffer %e
// `ueq` includes NaN: with `oeq` both free when the floats are equal.
// UEQ: error: buffer %a is freed twice when %c is true [double-free]

func.func @eq_and_ne(%x: f32, %y: f32) {
  %a = memref.alloc() : memref<4xf32>
  %c = arith.cmpf oeq, %x, %y : f32
  %d = arith.cmpf one, %x, %y : f32
  scf.if %c {
    memref.dealloc %a : memref<4xf32>
  }
  scf.if %d {
    memref.dealloc %a : memref<4xf32>
  }
  return
}

func.func @lt_and_ge_swapped(%x: f32, %y: f32) {
  %b = memref.alloc() : memref<4xf32>
  %c = arith.cmpf olt, %x, %y : f32
  %d = arith.cmpf ole, %y, %x : f32
  %n = arith.cmpf uno, %x, %y : f32
  scf.if %c {
    memref.dealloc %b : memref<4xf32>
  }
  scf.if %d {
    memref.dealloc %b : memref<4xf32>
  }
  scf.if %n {
    memref.dealloc %b : memref<4xf32>
  }
  return
}

// A value against itself is equal or unordered, never less.
func.func @self(%x: f32) {
  %e = memref.alloc() : memref<4xf32>
  %c = arith.cmpf oeq, %x, %x : f32
  %d = arith.cmpf uno, %x, %x : f32
  %l = arith.cmpf olt, %x, %x : f32
  scf.if %c {
    memref.dealloc %e : memref<4xf32>
  }
  scf.if %d {
    memref.dealloc %e : memref<4xf32>
  }
  scf.if %l {
    memref.dealloc %e : memref<4xf32>
  }
  return
}
