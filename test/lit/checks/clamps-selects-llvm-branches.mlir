// Questions asked through a clamp by a constant (`minsi`/`maxui`/
// `index.mins`), a select with one constant side, and the `llvm` dialect's
// branches (`llvm.cond_br`, `llvm.switch`, `llvm.select`, `llvm.zext`) are
// the questions they stand for: frees that partition the values free
// exactly once. Each was an atom of its own before: false double frees and
// leaks.
// RUN: %memlint lint %s
//
// The same programs with the partitions broken are caught:
// RUN: sed 's/%big = arith.cmpi sge, %x, %c5/%big = arith.cmpi sge, %x, %c4/' %s | not %memlint lint - 2>&1 | FileCheck %s --check-prefix=MIN
// MIN: error: buffer %a is freed twice
// RUN: sed 's/%eight = arith.cmpi eq, %y, %c8/%eight = arith.cmpi eq, %y, %c9/' %s | not %memlint lint - 2>&1 | FileCheck %s --check-prefix=MAX
// MAX: error: buffer %b is freed twice
// RUN: sed 's/%chosen = arith.select %lt, %i, %c7/%chosen = arith.select %lt, %i, %c0/' %s | not %memlint lint - 2>&1 | FileCheck %s --check-prefix=SELECT
// SELECT: error: buffer %c is freed twice
// RUN: sed 's/llvm.cond_br %c, \^fr, \^skip/llvm.cond_br %c, ^skip, ^fr/' %s | not %memlint lint - 2>&1 | FileCheck %s --check-prefix=CONDBR
// CONDBR: error: buffer %d is freed twice
// RUN: sed 's/      0: \^free/      1: ^free/' %s | not %memlint lint - 2>&1 | FileCheck %s --check-prefix=SWITCH
// SWITCH: error: buffer %e is freed twice
// RUN: sed 's/%both = llvm.select %one, %q, %q/%both = llvm.select %one, %q, %one/' %s | not %memlint lint - 2>&1 | FileCheck %s --check-prefix=LLVMSEL
// LLVMSEL: warning: buffer %f is never freed
// RUN: sed 's/index.cmp slt(%k, %c3)/index.cmp sle(%k, %c3)/' %s | not %memlint lint - 2>&1 | FileCheck %s --check-prefix=INDEXMIN
// INDEXMIN: error: buffer %g is freed twice

// min(x, 5) < 5 is x < 5; x >= 5 is the rest.
func.func @clamp_below(%x: i32) {
  %c4 = arith.constant 4 : i32
  %c5 = arith.constant 5 : i32
  %a = memref.alloc() : memref<4xf32>
  %m = arith.minsi %x, %c5 : i32
  %small = arith.cmpi slt, %m, %c5 : i32
  scf.if %small {
    memref.dealloc %a : memref<4xf32>
  }
  %big = arith.cmpi sge, %x, %c5 : i32
  scf.if %big {
    memref.dealloc %a : memref<4xf32>
  }
  return
}

// max(y, 8) == 8 (unsigned) is y <= 8; y > 8 is the rest.
func.func @clamp_above(%y: i32) {
  %c8 = arith.constant 8 : i32
  %c9 = arith.constant 9 : i32
  %b = memref.alloc() : memref<4xf32>
  %m = arith.maxui %c8, %y : i32
  %floor = arith.cmpi eq, %m, %c8 : i32
  scf.if %floor {
    memref.dealloc %b : memref<4xf32>
  }
  %low = arith.cmpi ult, %y, %c8 : i32
  %eight = arith.cmpi eq, %y, %c8 : i32
  %le = arith.ori %low, %eight : i1
  %true = arith.constant true
  %above = arith.xori %le, %true : i1
  scf.if %above {
    memref.dealloc %b : memref<4xf32>
  }
  return
}

// select(i < 5, i, 7) == 0 is i == 0: the first iteration alone.
func.func @select_with_constant() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c5 = arith.constant 5 : index
  %c7 = arith.constant 7 : index
  %c10 = arith.constant 10 : index
  %c = memref.alloc() : memref<4xf32>
  scf.for %i = %c0 to %c10 step %c1 {
    %lt = arith.cmpi slt, %i, %c5 : index
    %chosen = arith.select %lt, %i, %c7 : index
    %q = arith.cmpi eq, %chosen, %c0 : index
    scf.if %q {
      memref.dealloc %c : memref<4xf32>
    }
  }
  return
}

// Part-way through a lowering: llvm.cond_br twice on one condition.
func.func @llvm_cond_br(%c: i1) {
  %d = memref.alloc() : memref<4xf32>
  llvm.cond_br %c, ^fr, ^skip
^fr:
  memref.dealloc %d : memref<4xf32>
  llvm.br ^join
^skip:
  llvm.br ^join
^join:
  llvm.cond_br %c, ^end, ^fr2
^fr2:
  memref.dealloc %d : memref<4xf32>
  llvm.br ^end
^end:
  return
}

// llvm.switch case 0 and a comparison with 0 of the same (widened) value.
func.func @llvm_switch(%v: i8) {
  %z = llvm.mlir.constant(0 : i32) : i32
  %e = memref.alloc() : memref<4xf32>
  %w = llvm.zext %v : i8 to i32
  llvm.switch %w : i32, ^skip [
      0: ^free
    ]
^free:
  memref.dealloc %e : memref<4xf32>
  llvm.br ^after
^skip:
  llvm.br ^after
^after:
  %zero8 = llvm.mlir.constant(0 : i8) : i8
  %nz = llvm.icmp "ne" %v, %zero8 : i8
  llvm.cond_br %nz, ^free2, ^end
^free2:
  memref.dealloc %e : memref<4xf32>
  llvm.br ^end
^end:
  return
}

// llvm.select of one flag on both sides is that flag.
func.func @llvm_select(%one: i1, %q: i1) {
  %f = memref.alloc() : memref<4xf32>
  %both = llvm.select %one, %q, %q : i1, i1
  scf.if %both {
    memref.dealloc %f : memref<4xf32>
  } else {
    scf.if %q {
    } else {
      memref.dealloc %f : memref<4xf32>
    }
  }
  return
}

// index.mins(k, 3) == 3 is k >= 3.
func.func @index_clamp(%k: index) {
  %c3 = index.constant 3
  %g = memref.alloc() : memref<4xf32>
  %m = index.mins %k, %c3
  %at = index.cmp eq(%m, %c3)
  scf.if %at {
    memref.dealloc %g : memref<4xf32>
  }
  %below = index.cmp slt(%k, %c3)
  scf.if %below {
    memref.dealloc %g : memref<4xf32>
  }
  return
}
