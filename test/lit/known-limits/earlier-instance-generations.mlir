// RUN: %memlint lint --checks=-missed-reuse %s
// XFAIL: *
//
// A known false finding, kept so that the fix shows (lit then reports an
// unexpected pass: drop the XFAIL line). helper-126's random CFG loops
// (correct on all 4,096 paths at run time): buffers passed between slots
// of nested CFG loops through block arguments, with ownership flags, loop
// conditions loaded from a tape. memlint reports a double free of a loop
// allocation's earlier instance: one earlier instance per loop stands for
// the buffers of all earlier iterations (analysis/lifetime/README.md,
// "earlier instance"); loop-two-slot-instances.mlir is the case that was
// fixed. 6 of helper-126's 2,105 programs were flagged like this.

func.func private @chk(f32)
func.func @slots_across_nested_loops(%tape: memref<256xi1>, %ctr: memref<1xindex>, %arg: memref<4xf32>) {
  %z = arith.constant 0 : index
  %one = arith.constant 1 : index
  %t = arith.constant true
  %f = arith.constant false
  %a1 = memref.alloc() : memref<4xf32>
  cf.br ^b1(%arg, %f, %a1, %t : memref<4xf32>, i1, memref<4xf32>, i1)
^b1(%s2: memref<4xf32>, %o4: i1, %s3: memref<4xf32>, %o5: i1):
  scf.if %o4 {
    memref.dealloc %s2 : memref<4xf32>
  }
  scf.if %o5 {
    memref.dealloc %s3 : memref<4xf32>
  }
  %a6 = memref.alloc() : memref<4xf32>
  %k7 = memref.load %ctr[%z] : memref<1xindex>
  %n9 = arith.addi %k7, %one : index
  memref.store %n9, %ctr[%z] : memref<1xindex>
  %c8 = memref.load %tape[%k7] : memref<256xi1>
  cf.cond_br %c8, ^b3(%arg, %f, %a6, %t : memref<4xf32>, i1, memref<4xf32>, i1), ^b2(%arg, %f, %a6, %t : memref<4xf32>, i1, memref<4xf32>, i1)
^b3(%s10: memref<4xf32>, %o12: i1, %s11: memref<4xf32>, %o13: i1):
  %k14 = memref.load %ctr[%z] : memref<1xindex>
  %n16 = arith.addi %k14, %one : index
  memref.store %n16, %ctr[%z] : memref<1xindex>
  %c15 = memref.load %tape[%k14] : memref<256xi1>
  cf.cond_br %c15, ^b4(%s10, %o12, %s11, %o13 : memref<4xf32>, i1, memref<4xf32>, i1), ^b5(%s10, %o12, %s11, %o13 : memref<4xf32>, i1, memref<4xf32>, i1)
^b4(%s17: memref<4xf32>, %o19: i1, %s18: memref<4xf32>, %o20: i1):
  %k21 = memref.load %ctr[%z] : memref<1xindex>
  %n23 = arith.addi %k21, %one : index
  memref.store %n23, %ctr[%z] : memref<1xindex>
  %c22 = memref.load %tape[%k21] : memref<256xi1>
  cf.cond_br %c22, ^b7(%s17, %o19, %s18, %o20 : memref<4xf32>, i1, memref<4xf32>, i1), ^b6(%s17, %o19, %s18, %o20 : memref<4xf32>, i1, memref<4xf32>, i1)
^b7(%s24: memref<4xf32>, %o26: i1, %s25: memref<4xf32>, %o27: i1):
  cf.br ^b4(%s24, %o26, %s25, %o27 : memref<4xf32>, i1, memref<4xf32>, i1)
^b6(%s28: memref<4xf32>, %o30: i1, %s29: memref<4xf32>, %o31: i1):
  scf.if %o30 {
    memref.dealloc %s28 : memref<4xf32>
  }
  %a32 = memref.alloc() : memref<4xf32>
  %k33 = memref.load %ctr[%z] : memref<1xindex>
  %n35 = arith.addi %k33, %one : index
  memref.store %n35, %ctr[%z] : memref<1xindex>
  %c34 = memref.load %tape[%k33] : memref<256xi1>
  cf.cond_br %c34, ^b4(%a32, %t, %s29, %o31 : memref<4xf32>, i1, memref<4xf32>, i1), ^b1(%a32, %t, %s29, %o31 : memref<4xf32>, i1, memref<4xf32>, i1)
^b5(%s36: memref<4xf32>, %o38: i1, %s37: memref<4xf32>, %o39: i1):
  %k40 = memref.load %ctr[%z] : memref<1xindex>
  %n42 = arith.addi %k40, %one : index
  memref.store %n42, %ctr[%z] : memref<1xindex>
  %c41 = memref.load %tape[%k40] : memref<256xi1>
  cf.cond_br %c41, ^b8(%s37, %o39, %s36, %o38 : memref<4xf32>, i1, memref<4xf32>, i1), ^b1(%s37, %o39, %s36, %o38 : memref<4xf32>, i1, memref<4xf32>, i1)
^b8(%s43: memref<4xf32>, %o45: i1, %s44: memref<4xf32>, %o46: i1):
  scf.if %o46 {
    memref.dealloc %s44 : memref<4xf32>
  }
  %a47 = memref.alloc() : memref<4xf32>
  scf.if %t {
    memref.dealloc %a47 : memref<4xf32>
  }
  %a48 = memref.alloc() : memref<4xf32>
  %k49 = memref.load %ctr[%z] : memref<1xindex>
  %n51 = arith.addi %k49, %one : index
  memref.store %n51, %ctr[%z] : memref<1xindex>
  %c50 = memref.load %tape[%k49] : memref<256xi1>
  cf.cond_br %c50, ^b9(%s43, %o45, %a48, %t : memref<4xf32>, i1, memref<4xf32>, i1), ^b10(%s43, %o45, %a48, %t : memref<4xf32>, i1, memref<4xf32>, i1)
^b9(%s52: memref<4xf32>, %o54: i1, %s53: memref<4xf32>, %o55: i1):
  cf.br ^b5(%s52, %o54, %s53, %o55 : memref<4xf32>, i1, memref<4xf32>, i1)
^b10(%s56: memref<4xf32>, %o58: i1, %s57: memref<4xf32>, %o59: i1):
  scf.if %o59 {
    memref.dealloc %s57 : memref<4xf32>
  }
  %a60 = memref.alloc() : memref<4xf32>
  cf.br ^b5(%s56, %o58, %a60, %t : memref<4xf32>, i1, memref<4xf32>, i1)
^b2(%s61: memref<4xf32>, %o63: i1, %s62: memref<4xf32>, %o64: i1):
  scf.if %o63 {
    memref.dealloc %s61 : memref<4xf32>
  }
  scf.if %o64 {
    memref.dealloc %s62 : memref<4xf32>
  }
  return
}
