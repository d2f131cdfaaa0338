// -convert-scf-to-cf of a loop nest: each run of the inner CFG loop is
// entered afresh with its constant from the outer loop's body, so its
// first iteration is known in every outer iteration (the header is
// reached again only through the outer loop's header, which dominates it;
// that is not a side entry). A one-trip inner loop and a free in the inner
// loop's first iteration are clean; a buffer from before the outer loop
// freed in every run, and a two-trip loop freeing twice, are found.
// RUN: %memlint lint --verify-diagnostics %s

// Correct: the inner loop runs once per outer iteration (0 < 1, then 1 < 1).
func.func @inner_one_trip(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  cf.br ^oh(%c0 : index)
^oh(%i: index):
  %ot = arith.cmpi slt, %i, %n : index
  cf.cond_br %ot, ^obody, ^exit
^obody:
  %a = memref.alloc() : memref<4xf32>
  cf.br ^ih(%c0 : index)
^ih(%j: index):
  %it = arith.cmpi slt, %j, %c1 : index
  cf.cond_br %it, ^ibody, ^olatch
^ibody:
  memref.dealloc %a : memref<4xf32>
  %j1 = arith.addi %j, %c1 : index
  cf.br ^ih(%j1 : index)
^olatch:
  %i1 = arith.addi %i, %c1 : index
  cf.br ^oh(%i1 : index)
^exit:
  return
}
// Correct: freed in the inner loop's first iteration, under a guard.
func.func @inner_first_iteration(%n: index, %m: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %pos = arith.cmpi sgt, %m, %c0 : index
  cf.br ^oh(%c0 : index)
^oh(%i: index):
  %ot = arith.cmpi slt, %i, %n : index
  cf.cond_br %ot, ^obody, ^exit
^obody:
  %a = memref.alloc() : memref<4xf32>
  cf.cond_br %pos, ^ih(%c0 : index), ^none
^ih(%j: index):
  %it = arith.cmpi slt, %j, %m : index
  cf.cond_br %it, ^ibody, ^olatch
^ibody:
  %z = arith.cmpi eq, %j, %c0 : index
  cf.cond_br %z, ^fr, ^ilatch
^fr:
  memref.dealloc %a : memref<4xf32>
  cf.br ^ilatch
^ilatch:
  %j1 = arith.addi %j, %c1 : index
  cf.br ^ih(%j1 : index)
^none:
  memref.dealloc %a : memref<4xf32>
  cf.br ^olatch
^olatch:
  %i1 = arith.addi %i, %c1 : index
  cf.br ^oh(%i1 : index)
^exit:
  return
}
// Buggy: allocated before the outer loop, freed in the inner loop's first
// iteration of every outer iteration.
func.func @outer_buffer_each_run(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %a = memref.alloc() : memref<4xf32> // expected-warning {{buffer %a is never freed when the loop at 76:9 runs zero times (it is freed only on other paths) [leak]}}
  cf.br ^oh(%c0 : index)
^oh(%i: index):
  %ot = arith.cmpi slt, %i, %n : index
  cf.cond_br %ot, ^obody, ^exit
^obody:
  cf.br ^ih(%c0 : index)
^ih(%j: index):
  %it = arith.cmpi slt, %j, %c4 : index
  cf.cond_br %it, ^ibody, ^olatch
^ibody:
  %z = arith.cmpi eq, %j, %c0 : index
  cf.cond_br %z, ^fr, ^ilatch
^fr:
  memref.dealloc %a : memref<4xf32> // expected-error {{buffer %a is freed twice when the loop at 76:9 is past its first iteration [double-free]}}
  cf.br ^ilatch
^ilatch:
  %j1 = arith.addi %j, %c1 : index
  cf.br ^ih(%j1 : index)
^olatch:
  %i1 = arith.addi %i, %c1 : index
  cf.br ^oh(%i1 : index)
^exit:
  return
}
// Buggy: the inner loop runs twice (0 < 2, 1 < 2): freed twice.
func.func @inner_two_trips(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  cf.br ^oh(%c0 : index)
^oh(%i: index):
  %ot = arith.cmpi slt, %i, %n : index
  cf.cond_br %ot, ^obody, ^exit
^obody:
  %a = memref.alloc() : memref<4xf32>
  cf.br ^ih(%c0 : index)
^ih(%j: index):
  %it = arith.cmpi slt, %j, %c2 : index
  cf.cond_br %it, ^ibody, ^olatch
^ibody:
  memref.dealloc %a : memref<4xf32> // expected-error {{buffer %a is freed twice when the loop at 111:9 is past its first iteration [double-free]}}
  %j1 = arith.addi %j, %c1 : index
  cf.br ^ih(%j1 : index)
^olatch:
  %i1 = arith.addi %i, %c1 : index
  cf.br ^oh(%i1 : index)
^exit:
  return
}
