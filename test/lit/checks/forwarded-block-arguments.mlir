// RUN: %memlint lint --verify-diagnostics %s
//
// A block argument its block takes on one edge alone is the value that
// edge passes (an scf.while's after region: what its condition forwards),
// so a question on it is one on that value, with what is known of it:
// here the loop's counter, which a loop to 2 never takes to 3.

// Correct: the free in the loop never runs (freed after it instead).
func.func @forwarded_counter(%x: f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %false = arith.constant false
  %true = arith.constant true
  %a = memref.alloc() : memref<4xf32>
  cf.br ^h(%c0, %false : index, i1)
^h(%i: index, %done: i1):
  %lt = arith.cmpi slt, %i, %c2 : index
  %nd = arith.xori %done, %true : i1
  %go = arith.andi %lt, %nd : i1
  cf.cond_br %go, ^body(%i : index), ^exit
^body(%k: index):
  %hit = arith.cmpi eq, %k, %c3 : index
  %k1 = arith.addi %k, %c1 : index
  cf.cond_br %hit, ^free, ^h(%k1, %hit : index, i1)
^free:
  memref.dealloc %a : memref<4xf32>
  cf.br ^h(%k1, %true : index, i1)
^exit:
  cf.cond_br %nd, ^last, ^ret
^last:
  memref.dealloc %a : memref<4xf32>
  cf.br ^ret
^ret:
  return
}

// A loop to 5 reaches 3: freed there, and again after the loop. Once only
// in the loop: the body's argument is the counter, which never repeats a
// value, so `%k == 3` holds in one iteration (a false double free "past
// the first iteration" before).
func.func @forwarded_counter_reached(%x: f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c5 = arith.constant 5 : index
  %c3 = arith.constant 3 : index
  %a = memref.alloc() : memref<4xf32> // expected-note {{%a allocated here}}
  cf.br ^h(%c0 : index)
^h(%i: index):
  %lt = arith.cmpi slt, %i, %c5 : index
  cf.cond_br %lt, ^body(%i : index), ^exit
^body(%k: index):
  %hit = arith.cmpi eq, %k, %c3 : index
  %k1 = arith.addi %k, %c1 : index
  cf.cond_br %hit, ^free, ^h(%k1 : index)
^free:
  memref.dealloc %a : memref<4xf32> // expected-note {{first freed here}}
  cf.br ^h(%k1 : index)
^exit:
  memref.dealloc %a : memref<4xf32> // expected-error {{buffer %a is freed twice when the loop at 51:9 runs at least once and %hit is false [double-free]}}
  return
}
