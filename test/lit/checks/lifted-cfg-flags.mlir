// RUN: not %memlint lint %s | FileCheck %s
//
// An integer flag a join gets from its edges, one constant per edge (what
// -lift-cf-to-scf makes of a CFG: the "which successor" value of an
// scf.index_switch or of a block argument), is one of those constants on
// the paths of each edge. A switch, comparison or truncation of it read
// those paths; it used to be a fresh question (false leaks, double frees
// and uses after free on correct lifted code; i1 flags were followed).

// CHECK-NOT: {{error|warning}}:
// CHECK: :58:10: warning: buffer %a is never freed when the index_switch at 56:10 takes case 0 [leak]
// CHECK: :113:12: warning: buffer %alloc is never freed when %c is false (it is freed only on other paths) [leak]
// CHECK: :127:8: error: 'memref.load' uses buffer %alloc after it was freed [use-after-free]
// CHECK: :128:3: error: buffer %alloc is freed twice [double-free]
// CHECK: :175:12: warning: buffer %alloc is never freed when the loop at 179:8 runs more than once [leak]
// CHECK: :182:14: warning: buffer %alloc_0 allocated in a loop is not freed before the next iteration allocates it again when the loop at 179:8 is past its first iteration and %4 is true [leak]
// CHECK-NOT: {{error|warning}}:
// lift-cf-to-scf: an scf.index_switch yields a buffer and an i32 "which
// successor" flag; a second switch frees the buffer where the flag says the
// first allocated it.
func.func @switch_flag(%k: index) -> f32 {
  %c0 = arith.constant 0 : index
  %c0_i32 = arith.constant 0 : i32
  %c1_i32 = arith.constant 1 : i32
  %cst = arith.constant 0.000000e+00 : f32
  %p = ub.poison : memref<4xf32>
  %r:2 = scf.index_switch %k -> memref<4xf32>, i32
  case 0 {
    %a = memref.alloc() : memref<4xf32>
    memref.store %cst, %a[%c0] : memref<4xf32>
    scf.yield %a, %c1_i32 : memref<4xf32>, i32
  }
  default {
    scf.yield %p, %c0_i32 : memref<4xf32>, i32
  }
  %sel = arith.index_castui %r#1 : i32 to index
  %v = scf.index_switch %sel -> f32
  case 0 {
    scf.yield %cst : f32
  }
  default {
    %x = memref.load %r#0[%c0] : memref<4xf32>
    memref.dealloc %r#0 : memref<4xf32>
    scf.yield %x : f32
  }
  return %v : f32
}

// The flags swapped: the free is on the other cases.
func.func @switch_flag_swapped(%k: index) -> f32 {
  %c0 = arith.constant 0 : index
  %c0_i32 = arith.constant 0 : i32
  %c1_i32 = arith.constant 1 : i32
  %cst = arith.constant 0.000000e+00 : f32
  %p = ub.poison : memref<4xf32>
  %r:2 = scf.index_switch %k -> memref<4xf32>, i32
  case 0 {
    %a = memref.alloc() : memref<4xf32>
    memref.store %cst, %a[%c0] : memref<4xf32>
    scf.yield %a, %c0_i32 : memref<4xf32>, i32
  }
  default {
    scf.yield %p, %c1_i32 : memref<4xf32>, i32
  }
  %sel = arith.index_castui %r#1 : i32 to index
  %v = scf.index_switch %sel -> f32
  case 0 {
    scf.yield %cst : f32
  }
  default {
    %x = memref.load %r#0[%c0] : memref<4xf32>
    memref.dealloc %r#0 : memref<4xf32>
    scf.yield %x : f32
  }
  return %v : f32
}

// -lift-cf-to-scf then -convert-scf-to-cf: each predecessor passes an i32
// constant to the join; a cf.switch on it frees the buffer only on the path
// that did not free it already.
func.func @block_flag(%c: i1) -> f32 {
  %c0_i32 = arith.constant 0 : i32
  %c1_i32 = arith.constant 1 : i32
  %c0 = arith.constant 0 : index
  %cst = arith.constant 0.000000e+00 : f32
  %alloc = memref.alloc() : memref<4xf32>
  memref.store %cst, %alloc[%c0] : memref<4xf32>
  cf.cond_br %c, ^bb1, ^bb2
^bb1:
  memref.dealloc %alloc : memref<4xf32>
  cf.br ^bb3(%c0_i32 : i32)
^bb2:
  cf.br ^bb3(%c1_i32 : i32)
^bb3(%flag: i32):
  cf.switch %flag : i32, [
    default: ^bb4,
    0: ^bb5(%cst : f32)
  ]
^bb4:
  %v = memref.load %alloc[%c0] : memref<4xf32>
  memref.dealloc %alloc : memref<4xf32>
  cf.br ^bb5(%v : f32)
^bb5(%r: f32):
  return %r : f32
}

