// RUN: %memlint lint %s
// RUN: %mlir-opt --convert-scf-to-cf %s | %memlint lint -
// RUN: %mlir-opt --convert-scf-to-cf --lift-cf-to-scf %s | %memlint lint -
//
// Correct loops whose carried values decide a free after the loop (found
// by helper-142), clean in each form a pipeline leaves them in: as
// written, lowered to branches, and lifted back.
//
// Lowered, an scf.while's after region is a block that takes the counter
// from the header's test on its one edge in (`cf.cond_br %lt, ^body(%i)`):
// the equality `%i == %k` its body asks holds in one iteration at most,
// as the header's counter's does (LoopModel::equalitiesHoldOnce), or its
// free looked repeated (a false double free "past its first iteration").
// Lifted, -lift-cf-to-scf passes an index carried unchanged through the
// scf.if on the test, poison on the way out: poison adds no case, and the
// index stays the constant it was entered with (a false leak under its
// test after the loop). (Not yet: an index state set once by the free,
// for-carried-integers.mlir's @state_set_once, lowered to branches: a CFG
// header's integers get no cases, and that one still reads as a false
// double free.)

func.func @free_once_at_k(%n: index, %k: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %false = arith.constant false
  %a = memref.alloc() : memref<4xf32>
  %r:2 = scf.while (%i = %c0, %fr = %false) : (index, i1) -> (index, i1) {
    %c = arith.cmpi slt, %i, %n : index
    scf.condition(%c) %i, %fr : index, i1
  } do {
  ^bb0(%i: index, %fr: i1):
    %h = arith.cmpi eq, %i, %k : index
    scf.if %h {
      memref.dealloc %a : memref<4xf32>
    }
    %f2 = arith.ori %fr, %h : i1
    %i1 = arith.addi %i, %c1 : index
    scf.yield %i1, %f2 : index, i1
  }
  scf.if %r#1 {
  } else {
    memref.dealloc %a : memref<4xf32>
  }
  return
}

func.func @index_carried_unchanged(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %a = memref.alloc() : memref<4xf32>
  %r:2 = scf.for %i = %c0 to %n step %c1 iter_args(%k = %c0, %x = %a) -> (index, memref<4xf32>) {
    scf.yield %k, %x : index, memref<4xf32>
  }
  %e = arith.cmpi eq, %r#0, %c0 : index
  scf.if %e {
    memref.dealloc %r#1 : memref<4xf32>
  }
  return
}
