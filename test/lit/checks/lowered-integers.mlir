// RUN: %memlint lint --verify-diagnostics %s
//
// Integer questions as -convert-arith-to-llvm writes them: `llvm.add` and
// `llvm.sub` against a constant are questions on their operand, exactly
// where `overflow<nsw>` or `<nuw>` rule a wrap out, as for arith.addi;
// `llvm.trunc` of an `llvm.sext` (an index_cast to i32 and back) is the
// narrow value.

// Correct: freed where k + 1 > 6 (nsw: k > 5), else where k <= 5.
func.func @add_nsw(%k: i32) {
  %c1 = llvm.mlir.constant(1 : i32) : i32
  %c5 = llvm.mlir.constant(5 : i32) : i32
  %c6 = llvm.mlir.constant(6 : i32) : i32
  %a = memref.alloc() : memref<4xf32>
  %k1 = llvm.add %k, %c1 overflow<nsw> : i32
  %big = llvm.icmp "sgt" %k1, %c6 : i32
  scf.if %big {
    memref.dealloc %a : memref<4xf32>
  }
  %small = llvm.icmp "sle" %k, %c5 : i32
  scf.if %small {
    memref.dealloc %a : memref<4xf32>
  }
  return
}

// Wrong: without nsw, k + 1 wraps at the largest k, where neither frees.
func.func @add_wraps(%k: i32) {
  %c1 = llvm.mlir.constant(1 : i32) : i32
  %c5 = llvm.mlir.constant(5 : i32) : i32
  %c6 = llvm.mlir.constant(6 : i32) : i32
  // expected-warning@+1 {{buffer %a is never freed when %big is false and %small is false}}
  %a = memref.alloc() : memref<4xf32>
  %k1 = llvm.add %k, %c1 : i32
  %big = llvm.icmp "sgt" %k1, %c6 : i32
  scf.if %big {
    memref.dealloc %a : memref<4xf32>
  }
  %small = llvm.icmp "sle" %k, %c5 : i32
  scf.if %small {
    memref.dealloc %a : memref<4xf32>
  }
  return // expected-note {{the function exits here}}
}

// Correct: a switch on trunc(sext %k) frees in cases 0 and 5, and the
// code after it where %k is neither.
func.func @switch_sext_trunc(%k: i32) {
  %a = memref.alloc() : memref<4xf32>
  %w = llvm.sext %k : i32 to i64
  %n = llvm.trunc %w : i64 to i32
  cf.switch %n : i32, [
    default: ^join,
    0: ^zero,
    5: ^five
  ]
^zero:
  memref.dealloc %a : memref<4xf32>
  cf.br ^join
^five:
  memref.dealloc %a : memref<4xf32>
  cf.br ^join
^join:
  %c0 = llvm.mlir.constant(0 : i32) : i32
  %c5 = llvm.mlir.constant(5 : i32) : i32
  %n0 = llvm.icmp "ne" %k, %c0 : i32
  %n5 = llvm.icmp "ne" %k, %c5 : i32
  %neither = llvm.and %n0, %n5 : i1
  cf.cond_br %neither, ^free, ^done
^free:
  memref.dealloc %a : memref<4xf32>
  cf.br ^done
^done:
  return
}

// Wrong: trunc(sext %s) from i16 is %s sign-extended to i32, never
// 65535 (that is zext -1): the only free is never reached.
func.func @switch_sext_narrower(%s: i16) {
  // expected-warning@+1 {{buffer %a is never freed (its free is never reached) [leak]}}
  %a = memref.alloc() : memref<4xf32>
  %w = llvm.sext %s : i16 to i64
  %n = llvm.trunc %w : i64 to i32
  cf.switch %n : i32, [
    default: ^done,
    65535: ^free
  ]
^free:
  memref.dealloc %a : memref<4xf32>
  cf.br ^done
^done:
  return // expected-note {{the function exits here}}
}
