// RUN: %memlint lint %s
// RUN: sed 's/%first = arith.cmpi eq, %i, %c0/%first = arith.cmpi ule, %i, %c1/' %s | not %memlint lint - | FileCheck %s --check-prefix=JOIN
// RUN: sed 's/%3 = arith.cmpi eq, %1, %c0/%3 = arith.cmpi ule, %1, %c1/' %s | not %memlint lint - | FileCheck %s --check-prefix=CHAIN
// RUN: sed 's/%7 = arith.cmpi eq, %arg1, %c0/%7 = arith.cmpi ule, %arg1, %c1/' %s | not %memlint lint - | FileCheck %s --check-prefix=WHILE
//
// A loop through -convert-scf-to-cf, -lift-cf-to-scf and
// -convert-scf-to-cf again: its latch and its exit join in one block
// that takes the next counter with a flag 1 from the latch, a poison
// with 0 from the exit, and branches back on the flag (directly, or
// after a block it alone enters). Only the latch's entry goes back, so
// the counter goes on as %i + 1, and the header's test decides whether
// the loop goes on. And in -lift-cf-to-scf's scf.while, the flag may be
// yielded by an scf.if of one value on both branches. Each function frees
// %a once, in the first iteration (helper-134, runtime-checked: 1
// allocation, 1 free); freeing at `%i <= 1` frees twice.
// JOIN: error: buffer %a is freed twice
// CHAIN: error: buffer %alloc is freed twice
// WHILE: error: buffer %alloc is freed twice

func.func @join_passes_the_flag() {
  %p = ub.poison : index
  %c0_i32 = arith.constant 0 : i32
  %c1_i32 = arith.constant 1 : i32
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %a = memref.alloc() : memref<4xf32>
  cf.br ^h(%c0 : index)
^h(%i: index):
  %go = arith.cmpi slt, %i, %c8 : index
  cf.cond_br %go, ^body, ^out
^body:
  %first = arith.cmpi eq, %i, %c0 : index
  cf.cond_br %first, ^free, ^latch
^free:
  memref.dealloc %a : memref<4xf32>
  cf.br ^latch
^latch:
  %n = arith.addi %i, %c1 : index
  cf.br ^join(%n, %c1_i32 : index, i32)
^out:
  cf.br ^join(%p, %c0_i32 : index, i32)
^join(%v: index, %k: i32):
  %again = arith.trunci %k : i32 to i1
  cf.cond_br %again, ^h(%v : index), ^exit
^exit:
  return
}

func.func @flag_through_a_block(%arg0: index) {
  %0 = ub.poison : index
  %c1_i32 = arith.constant 1 : i32
  %c0_i32 = arith.constant 0 : i32
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %alloc = memref.alloc() : memref<4xf32>
  cf.br ^bb1(%c0 : index)
^bb1(%1: index):  // 2 preds: ^bb0, ^bb8
  %2 = arith.cmpi slt, %1, %c8 : index
  cf.cond_br %2, ^bb2, ^bb6
^bb2:  // pred: ^bb1
  %3 = arith.cmpi eq, %1, %c0 : index
  cf.cond_br %3, ^bb3, ^bb4
^bb3:  // pred: ^bb2
  memref.dealloc %alloc : memref<4xf32>
  cf.br ^bb5
^bb4:  // pred: ^bb2
  cf.br ^bb5
^bb5:  // 2 preds: ^bb3, ^bb4
  %4 = arith.addi %1, %c1 : index
  cf.br ^bb7(%4, %c0_i32, %c1_i32 : index, i32, i32)
^bb6:  // pred: ^bb1
  cf.br ^bb7(%0, %c1_i32, %c0_i32 : index, i32, i32)
^bb7(%5: index, %6: i32, %7: i32):  // 2 preds: ^bb5, ^bb6
  cf.br ^bb8
^bb8:  // pred: ^bb7
  %8 = arith.trunci %7 : i32 to i1
  cf.cond_br %8, ^bb1(%5 : index), ^bb9
^bb9:  // pred: ^bb8
  return
}

func.func @while_flag_yielded_by_both_branches(%arg0: i1) {
  %0 = ub.poison : i1
  %1 = ub.poison : index
  %c1_i32 = arith.constant 1 : i32
  %c0_i32 = arith.constant 0 : i32
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %true = arith.constant true
  %false = arith.constant false
  %alloc = memref.alloc() : memref<4xf32>
  %2:2 = scf.if %arg0 -> (index, i1) {
    scf.yield %c0, %false : index, i1
  } else {
    scf.yield %c0, %true : index, i1
  }
  %3:2 = scf.while (%arg1 = %2#0, %arg2 = %2#1) : (index, i1) -> (index, i1) {
    %4 = arith.cmpi slt, %arg1, %c8 : index
    %5:4 = scf.if %4 -> (index, i1, i32, i32) {
      %7 = arith.cmpi eq, %arg1, %c0 : index
      scf.if %7 {
        memref.dealloc %alloc : memref<4xf32>
      }
      %8 = arith.addi %arg1, %c1 : index
      %9:4 = scf.if %arg2 -> (index, i1, i32, i32) {
        scf.yield %8, %arg2, %c0_i32, %c1_i32 : index, i1, i32, i32
      } else {
        scf.yield %8, %arg2, %c0_i32, %c1_i32 : index, i1, i32, i32
      }
      scf.yield %9#0, %9#1, %9#2, %9#3 : index, i1, i32, i32
    } else {
      scf.yield %1, %0, %c1_i32, %c0_i32 : index, i1, i32, i32
    }
    %6 = arith.trunci %5#3 : i32 to i1
    scf.condition(%6) %5#0, %5#1 : index, i1
  } do {
  ^bb0(%arg1: index, %arg2: i1):
    scf.yield %arg1, %arg2 : index, i1
  }
  return
}
