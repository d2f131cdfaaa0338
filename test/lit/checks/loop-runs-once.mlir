// RUN: %memlint lint --verify-diagnostics %s
//
// A loop entered with a constant, adding a constant each time round and
// going on only while below a bound: past its first iteration the value is
// at least the entry plus the step and at most the bound's largest value
// plus the step. A loop `0 < 1`, then `1 < 1`, runs exactly once, and what
// it frees once is not "freed twice past its first iteration". Loops that
// may run twice, or whose counter may wrap, are still reported.

// A CFG loop `%i < 1` entered with 0, adding 1: one iteration.
func.func @runs_once(%a: memref<4xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %b = memref.alloc() : memref<4xf32>
  cf.br ^h(%c0 : index)
^h(%i: index):
  %t = arith.cmpi slt, %i, %c1 : index
  cf.cond_br %t, ^body, ^exit
^body:
  memref.dealloc %b : memref<4xf32>
  %n = arith.addi %i, %c1 : index
  cf.br ^h(%n : index)
^exit:
  return
}
// The same as an scf.while.
func.func @while_runs_once() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %b = memref.alloc() : memref<4xf32>
  %r = scf.while (%i = %c0) : (index) -> index {
    %t = arith.cmpi slt, %i, %c1 : index
    scf.condition(%t) %i : index
  } do {
  ^bb0(%j: index):
    memref.dealloc %b : memref<4xf32>
    %n = arith.addi %j, %c1 : index
    scf.yield %n : index
  }
  return
}
// `%i < 2`: a second iteration frees %b again.
func.func @runs_twice() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %b = memref.alloc() : memref<4xf32> // expected-note {{%b allocated here}}
  cf.br ^h(%c0 : index)
^h(%i: index):
  %t = arith.cmpi slt, %i, %c2 : index
  cf.cond_br %t, ^body, ^exit
^body:
  memref.dealloc %b : memref<4xf32> // expected-error {{buffer %b is freed twice when the loop at 50:8 is past its first iteration [double-free]}} expected-note {{freed here in the previous iteration of the loop}}
  %n = arith.addi %i, %c1 : index
  cf.br ^h(%n : index)
^exit:
  return
}
// Step 2 (written `2 + %i`) past a bound of 2: once.
func.func @step_two_runs_once() {
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  %b = memref.alloc() : memref<4xf32>
  cf.br ^h(%c0 : index)
^h(%i: index):
  %t = arith.cmpi slt, %i, %c2 : index
  cf.cond_br %t, ^body, ^exit
^body:
  memref.dealloc %b : memref<4xf32>
  %n = arith.addi %c2, %i : index
  cf.br ^h(%n : index)
^exit:
  return
}
// The branch leaves the loop when the test holds (`%i >= 1`).
func.func @exit_on_true_runs_once() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %b = memref.alloc() : memref<4xf32>
  cf.br ^h(%c0 : index)
^h(%i: index):
  %t = arith.cmpi sge, %i, %c1 : index
  cf.cond_br %t, ^exit, ^body
^body:
  memref.dealloc %b : memref<4xf32>
  %n = arith.addi %i, %c1 : index
  cf.br ^h(%n : index)
^exit:
  return
}
// A bound that may be anything: zero, one or more iterations.
func.func @dynamic_bound(%m: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %b = memref.alloc() : memref<4xf32> // expected-warning {{buffer %b is never freed when the loop at 98:8 runs zero times (it is freed only on other paths) [leak]}} expected-note {{%b allocated here}}
  cf.br ^h(%c0 : index)
^h(%i: index):
  %t = arith.cmpi slt, %i, %m : index
  cf.cond_br %t, ^body, ^exit
^body:
  memref.dealloc %b : memref<4xf32> // expected-error {{buffer %b is freed twice when the loop at 98:8 is past its first iteration [double-free]}} expected-note {{freed here in the previous iteration of the loop}}
  %n = arith.addi %i, %c1 : index
  cf.br ^h(%n : index)
^exit:
  return // expected-note {{the function exits here with %b still allocated}}
}
// `%i <= 127` in i8 always holds: the counter wraps, the loop goes on.
func.func @i8_wraps() {
  %c0 = arith.constant 0 : i8
  %c1 = arith.constant 1 : i8
  %c127 = arith.constant 127 : i8
  %b = memref.alloc() : memref<4xf32> // expected-note {{%b allocated here}}
  cf.br ^h(%c0 : i8)
^h(%i: i8):
  %t = arith.cmpi sle, %i, %c127 : i8
  cf.cond_br %t, ^body, ^exit
^body:
  memref.dealloc %b : memref<4xf32> // expected-error {{buffer %b is freed twice when the loop at 115:8 is past its first iteration [double-free]}} expected-note {{freed here in the previous iteration of the loop}}
  %n = arith.addi %i, %c1 : i8
  cf.br ^h(%n : i8)
^exit:
  return
}
