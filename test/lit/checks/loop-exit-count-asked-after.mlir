// RUN: not %memlint lint %s | FileCheck %s
// RUN: %mlir-opt --convert-scf-to-cf %s | not %memlint lint - | FileCheck %s --check-prefix=CFG
// RUN: %mlir-opt --lift-cf-to-scf %s | not %memlint lint - | FileCheck %s --check-prefix=LIFT
//
// A loop's exit test asked again after it (its count compared with the
// same bound: a second op, no CSE ran), or by a second loop entered at its
// exit count, is false there. In a CFG loop the first iteration's test is
// told apart by the loop's first-iteration atom, which was dropped from
// the path on the way out while the count's cells still named it: the
// exit on the first test (the loop ran zero times) no longer decided the
// question asked again, and the free it guards looked reachable (false
// double frees). An scf.while's result is what its condition passed where
// the test failed: the same question of it is false, also where the
// condition is the flag -lift-cf-to-scf makes of the test. All stay exact
// for the loop entered at 0 and for a question of another bound.

// CHECK-NOT: {{error|warning}}:
// CHECK: :160:3: error: buffer %a is freed twice when the loop at 157:10 is past its first iteration [double-free]
// CHECK: :164:3: error: buffer %a is freed twice when the loop at 149:9 runs at least once [double-free]
// CHECK: :171:8: warning: buffer %a is never freed (its free is never reached) [leak]
// CHECK: :270:3: error: buffer %a is freed twice when %below is true [double-free]
// CHECK-NOT: {{error|warning}}:
// CFG-NOT: {{error|warning}}:
// CFG: error: buffer %alloc is freed twice when the loop at {{.*}} is past its first iteration [double-free]
// CFG: error: buffer %alloc is freed twice when the loop at {{.*}} runs at least once [double-free]
// CFG: warning: buffer %alloc is never freed (its free is never reached) [leak]
// CFG: error: buffer %alloc is freed twice when %{{[0-9]+}} is true [double-free]
// CFG-NOT: {{error|warning}}:
// LIFT-NOT: {{error|warning}}:
// LIFT: error: buffer %alloc is freed twice when the loop at {{.*}} is past its first iteration [double-free]
// LIFT: error: buffer %alloc is freed twice when %arg0 > 0 [double-free]
// LIFT: warning: buffer %alloc is never freed (its free is never reached) [leak]
// LIFT: error: buffer %alloc is freed twice when %{{[0-9]+}} is true [double-free]
// LIFT-NOT: {{error|warning}}:

