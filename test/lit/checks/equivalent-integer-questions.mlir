// RUN: %memlint lint %s
// RUN: sed 's/arith.subi %k, %c2/arith.subi %k, %c3/' %s | not %memlint lint - | FileCheck %s --check-prefix=OTHER-K
// RUN: sed 's/arith.trunci %w : i32 to i1/arith.trunci %w2 : i32 to i1/' %s | not %memlint lint - | FileCheck %s --check-prefix=OTHER-FLAG
//
// One question about an integer asked in two forms C front ends and
// hand-written code use. Each function frees its buffer exactly once.
// Asking about another constant, or truncating another value, is a
// different question: a leak and a double free.
// RUN: sed 's/ overflow<nsw>//' %s | not %memlint lint - | FileCheck %s --check-prefix=WRAPS
// OTHER-K: error: buffer %b is freed twice
// Without `nsw`, `%k + 1` wraps at the largest i32: then neither holds.
// WRAPS: warning: buffer %g is never freed when %p is false and %q is false
// OTHER-FLAG: error: buffer %d is freed twice

// `index_cast %k : i32 to index` against 2 is `%k` against 2.
func.func @index_cast_of_i32(%k: i32) {
  %a = memref.alloc() : memref<4xf32>
  %c2 = arith.constant 2 : i32
  %i = arith.index_cast %k : i32 to index
  %c2i = arith.constant 2 : index
  %e = arith.cmpi eq, %k, %c2 : i32
  %ne = arith.cmpi ne, %i, %c2i : index
  scf.if %e {
    memref.dealloc %a : memref<4xf32>
  }
  scf.if %ne {
    memref.dealloc %a : memref<4xf32>
  }
  return
}

// `%k - 2 == 0` is `%k == 2` (wrapping subtraction is one-to-one).
func.func @difference_is_zero(%k: i32) {
  %b = memref.alloc() : memref<4xf32>
  %c2 = arith.constant 2 : i32
  %c3 = arith.constant 3 : i32
  %c0 = arith.constant 0 : i32
  %d = arith.subi %k, %c2 : i32
  %z = arith.cmpi eq, %d, %c0 : i32
  %ne = arith.cmpi ne, %k, %c2 : i32
  scf.if %z {
    memref.dealloc %b : memref<4xf32>
  }
  scf.if %ne {
    memref.dealloc %b : memref<4xf32>
  }
  return
}

// A bool round-tripped through i32: `trunci (extui %c)` is `%c`.
func.func @bool_round_trip(%c: i1, %other: i1) {
  %d = memref.alloc() : memref<4xf32>
  %w = arith.extui %c : i1 to i32
  %w2 = arith.extui %other : i1 to i32
  %back = arith.trunci %w : i32 to i1
  %true = arith.constant true
  %nc = arith.xori %c, %true : i1
  scf.if %back {
    memref.dealloc %d : memref<4xf32>
  }
  scf.if %nc {
    memref.dealloc %d : memref<4xf32>
  }
  return
}

// A switch on an i1 (case -1 is true) and a signed comparison of i1s
// (true is -1: `%c >= false` is `not %c`).
func.func @switch_on_flag(%c: i1) {
  %e = memref.alloc() : memref<4xf32>
  cf.switch %c : i1, [
    default: ^join,
    -1: ^free
  ]
^free:
  memref.dealloc %e : memref<4xf32>
  cf.br ^join
^join:
  %false = arith.constant false
  %not = arith.cmpi sge, %c, %false : i1
  cf.cond_br %not, ^free2, ^done
^free2:
  memref.dealloc %e : memref<4xf32>
  cf.br ^done
^done:
  return
}

// `%k + 1 > 5` is `%k > 4` where the addition cannot wrap (`nsw`).
func.func @sum_without_wrap(%k: i32) {
  %g = memref.alloc() : memref<4xf32>
  %c1 = arith.constant 1 : i32
  %c4 = arith.constant 4 : i32
  %c5 = arith.constant 5 : i32
  %k1 = arith.addi %k, %c1 overflow<nsw> : i32
  %p = arith.cmpi sgt, %k1, %c5 : i32
  %q = arith.cmpi sle, %k, %c4 : i32
  scf.if %p {
    memref.dealloc %g : memref<4xf32>
  }
  scf.if %q {
    memref.dealloc %g : memref<4xf32>
  }
  return
}
