// RUN: %memlint lint --verify-diagnostics %s
//
// A loop that goes on while `%lt && %c` goes on only while `%lt` does: its
// counter is bounded by `%lt` as by a test of its own, so `%i == 1` holds
// in one iteration (helper-74's class C: a false double free).

// Correct: freed once where `%i == 1` (the flag set), else after the loop.
func.func @conjunct_test(%n: index, %c: i1) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %false = arith.constant false
  %true = arith.constant true
  %a = memref.alloc() : memref<1xf32>
  cf.br ^h(%c0, %false : index, i1)
^h(%i: index, %gone: i1):
  %lt = arith.cmpi slt, %i, %n : index
  %go = arith.andi %lt, %c : i1
  cf.cond_br %go, ^body, ^exit
^body:
  %hit = arith.cmpi eq, %i, %c1 : index
  %i1 = arith.addi %i, %c1 : index
  cf.cond_br %hit, ^free, ^h(%i1, %gone : index, i1)
^free:
  memref.dealloc %a : memref<1xf32>
  cf.br ^h(%i1, %true : index, i1)
^exit:
  cf.cond_br %gone, ^ret, ^last
^last:
  memref.dealloc %a : memref<1xf32>
  cf.br ^ret
^ret:
  return
}

// The flag never set: freed at `%i == 1` and again after the loop.
func.func @conjunct_test_no_flag(%n: index, %c: i1) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %a = memref.alloc() : memref<1xf32> // expected-note {{%a allocated here}}
  cf.br ^h(%c0 : index)
^h(%i: index):
  %lt = arith.cmpi slt, %i, %n : index
  %go = arith.andi %lt, %c : i1
  cf.cond_br %go, ^body, ^exit
^body:
  %hit = arith.cmpi eq, %i, %c1 : index
  %i1 = arith.addi %i, %c1 : index
  cf.cond_br %hit, ^free, ^h(%i1 : index)
^free:
  memref.dealloc %a : memref<1xf32> // expected-note {{first freed here}}
  cf.br ^h(%i1 : index)
^exit:
  memref.dealloc %a : memref<1xf32> // expected-error {{buffer %a is freed twice when the loop at 42:9 runs at least once and %c is true and %n > 0 and %hit is false [double-free]}}
  return
}
