// A flag carried around a loop (upstream's ownership pattern) asked
// through a widening or a sum (`extui %own + 1 == 2`, a switch on
// `index_castui %own`) is the flag itself in every round of the loop's
// fixpoint: the answer of the first round (the flag false) was kept, and
// the buffer each later iteration frees was reported leaked.
// RUN: %memlint lint %s
// RUN: sed 's/%c = arith.cmpi eq, %w1, %k2 : i32/%c = arith.cmpi eq, %w1, %k1 : i32/' %s | not %memlint lint - 2>&1 | FileCheck %s --check-prefix=INVERTED
// INVERTED: error: frees %buf, which comes from function argument %arg
// RUN: sed 's/    case 1 {/    case 0 {/' %s | not %memlint lint - 2>&1 | FileCheck %s --check-prefix=CASE
// CASE: error: frees %buf, which comes from function argument %arg

func.func @shifted(%arg: memref<4xf32>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %k1 = arith.constant 1 : i32
  %k2 = arith.constant 2 : i32
  %false = arith.constant false
  %true = arith.constant true
  %r:2 = scf.for %i = %c0 to %n step %c1 iter_args(%buf = %arg, %own = %false) -> (memref<4xf32>, i1) {
    %w = arith.extui %own : i1 to i32
    %w1 = arith.addi %w, %k1 : i32
    %c = arith.cmpi eq, %w1, %k2 : i32
    scf.if %c {
      memref.dealloc %buf : memref<4xf32>
    }
    %new = memref.alloc() : memref<4xf32>
    scf.yield %new, %true : memref<4xf32>, i1
  }
  %w = arith.extui %r#1 : i1 to i32
  %w1 = arith.addi %w, %k1 : i32
  %c = arith.cmpi eq, %w1, %k2 : i32
  scf.if %c {
    memref.dealloc %r#0 : memref<4xf32>
  }
  return
}

func.func @switched(%arg: memref<4xf32>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %false = arith.constant false
  %true = arith.constant true
  %r:2 = scf.for %i = %c0 to %n step %c1 iter_args(%buf = %arg, %own = %false) -> (memref<4xf32>, i1) {
    %w = arith.index_castui %own : i1 to index
    scf.index_switch %w
    case 1 {
      memref.dealloc %buf : memref<4xf32>
      scf.yield
    }
    default {
    }
    %new = memref.alloc() : memref<4xf32>
    scf.yield %new, %true : memref<4xf32>, i1
  }
  scf.if %r#1 {
    memref.dealloc %r#0 : memref<4xf32>
  }
  return
}
