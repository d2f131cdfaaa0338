// RUN: not %memlint lint %s | FileCheck %s
//
// Bugs in CFG loops with breaks and exits reached from before the loop
// (helper-126, confirmed at run time): found by the walk that runs loop
// heads again for their exits, and lost by an earlier form that restricted
// block arguments' conditions to their paths.
// CHECK: warning: buffer %a1 is never freed {{.*}}[leak]
// CHECK: error: buffer %a2 is freed twice (through its alias %s38) {{.*}}[double-free]

func.func @break_to_outer_exit(%flags: memref<?xi1>, %arg: memref<4xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %t = arith.constant true
  %f = arith.constant false
  %a1 = memref.alloc() : memref<4xf32>
  cf.br ^outer(%c0, %a1, %t : index, memref<4xf32>, i1)
^outer(%i: index, %s: memref<4xf32>, %o: i1):
  %go = memref.load %flags[%i] : memref<?xi1>
  %i1 = arith.addi %i, %c1 : index
  cf.cond_br %go, ^inner(%i1, %s, %o : index, memref<4xf32>, i1), ^done
^inner(%j: index, %s2: memref<4xf32>, %o2: i1):
  scf.if %o2 {
    memref.dealloc %s2 : memref<4xf32>
  }
  %more = memref.load %flags[%j] : memref<?xi1>
  %j1 = arith.addi %j, %c1 : index
  cf.cond_br %more, ^body(%j1 : index), ^outer(%j1, %arg, %f : index, memref<4xf32>, i1)
^body(%k: index):
  %stop = memref.load %flags[%k] : memref<?xi1>
  %k1 = arith.addi %k, %c1 : index
  cf.cond_br %stop, ^done, ^inner(%k1, %arg, %f : index, memref<4xf32>, i1)
^done:
  return
}

func.func private @chk(f32)
func.func @exit_reached_before_the_loop(%tape: memref<256xi1>, %ctr: memref<1xindex>, %arg: memref<4xf32>) {
  %z = arith.constant 0 : index
  %one = arith.constant 1 : index
  %t = arith.constant true
  %f = arith.constant false
  %a1 = memref.alloc() : memref<4xf32>
  %a2 = memref.alloc() : memref<4xf32>
  cf.br ^b1(%a1, %t, %a2, %t, %arg, %f : memref<4xf32>, i1, memref<4xf32>, i1, memref<4xf32>, i1)
^b1(%s3: memref<4xf32>, %o6: i1, %s4: memref<4xf32>, %o7: i1, %s5: memref<4xf32>, %o8: i1):
  %k9 = memref.load %ctr[%z] : memref<1xindex>
  %n11 = arith.addi %k9, %one : index
  memref.store %n11, %ctr[%z] : memref<1xindex>
  %c10 = memref.load %tape[%k9] : memref<256xi1>
  cf.cond_br %c10, ^b3(%s5, %o8, %s4, %o7, %s3, %o6 : memref<4xf32>, i1, memref<4xf32>, i1, memref<4xf32>, i1), ^b4(%s5, %o8, %s4, %o7, %s3, %o6 : memref<4xf32>, i1, memref<4xf32>, i1, memref<4xf32>, i1)
^b3(%s12: memref<4xf32>, %o15: i1, %s13: memref<4xf32>, %o16: i1, %s14: memref<4xf32>, %o17: i1):
  scf.if %o16 {
    memref.dealloc %s13 : memref<4xf32>
  }
  %a18 = memref.alloc() : memref<4xf32>
  %k20 = memref.load %ctr[%z] : memref<1xindex>
  %n22 = arith.addi %k20, %one : index
  memref.store %n22, %ctr[%z] : memref<1xindex>
  %c21 = memref.load %tape[%k20] : memref<256xi1>
  cf.cond_br %c21, ^b5(%s12, %o15, %a18, %t, %s14, %o17 : memref<4xf32>, i1, memref<4xf32>, i1, memref<4xf32>, i1), ^b2(%s12, %o15, %a18, %t, %s14, %o17 : memref<4xf32>, i1, memref<4xf32>, i1, memref<4xf32>, i1)
^b5(%s23: memref<4xf32>, %o26: i1, %s24: memref<4xf32>, %o27: i1, %s25: memref<4xf32>, %o28: i1):
  scf.if %o28 {
    memref.dealloc %s25 : memref<4xf32>
  }
  %a29 = memref.alloc() : memref<4xf32>
  cf.br ^b3(%s23, %o26, %s24, %o27, %a29, %t : memref<4xf32>, i1, memref<4xf32>, i1, memref<4xf32>, i1)
^b4(%s31: memref<4xf32>, %o34: i1, %s32: memref<4xf32>, %o35: i1, %s33: memref<4xf32>, %o36: i1):
  cf.br ^b2(%s31, %o34, %s32, %o35, %s33, %o36 : memref<4xf32>, i1, memref<4xf32>, i1, memref<4xf32>, i1)
^b2(%s37: memref<4xf32>, %o40: i1, %s38: memref<4xf32>, %o41: i1, %s39: memref<4xf32>, %o42: i1):
  scf.if %o40 {
    memref.dealloc %s37 : memref<4xf32>
  }
  scf.if %o41 {
    memref.dealloc %s38 : memref<4xf32>
  }
  scf.if %o41 {
    memref.dealloc %s38 : memref<4xf32>
  }
  scf.if %o42 {
    memref.dealloc %s39 : memref<4xf32>
  }
  return
}
