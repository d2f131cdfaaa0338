// RUN: %memlint lint %s
// RUN: sed 's/arith.cmpi eq, %i, %c0/arith.cmpi eq, %i, %c1/' %s | not %memlint lint - | FileCheck %s --check-prefix=SECOND
//
// -scf-for-to-while puts the loop's test in the before region and the body
// in the after region: the body's questions on the counter the condition
// forwards are questions on the counter, so `%i < 5` asked before
// `%i == 0` leaves no "first iteration with %i >= 5" (helper-134: a false
// double free of %alloc, runtime-checked: 16 allocations, 16 frees). With
// `%i == 1` the first iteration frees %alloc, freed again after the loop.
// SECOND: error: buffer %alloc is freed twice

func.func @second_question_on_first_iteration() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c5 = arith.constant 5 : index
  %c10 = arith.constant 10 : index
  %alloc = memref.alloc() : memref<4xf32>
  %0:2 = scf.while (%i = %c0, %b = %alloc) : (index, memref<4xf32>) -> (index, memref<4xf32>) {
    %1 = arith.cmpi slt, %i, %c10 : index
    scf.condition(%1) %i, %b : index, memref<4xf32>
  } do {
  ^bb0(%i: index, %b: memref<4xf32>):
    %n = arith.addi %i, %c1 : index
    %lt = arith.cmpi slt, %i, %c5 : index
    scf.if %lt {
      %t = memref.alloc() : memref<4xf32>
      memref.dealloc %t : memref<4xf32>
    }
    %first = arith.cmpi eq, %i, %c0 : index
    scf.if %first {
    } else {
      memref.dealloc %b : memref<4xf32>
    }
    %a = memref.alloc() : memref<4xf32>
    scf.yield %n, %a : index, memref<4xf32>
  }
  memref.dealloc %0#1 : memref<4xf32>
  memref.dealloc %alloc : memref<4xf32>
  return
}
