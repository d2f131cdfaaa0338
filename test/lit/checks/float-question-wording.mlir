// RUN: not %memlint lint %s | FileCheck %s
//
// A float comparison is asked as its ordered form: `uge` is `not olt`.
// Its atom is named after the value that asked first; when that value is
// the unordered one, the path is worded on it as it is (the free runs when
// %c is true, so the leak is when it is false), not as its negation.
// CHECK: warning: buffer %m is never freed when %c is false (it is freed only on other paths) [leak]

func.func @unordered_first(%x: f32, %y: f32) {
  %m = memref.alloc() : memref<4xf32>
  %c = arith.cmpf uge, %x, %y : f32
  scf.if %c {
    memref.dealloc %m : memref<4xf32>
  }
  return
}