// Correct: the exit test asked again after the loop is false there, so
// the free it guards never runs.
func.func @cfg_test_again(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %a = memref.alloc() : memref<4xf32>
  cf.br ^head(%c0 : index)
^head(%i: index):
  %go = arith.cmpi slt, %i, %n : index
  cf.cond_br %go, ^body, ^exit
^body:
  %i1 = arith.addi %i, %c1 : index
  cf.br ^head(%i1 : index)
^exit:
  %again = arith.cmpi slt, %i, %n : index
  cf.cond_br %again, ^free, ^done
^free:
  memref.dealloc %a : memref<4xf32>
  cf.br ^done
^done:
  memref.dealloc %a : memref<4xf32>
  return
}
// Correct: a second loop entered at the first one's exit count never
// runs its body.
func.func @cfg_second_loop(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %a = memref.alloc() : memref<4xf32>
  cf.br ^head(%c0 : index)
^head(%i: index):
  %go = arith.cmpi slt, %i, %n : index
  cf.cond_br %go, ^body, ^exit
^body:
  %i1 = arith.addi %i, %c1 : index
  cf.br ^head(%i1 : index)
^exit:
  cf.br ^head2(%i : index)
^head2(%j: index):
  %go2 = arith.cmpi slt, %j, %n : index
  cf.cond_br %go2, ^body2, ^exit2
^body2:
  memref.dealloc %a : memref<4xf32>
  %j1 = arith.addi %j, %c1 : index
  cf.br ^head2(%j1 : index)
^exit2:
  memref.dealloc %a : memref<4xf32>
  return
}
// Correct: the same with the exit edge going straight to the second
// loop's head.
func.func @cfg_second_loop_direct(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %a = memref.alloc() : memref<4xf32>
  cf.br ^head(%c0 : index)
^head(%i: index):
  %go = arith.cmpi slt, %i, %n : index
  cf.cond_br %go, ^body, ^head2(%i : index)
^body:
  %i1 = arith.addi %i, %c1 : index
  cf.br ^head(%i1 : index)
^head2(%j: index):
  %go2 = arith.cmpi slt, %j, %n : index
  cf.cond_br %go2, ^body2, ^exit2
^body2:
  memref.dealloc %a : memref<4xf32>
  %j1 = arith.addi %j, %c1 : index
  cf.br ^head2(%j1 : index)
^exit2:
  memref.dealloc %a : memref<4xf32>
  return
}
// Correct: the same two loops inside an outer loop, the buffer allocated
// and freed once per outer iteration (lifted, the exit count is what the
// exit branch of the scf.if on the test yields).
func.func @cfg_second_loop_nested(%n: index, %m: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  cf.br ^outer(%c0 : index)
^outer(%k: index):
  %more = arith.cmpi slt, %k, %m : index
  cf.cond_br %more, ^round, ^done
^round:
  %a = memref.alloc() : memref<4xf32>
  cf.br ^head(%c0 : index)
^head(%i: index):
  %go = arith.cmpi slt, %i, %n : index
  cf.cond_br %go, ^body, ^head2(%i : index)
^body:
  %i1 = arith.addi %i, %c1 : index
  cf.br ^head(%i1 : index)
^head2(%j: index):
  %go2 = arith.cmpi slt, %j, %n : index
  cf.cond_br %go2, ^body2, ^exit2
^body2:
  memref.dealloc %a : memref<4xf32>
  %j1 = arith.addi %j, %c1 : index
  cf.br ^head2(%j1 : index)
^exit2:
  memref.dealloc %a : memref<4xf32>
  %k1 = arith.addi %k, %c1 : index
  cf.br ^outer(%k1 : index)
^done:
  return
}
// Wrong: entered at 0, the second loop runs whenever the first did.
func.func @cfg_second_loop_from_zero(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %a = memref.alloc() : memref<4xf32>
  cf.br ^head(%c0 : index)
^head(%i: index):
  %go = arith.cmpi slt, %i, %n : index
  cf.cond_br %go, ^body, ^exit
^body:
  %i1 = arith.addi %i, %c1 : index
  cf.br ^head(%i1 : index)
^exit:
  cf.br ^head2(%c0 : index)
^head2(%j: index):
  %go2 = arith.cmpi slt, %j, %n : index
  cf.cond_br %go2, ^body2, ^exit2
^body2:
  memref.dealloc %a : memref<4xf32>
  %j1 = arith.addi %j, %c1 : index
  cf.br ^head2(%j1 : index)
^exit2:
  memref.dealloc %a : memref<4xf32>
  return
}
// Wrong: the only free is under the exit test asked again: never.
func.func @cfg_only_free_under_test(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %a = memref.alloc() : memref<4xf32>
  cf.br ^head(%c0 : index)
^head(%i: index):
  %go = arith.cmpi slt, %i, %n : index
  cf.cond_br %go, ^body, ^exit
^body:
  %i1 = arith.addi %i, %c1 : index
  cf.br ^head(%i1 : index)
^exit:
  %again = arith.cmpi slt, %i, %n : index
  cf.cond_br %again, ^free, ^done
^free:
  memref.dealloc %a : memref<4xf32>
  cf.br ^done
^done:
  return
}
// Correct: the scf.while form of the first, the count its condition
// passed out compared again.
func.func @while_test_again(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %a = memref.alloc() : memref<4xf32>
  %r = scf.while (%i = %c0) : (index) -> index {
    %go = arith.cmpi slt, %i, %n : index
    scf.condition(%go) %i : index
  } do {
  ^bb0(%i: index):
    %i1 = arith.addi %i, %c1 : index
    scf.yield %i1 : index
  }
  %again = arith.cmpi slt, %r, %n : index
  scf.if %again {
    memref.dealloc %a : memref<4xf32>
  }
  memref.dealloc %a : memref<4xf32>
  return
}
// Correct: a second scf.while entered at the first one's result.
func.func @while_second_loop(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %a = memref.alloc() : memref<4xf32>
  %r = scf.while (%i = %c0) : (index) -> index {
    %go = arith.cmpi slt, %i, %n : index
    scf.condition(%go) %i : index
  } do {
  ^bb0(%i: index):
    %i1 = arith.addi %i, %c1 : index
    scf.yield %i1 : index
  }
  %r2 = scf.while (%j = %r) : (index) -> index {
    %go2 = arith.cmpi slt, %j, %n : index
    scf.condition(%go2) %j : index
  } do {
  ^bb0(%j: index):
    memref.dealloc %a : memref<4xf32>
    %j1 = arith.addi %j, %c1 : index
    scf.yield %j1 : index
  }
  memref.dealloc %a : memref<4xf32>
  return
}
// Correct: `%r >= %n` holds after the loop: the one free always runs.
func.func @while_opposite_test(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %a = memref.alloc() : memref<4xf32>
  %r = scf.while (%i = %c0) : (index) -> index {
    %go = arith.cmpi slt, %i, %n : index
    scf.condition(%go) %i : index
  } do {
  ^bb0(%i: index):
    %i1 = arith.addi %i, %c1 : index
    scf.yield %i1 : index
  }
  %done = arith.cmpi sge, %r, %n : index
  scf.if %done {
    memref.dealloc %a : memref<4xf32>
  }
  return
}
// Wrong: compared with another bound, the result says nothing.
func.func @while_other_bound(%n: index, %m: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %a = memref.alloc() : memref<4xf32>
  %r = scf.while (%i = %c0) : (index) -> index {
    %go = arith.cmpi slt, %i, %n : index
    scf.condition(%go) %i : index
  } do {
  ^bb0(%i: index):
    %i1 = arith.addi %i, %c1 : index
    scf.yield %i1 : index
  }
  %below = arith.cmpi slt, %r, %m : index
  scf.if %below {
    memref.dealloc %a : memref<4xf32>
  }
  memref.dealloc %a : memref<4xf32>
  return
}
