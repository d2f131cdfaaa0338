// RUN: %memlint lint --verify-diagnostics %s
//
// An integer block argument that its one edge sets to a constant is that
// constant: a truncation of it is a constant too, not a condition of its
// own ("when %t0 is false", which is always so). Each join after it then
// carries the flag exactly: it ends as %c, and the leak is when %c is false.

func.func @flag_through_joins(%c: i1) {
  %k0 = arith.constant 0 : i32
  %k1 = arith.constant 1 : i32
  // expected-warning @+1 {{buffer %a is never freed when %c is false (it is freed only on other paths) [leak]}}
  %a = memref.alloc() : memref<4xf32>
  cf.br ^m0(%k0 : i32)
^m0(%v0: i32):
  %t0 = arith.trunci %v0 : i32 to i1
  %x0 = arith.xori %t0, %c : i1
  cf.cond_br %x0, ^a0, ^b0
^a0:
  cf.br ^m1(%k1 : i32)
^b0:
  cf.br ^m1(%v0 : i32)
^m1(%v1: i32):
  %t1 = arith.trunci %v1 : i32 to i1
  %x1 = arith.xori %t1, %c : i1
  cf.cond_br %x1, ^a1, ^b1
^a1:
  cf.br ^m2(%k1 : i32)
^b1:
  cf.br ^m2(%v1 : i32)
^m2(%v2: i32):
  %t2 = arith.trunci %v2 : i32 to i1
  cf.cond_br %t2, ^fr, ^end
^fr:
  memref.dealloc %a : memref<4xf32>
  cf.br ^end
^end:
  return // expected-note {{the function exits here with %a still allocated}}
}
