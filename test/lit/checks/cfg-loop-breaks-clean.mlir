// RUN: %memlint lint %s
//
// Correct CFG loops that leave through a break as well as through their
// head (helper-126, checked at run time over every path): with the loop
// heads run again for their exits (CfgWalk), each must stay clean. An
// earlier form joined the head's second run with the break's state of the
// first and, with block arguments' conditions restricted to their paths,
// reported the free at the shared exit as a double or invalid free.

// break_doublefree
func.func @break_doublefree(%n: index, %k: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %a0 = memref.alloc() : memref<4xf32>
  cf.br ^h(%c0, %a0 : index, memref<4xf32>)
^h(%i: index, %m: memref<4xf32>):
  %c = arith.cmpi slt, %i, %n : index
  cf.cond_br %c, ^b, ^x(%m : memref<4xf32>)
^b:
  %brk = arith.cmpi eq, %i, %k : index
  cf.cond_br %brk, ^x(%m : memref<4xf32>), ^b2
^b2:
  %new = memref.alloc() : memref<4xf32>
  memref.dealloc %m : memref<4xf32>
  %i1 = arith.addi %i, %c1 : index
  cf.br ^h(%i1, %new : index, memref<4xf32>)
^x(%r: memref<4xf32>):
  memref.dealloc %r : memref<4xf32>
  return
}

// breakflag_invalidfree
func.func @breakflag_invalidfree(%n: index, %k: index, %arg: memref<4xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %t = arith.constant true
  %fa = arith.constant false
  cf.br ^h(%c0, %arg, %fa : index, memref<4xf32>, i1)
^h(%i: index, %m: memref<4xf32>, %o: i1):
  %c = arith.cmpi slt, %i, %n : index
  cf.cond_br %c, ^b, ^x(%m, %o : memref<4xf32>, i1)
^b:
  %brk = arith.cmpi eq, %i, %k : index
  cf.cond_br %brk, ^x(%m, %o : memref<4xf32>, i1), ^b2
^b2:
  %new = memref.alloc() : memref<4xf32>
  scf.if %o {
    memref.dealloc %m : memref<4xf32>
  }
  %i1 = arith.addi %i, %c1 : index
  cf.br ^h(%i1, %new, %t : index, memref<4xf32>, i1)
^x(%r: memref<4xf32>, %own: i1):
  scf.if %own {
    memref.dealloc %r : memref<4xf32>
  }
  return
}

// breakfree_flag_doublefree
func.func @breakfree_flag_doublefree(%n: index, %k: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %t = arith.constant true
  %fa = arith.constant false
  %a0 = memref.alloc() : memref<4xf32>
  cf.br ^h(%c0, %a0 : index, memref<4xf32>)
^h(%i: index, %m: memref<4xf32>):
  %c = arith.cmpi slt, %i, %n : index
  cf.cond_br %c, ^b, ^x(%m, %t : memref<4xf32>, i1)
^b:
  %brk = arith.cmpi eq, %i, %k : index
  cf.cond_br %brk, ^bf, ^b2
^bf:
  memref.dealloc %m : memref<4xf32>
  cf.br ^x(%m, %fa : memref<4xf32>, i1)
^b2:
  %new = memref.alloc() : memref<4xf32>
  memref.dealloc %m : memref<4xf32>
  %i1 = arith.addi %i, %c1 : index
  cf.br ^h(%i1, %new : index, memref<4xf32>)
^x(%r: memref<4xf32>, %own: i1):
  scf.if %own {
    memref.dealloc %r : memref<4xf32>
  }
  return
}

// swap_loop_then_release_loop_doublefree
func.func @swap_loop_then_release_loop_doublefree(%tape: memref<256xi1>, %ctr: memref<1xindex>, %arg: memref<4xf32>) {
  %z = arith.constant 0 : index
  %one = arith.constant 1 : index
  %t = arith.constant true
  %f = arith.constant false
  %a1 = memref.alloc() : memref<4xf32>
  %a2 = memref.alloc() : memref<4xf32>
  cf.br ^b1(%a1, %t, %a2, %t : memref<4xf32>, i1, memref<4xf32>, i1)
^b1(%s3: memref<4xf32>, %o5: i1, %s4: memref<4xf32>, %o6: i1):
  cf.br ^b6(%s3, %o5, %s4, %o6 : memref<4xf32>, i1, memref<4xf32>, i1)
^b6(%s7: memref<4xf32>, %o9: i1, %s8: memref<4xf32>, %o10: i1):
  cf.br ^b5(%s8, %o10, %s7, %o9 : memref<4xf32>, i1, memref<4xf32>, i1)
^b5(%s14: memref<4xf32>, %o16: i1, %s15: memref<4xf32>, %o17: i1):
  %k18 = memref.load %ctr[%z] : memref<1xindex>
  %n20 = arith.addi %k18, %one : index
  memref.store %n20, %ctr[%z] : memref<1xindex>
  %c19 = memref.load %tape[%k18] : memref<256xi1>
  cf.cond_br %c19, ^b1(%s14, %o16, %s15, %o17 : memref<4xf32>, i1, memref<4xf32>, i1), ^b4(%s14, %o16, %s15, %o17 : memref<4xf32>, i1, memref<4xf32>, i1)
^b4(%s21: memref<4xf32>, %o23: i1, %s22: memref<4xf32>, %o24: i1):
  scf.if %o24 {
    memref.dealloc %s22 : memref<4xf32>
  }
  %k26 = memref.load %ctr[%z] : memref<1xindex>
  %n28 = arith.addi %k26, %one : index
  memref.store %n28, %ctr[%z] : memref<1xindex>
  %c27 = memref.load %tape[%k26] : memref<256xi1>
  cf.cond_br %c27, ^b7(%s21, %o23, %arg, %f : memref<4xf32>, i1, memref<4xf32>, i1), ^b3(%s21, %o23, %arg, %f : memref<4xf32>, i1, memref<4xf32>, i1)
^b7(%s29: memref<4xf32>, %o31: i1, %s30: memref<4xf32>, %o32: i1):
  cf.br ^b4(%s29, %o31, %s30, %o32 : memref<4xf32>, i1, memref<4xf32>, i1)
^b3(%s44: memref<4xf32>, %o46: i1, %s45: memref<4xf32>, %o47: i1):
  cf.br ^b2(%s44, %o46, %s45, %o47 : memref<4xf32>, i1, memref<4xf32>, i1)
^b2(%s49: memref<4xf32>, %o51: i1, %s50: memref<4xf32>, %o52: i1):
  scf.if %o51 {
    memref.dealloc %s49 : memref<4xf32>
  }
  scf.if %o52 {
    memref.dealloc %s50 : memref<4xf32>
  }
  return
}
