// RUN: %memlint lint --verify-diagnostics %s
//
// Leaving a CFG loop, the atoms of its own values that no code after it
// can ask again leave the path (CfgLoopExit.cpp): kept, every loop's exit
// test stayed in the path of all that followed, and N loops in a row cost
// N^2. A value of the loop used after it keeps what its condition names:
// the exit test asked again after the loop is false there (before, the
// loop's first-iteration atom was dropped under it: a false leak).

// Correct: %t is false after the loop, so %a is freed at ^free.
func.func @exit_test_asked_again(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %a = memref.alloc() : memref<4xf32>
  cf.br ^h(%c0 : index)
^h(%i: index):
  %t = arith.cmpi slt, %i, %n : index
  cf.cond_br %t, ^b, ^exit
^b:
  %i1 = arith.addi %i, %c1 : index
  cf.br ^h(%i1 : index)
^exit:
  cf.cond_br %t, ^never, ^free
^never:
  cf.br ^end
^free:
  memref.dealloc %a : memref<4xf32>
  cf.br ^end
^end:
  return
}

// Correct: the loop's test of values from before it, made again after it,
// is the same question (SameValues): its atom stays.
func.func @same_question_after(%x: index, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %a = memref.alloc() : memref<4xf32>
  cf.br ^h(%c0 : index)
^h(%i: index):
  %q = arith.cmpi slt, %x, %n : index
  %t = arith.cmpi slt, %i, %n : index
  %go = arith.andi %t, %q : i1
  cf.cond_br %go, ^b, ^exit
^b:
  %i1 = arith.addi %i, %c1 : index
  cf.br ^h(%i1 : index)
^exit:
  %q2 = arith.cmpi slt, %x, %n : index
  cf.cond_br %q2, ^f1, ^f2
^f1:
  memref.dealloc %a : memref<4xf32>
  cf.br ^end
^f2:
  memref.dealloc %a : memref<4xf32>
  cf.br ^end
^end:
  return
}

// Correct: two ways out (the head's test, a break) pass different buffers
// to one block, which frees the one it gets. The exit tests tell the two
// apart: a loop with more than one way out keeps them (dropped on each
// edge, the paths overlapped: a false double free of %new).
func.func @break_passes_the_new_buffer(%n: index, %k: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %a0 = memref.alloc() : memref<4xf32>
  cf.br ^h(%c0, %a0 : index, memref<4xf32>)
^h(%i: index, %m: memref<4xf32>):
  %c = arith.cmpi slt, %i, %n : index
  cf.cond_br %c, ^b, ^x(%m : memref<4xf32>)
^b:
  %new = memref.alloc() : memref<4xf32>
  memref.copy %m, %new : memref<4xf32> to memref<4xf32>
  memref.dealloc %m : memref<4xf32>
  %brk = arith.cmpi eq, %i, %k : index
  %i1 = arith.addi %i, %c1 : index
  cf.cond_br %brk, ^x(%new : memref<4xf32>), ^h(%i1, %new : index, memref<4xf32>)
^x(%r: memref<4xf32>):
  memref.dealloc %r : memref<4xf32>
  return
}

// Three loops in a row, the last freeing %b only when it ran: the exit
// tests of the first two (gone from the path) are not worded.
func.func @loops_in_a_row(%n: index, %m: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %a = memref.alloc(%n) : memref<?xf32>
  // expected-warning@+1 {{buffer %b is never freed when %did is false (it is freed only on other paths) [leak]}}
  %b = memref.alloc() : memref<4xf32>
  cf.br ^h0(%c0 : index)
^h0(%i: index):
  %t0 = arith.cmpi slt, %i, %n : index
  cf.cond_br %t0, ^b0, ^h1(%c0 : index)
^b0:
  %x = memref.load %a[%i] : memref<?xf32>
  %i1 = arith.addi %i, %c1 : index
  cf.br ^h0(%i1 : index)
^h1(%j: index):
  %t1 = arith.cmpi slt, %j, %m : index
  cf.cond_br %t1, ^b1, ^h2(%c0, %c0 : index, index)
^b1:
  %y = memref.load %a[%j] : memref<?xf32>
  %j1 = arith.addi %j, %c1 : index
  cf.br ^h1(%j1 : index)
^h2(%k: index, %ran: index):
  %t2 = arith.cmpi slt, %k, %n : index
  cf.cond_br %t2, ^b2, ^exit
^b2:
  %k1 = arith.addi %k, %c1 : index
  cf.br ^h2(%k1, %c1 : index, index)
^exit:
  %did = arith.cmpi eq, %ran, %c1 : index
  cf.cond_br %did, ^free, ^end
^free:
  memref.dealloc %b : memref<4xf32>
  cf.br ^end
^end:
  memref.dealloc %a : memref<?xf32>
  return // expected-note {{the function exits here with %b still allocated}}
}