// The constants swapped: the path that freed it frees it again.
func.func @block_flag_swapped(%c: i1) -> f32 {
  %c0_i32 = arith.constant 0 : i32
  %c1_i32 = arith.constant 1 : i32
  %c0 = arith.constant 0 : index
  %cst = arith.constant 0.000000e+00 : f32
  %alloc = memref.alloc() : memref<4xf32>
  memref.store %cst, %alloc[%c0] : memref<4xf32>
  cf.cond_br %c, ^bb1, ^bb2
^bb1:
  memref.dealloc %alloc : memref<4xf32>
  cf.br ^bb3(%c1_i32 : i32)
^bb2:
  cf.br ^bb3(%c0_i32 : i32)
^bb3(%flag: i32):
  cf.switch %flag : i32, [
    default: ^bb4,
    0: ^bb5(%cst : f32)
  ]
^bb4:
  %v = memref.load %alloc[%c0] : memref<4xf32>
  memref.dealloc %alloc : memref<4xf32>
  cf.br ^bb5(%v : f32)
^bb5(%r: f32):
  return %r : f32
}

// A rotated loop (the same round trip on a loop that copies and frees the
// buffer it carries): its "continue" flag is an i32 set on each edge into
// the join inside the loop.
func.func @loop_flag(%arg0: index) -> f32 {
  %0 = ub.poison : memref<4xf32>
  %1 = ub.poison : index
  %c1_i32 = arith.constant 1 : i32
  %c0_i32 = arith.constant 0 : i32
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %cst = arith.constant 0.000000e+00 : f32
  %alloc = memref.alloc() : memref<4xf32>
  memref.store %cst, %alloc[%c0] : memref<4xf32>
  cf.br ^bb1(%c0, %alloc : index, memref<4xf32>)
^bb1(%2: index, %3: memref<4xf32>):  // 2 preds: ^bb0, ^bb3
  %4 = arith.cmpi slt, %2, %arg0 : index
  cf.cond_br %4, ^bb2, ^bb3(%1, %0, %c0_i32 : index, memref<4xf32>, i32)
^bb2:  // pred: ^bb1
  %alloc_0 = memref.alloc() : memref<4xf32>
  memref.copy %3, %alloc_0 : memref<4xf32> to memref<4xf32>
  memref.dealloc %3 : memref<4xf32>
  %5 = arith.addi %2, %c1 : index
  cf.br ^bb3(%5, %alloc_0, %c1_i32 : index, memref<4xf32>, i32)
^bb3(%6: index, %7: memref<4xf32>, %8: i32):  // 2 preds: ^bb1, ^bb2
  %9 = arith.trunci %8 : i32 to i1
  cf.cond_br %9, ^bb1(%6, %7 : index, memref<4xf32>), ^bb4
^bb4:  // pred: ^bb3
  %10 = memref.load %3[%c0] : memref<4xf32>
  memref.dealloc %3 : memref<4xf32>
  return %10 : f32
}

// The free of the carried buffer deleted: each iteration leaks it.
func.func @loop_flag_no_free(%arg0: index) -> f32 {
  %0 = ub.poison : memref<4xf32>
  %1 = ub.poison : index
  %c1_i32 = arith.constant 1 : i32
  %c0_i32 = arith.constant 0 : i32
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %cst = arith.constant 0.000000e+00 : f32
  %alloc = memref.alloc() : memref<4xf32>
  memref.store %cst, %alloc[%c0] : memref<4xf32>
  cf.br ^bb1(%c0, %alloc : index, memref<4xf32>)
^bb1(%2: index, %3: memref<4xf32>):  // 2 preds: ^bb0, ^bb3
  %4 = arith.cmpi slt, %2, %arg0 : index
  cf.cond_br %4, ^bb2, ^bb3(%1, %0, %c0_i32 : index, memref<4xf32>, i32)
^bb2:  // pred: ^bb1
  %alloc_0 = memref.alloc() : memref<4xf32>
  memref.copy %3, %alloc_0 : memref<4xf32> to memref<4xf32>
  %5 = arith.addi %2, %c1 : index
  cf.br ^bb3(%5, %alloc_0, %c1_i32 : index, memref<4xf32>, i32)
^bb3(%6: index, %7: memref<4xf32>, %8: i32):  // 2 preds: ^bb1, ^bb2
  %9 = arith.trunci %8 : i32 to i1
  cf.cond_br %9, ^bb1(%6, %7 : index, memref<4xf32>), ^bb4
^bb4:  // pred: ^bb3
  %10 = memref.load %3[%c0] : memref<4xf32>
  memref.dealloc %3 : memref<4xf32>
  return %10 : f32
}

