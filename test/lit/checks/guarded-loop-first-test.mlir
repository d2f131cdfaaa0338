// A loop that counts from a constant, tested against a bound fixed before
// it: in its first iteration the test is a question on the bound alone
// (`0 < %n`), the one a guard in front of the loop already asked (`%n > 0`,
// `0 < %n`): what -convert-scf-to-cf and -scf-for-to-while make of an
// scf.for under `scf.if %n > 0`. The guarded loops are clean; a guard that
// lets the loop run zero times, a guard that frees too, and a bound the
// loop defines itself are still found.
// RUN: %memlint lint --verify-diagnostics %s

// Correct: the guard and the first header test are one question on %n.
func.func @cfg_guarded(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %a = memref.alloc() : memref<4xf32>
  %pos = arith.cmpi sgt, %n, %c0 : index
  cf.cond_br %pos, ^pre, ^none
^pre:
  cf.br ^h(%c0 : index)
^h(%i: index):
  %t = arith.cmpi slt, %i, %n : index
  cf.cond_br %t, ^body, ^exit
^body:
  %z = arith.cmpi eq, %i, %c0 : index
  cf.cond_br %z, ^fr, ^latch
^fr:
  memref.dealloc %a : memref<4xf32>
  cf.br ^latch
^latch:
  %i1 = arith.addi %i, %c1 : index
  cf.br ^h(%i1 : index)
^none:
  memref.dealloc %a : memref<4xf32>
  cf.br ^exit
^exit:
  return
}
// Buggy: %n == 0 passes the guard and the loop runs zero times.
func.func @cfg_weak_guard(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  // expected-warning @+1 {{buffer %a is never freed when %pos is true and the loop at 48:8 runs zero times (it is freed only on other paths) [leak]}}
  %a = memref.alloc() : memref<4xf32>
  %pos = arith.cmpi sge, %n, %c0 : index
  cf.cond_br %pos, ^pre, ^none
^pre:
  cf.br ^h(%c0 : index)
^h(%i: index):
  %t = arith.cmpi slt, %i, %n : index
  cf.cond_br %t, ^body, ^exit
^body:
  %z = arith.cmpi eq, %i, %c0 : index
  cf.cond_br %z, ^fr, ^latch
^fr:
  memref.dealloc %a : memref<4xf32>
  cf.br ^latch
^latch:
  %i1 = arith.addi %i, %c1 : index
  cf.br ^h(%i1 : index)
^none:
  memref.dealloc %a : memref<4xf32>
  cf.br ^exit
^exit:
  return
}
// Buggy: the loop runs whenever %n > 0, and the guard frees it then too.
func.func @while_double(%n: i32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  // expected-warning @+1 {{buffer %a is never freed when %pos is false (it is freed only on other paths) [leak]}}
  %a = memref.alloc() : memref<4xf32>
  %pos = arith.cmpi sgt, %n, %c0 : i32
  scf.if %pos {
    memref.dealloc %a : memref<4xf32>
  }
  %r = scf.while (%i = %c0) : (i32) -> i32 {
    %t = arith.cmpi slt, %i, %n : i32
    scf.condition(%t) %i : i32
  } do {
  ^bb0(%j: i32):
    %z = arith.cmpi eq, %j, %c0 : i32
    scf.if %z {
      // expected-error @+1 {{buffer %a is freed twice [double-free]}}
      memref.dealloc %a : memref<4xf32>
    }
    %j1 = arith.addi %j, %c1 : i32
    scf.yield %j1 : i32
  }
  return
}
// Correct: unsigned test, guard `%n != 0`.
func.func @while_unsigned(%n: i32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %a = memref.alloc() : memref<4xf32>
  %zero = arith.cmpi eq, %n, %c0 : i32
  scf.if %zero {
    memref.dealloc %a : memref<4xf32>
  }
  %r = scf.while (%i = %c0) : (i32) -> i32 {
    %t = arith.cmpi ult, %i, %n : i32
    scf.condition(%t) %i : i32
  } do {
  ^bb0(%j: i32):
    %z = arith.cmpi eq, %j, %c0 : i32
    scf.if %z {
      memref.dealloc %a : memref<4xf32>
    }
    %j1 = arith.addi %j, %c1 : i32
    scf.yield %j1 : i32
  }
  return
}
// Buggy: the bound is redefined inside the loop; no first-iteration
// answer from a value the loop changes.
func.func @bound_in_loop(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  // expected-warning @+1 {{buffer %a is never freed when %pos is true and the loop at 125:8 runs zero times (it is freed only on other paths) [leak]}}
  %a = memref.alloc() : memref<4xf32>
  %pos = arith.cmpi sgt, %n, %c0 : index
  cf.cond_br %pos, ^pre, ^none
^pre:
  cf.br ^h(%c0 : index)
^h(%i: index):
  %m = "test.bound"() : () -> index
  %t = arith.cmpi slt, %i, %m : index
  cf.cond_br %t, ^body, ^exit
^body:
  %z = arith.cmpi eq, %i, %c0 : index
  cf.cond_br %z, ^fr, ^latch
^fr:
  memref.dealloc %a : memref<4xf32>
  cf.br ^latch
^latch:
  %i1 = arith.addi %i, %c1 : index
  cf.br ^h(%i1 : index)
^none:
  memref.dealloc %a : memref<4xf32>
  cf.br ^exit
^exit:
  return
}
// Correct: the guard asked as `0 < %n`, the loop's test as `%n > %i`.
func.func @cfg_guard_written_other_way(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %a = memref.alloc() : memref<4xf32>
  %pos = arith.cmpi slt, %c0, %n : index
  cf.cond_br %pos, ^h(%c0 : index), ^none
^h(%i: index):
  %t = arith.cmpi sgt, %n, %i : index
  cf.cond_br %t, ^body, ^exit
^body:
  %z = arith.cmpi eq, %i, %c0 : index
  cf.cond_br %z, ^fr, ^latch
^fr:
  memref.dealloc %a : memref<4xf32>
  cf.br ^latch
^latch:
  %i1 = arith.addi %i, %c1 : index
  cf.br ^h(%i1 : index)
^none:
  memref.dealloc %a : memref<4xf32>
  cf.br ^exit
^exit:
  return
}
