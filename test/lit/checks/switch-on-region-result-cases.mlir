// A switch on an integer that is one of a few constants, each on the
// paths of a formula (what an scf.if yields per branch; -lift-cf-to-scf
// writes such a selector for every loop with more than one exit): each
// case is read through those formulas, like a comparison of the same
// integer, so case 1 is the then branch and an unreachable default takes
// nothing.
// RUN: %memlint lint --verify-diagnostics %s

// Correct: %r#0 is 1 exactly when %c holds, so case 1 frees what the then
// branch allocated and nothing else.
func.func @switch_on_if_result(%c: i1) {
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %m = memref.alloca() : memref<4xf32>
  %r:2 = scf.if %c -> (index, memref<4xf32>) {
    %a = memref.alloc() : memref<4xf32>
    scf.yield %c1, %a : index, memref<4xf32>
  } else {
    scf.yield %c2, %m : index, memref<4xf32>
  }
  scf.index_switch %r#0
  case 1 {
    memref.dealloc %r#1 : memref<4xf32>
    scf.yield
  }
  default {
  }
  return
}
// Buggy: case 2 is the else branch: the alloca is freed.
func.func @switch_frees_stack(%c: i1) {
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %m = memref.alloca() : memref<4xf32>
  %r:2 = scf.if %c -> (index, memref<4xf32>) {
    %a = memref.alloc() : memref<4xf32>
    scf.yield %c1, %a : index, memref<4xf32>
  } else {
    scf.yield %c2, %m : index, memref<4xf32>
  }
  scf.index_switch %r#0
  case 1 {
    memref.dealloc %r#1 : memref<4xf32>
    scf.yield
  }
  case 2 {
    memref.dealloc %r#1 : memref<4xf32> // expected-error {{frees %r#1, which is stack memory from 'memref.alloca' [invalid-free]}}
    scf.yield
  }
  default {
  }
  return
}
// Correct: a cf.switch on the i32 the scf.if yields.
func.func @cf_switch_on_if_result(%c: i1) {
  %c1 = arith.constant 1 : i32
  %c2 = arith.constant 2 : i32
  %r = scf.if %c -> (i32) {
    scf.yield %c1 : i32
  } else {
    scf.yield %c2 : i32
  }
  %a = memref.alloc() : memref<4xf32>
  cf.switch %r : i32, [
    default: ^other,
    1: ^one,
    2: ^two
  ]
^one:
  memref.dealloc %a : memref<4xf32>
  return
^two:
  memref.dealloc %a : memref<4xf32>
  return
^other:
  return
}
