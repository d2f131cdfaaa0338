// RUN: not %memlint lint %s | FileCheck %s
// RUN: %mlir-opt --convert-scf-to-cf %s | not %memlint lint - | FileCheck %s --check-prefix=CFG
//
// A loop counting from 0 to %n tests `0 < %n` in its first iteration. The
// usual guard of what it made, `%n > 0` written after the loop, asks the
// same question: it used to be unrelated to the loop's first test where no
// code asked it before the loop (a false leak and a false invalid free on
// what -scf-for-to-while makes of a correct loop). The first test is now
// asked of %n's values, with an atom decided where the loop is entered.
// The same holds for the CFG loop -convert-scf-to-cf makes of it.

// CHECK-NOT: {{error|warning}}:
// CHECK: :56:12: warning: buffer %new is never freed when the loop at 51:10 runs at least once and %ran is false [leak]
// CHECK: :92:5: error: frees %r#1, which is stack memory from 'memref.alloca' (when the loop at 76:10 runs zero times) [invalid-free]
// CHECK-NOT: {{error|warning}}:
// CFG-NOT: {{error|warning}}:
// CFG: warning: buffer %alloc is never freed when the loop at {{.*}} runs at least once and %{{[0-9]+}} is false [leak]
// CFG: error: frees %{{[0-9]+}}, which is stack memory from 'memref.alloca' (when the loop at {{.*}} runs zero times) [invalid-free]
// CFG-NOT: {{error|warning}}:

// Correct: the loop's first test `0 < %n`, asked again after it.
func.func @ran_after(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %init = memref.alloca() : memref<4xf32>
  %r:2 = scf.while (%i = %c0, %b = %init) : (index, memref<4xf32>) -> (index, memref<4xf32>) {
    %go = arith.cmpi slt, %i, %n : index
    scf.condition(%go) %i, %b : index, memref<4xf32>
  } do {
  ^bb0(%i: index, %b: memref<4xf32>):
    %new = memref.alloc() : memref<4xf32>
    %first = arith.cmpi eq, %i, %c0 : index
    scf.if %first {
    } else {
      memref.dealloc %b : memref<4xf32>
    }
    %i1 = arith.addi %i, %c1 : index
    scf.yield %i1, %new : index, memref<4xf32>
  }
  %ran = arith.cmpi sgt, %n, %c0 : index
  scf.if %ran {
    memref.dealloc %r#1 : memref<4xf32>
  }
  return
}
// Wrong: `%n > 1` misses the loop that runs once.
func.func @ran_twice_after(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %init = memref.alloca() : memref<4xf32>
  %r:2 = scf.while (%i = %c0, %b = %init) : (index, memref<4xf32>) -> (index, memref<4xf32>) {
    %go = arith.cmpi slt, %i, %n : index
    scf.condition(%go) %i, %b : index, memref<4xf32>
  } do {
  ^bb0(%i: index, %b: memref<4xf32>):
    %new = memref.alloc() : memref<4xf32>
    %first = arith.cmpi eq, %i, %c0 : index
    scf.if %first {
    } else {
      memref.dealloc %b : memref<4xf32>
    }
    %i1 = arith.addi %i, %c1 : index
    scf.yield %i1, %new : index, memref<4xf32>
  }
  %ran = arith.cmpi sgt, %n, %c1 : index
  scf.if %ran {
    memref.dealloc %r#1 : memref<4xf32>
  }
  return
}
// Wrong: `%n >= 0` frees the stack buffer when the loop runs zero times.
func.func @ran_or_not(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %init = memref.alloca() : memref<4xf32>
  %r:2 = scf.while (%i = %c0, %b = %init) : (index, memref<4xf32>) -> (index, memref<4xf32>) {
    %go = arith.cmpi slt, %i, %n : index
    scf.condition(%go) %i, %b : index, memref<4xf32>
  } do {
  ^bb0(%i: index, %b: memref<4xf32>):
    %new = memref.alloc() : memref<4xf32>
    %first = arith.cmpi eq, %i, %c0 : index
    scf.if %first {
    } else {
      memref.dealloc %b : memref<4xf32>
    }
    %i1 = arith.addi %i, %c1 : index
    scf.yield %i1, %new : index, memref<4xf32>
  }
  %ran = arith.cmpi sge, %n, %c0 : index
  scf.if %ran {
    memref.dealloc %r#1 : memref<4xf32>
  }
  return
}
