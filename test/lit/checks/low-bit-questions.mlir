// RUN: %memlint lint --verify-diagnostics %s
//
// The lowest bit of an integer asked two ways, `trunci %k to i1` and
// `(%k & 1) != 0` (C's `(bool)k` and `k & 1`), is one question: a free
// under one and a free under the other's negation free once on every path
// (helper-117: a false leak and double free). Other bits, and other
// integers, stay other questions.

func.func @truncation_and_mask(%k: i32) {
  %one = arith.constant 1 : i32
  %zero = arith.constant 0 : i32
  %t = arith.trunci %k : i32 to i1
  %m = arith.andi %k, %one : i32
  %q = arith.cmpi ne, %m, %zero : i32
  %x = memref.alloc() : memref<4xf32>
  scf.if %t {
    memref.dealloc %x : memref<4xf32>
  }
  scf.if %q {
  } else {
    memref.dealloc %x : memref<4xf32>
  }
  return
}

func.func @mask_compared_both_ways(%k: i64) {
  %one = arith.constant 1 : i64
  %zero = arith.constant 0 : i64
  %m = arith.andi %one, %k : i64
  %even = arith.cmpi eq, %m, %zero : i64
  %odd = arith.cmpi eq, %m, %one : i64
  %x = memref.alloc() : memref<4xf32>
  scf.if %even {
    memref.dealloc %x : memref<4xf32>
  }
  scf.if %odd {
    memref.dealloc %x : memref<4xf32>
  }
  return
}

func.func @another_bit(%k: i32) {
  %two = arith.constant 2 : i32
  %zero = arith.constant 0 : i32
  %t = arith.trunci %k : i32 to i1
  %m = arith.andi %k, %two : i32
  %q = arith.cmpi ne, %m, %zero : i32
  %x = memref.alloc() : memref<4xf32> // expected-warning {{[leak]}}
  scf.if %t {
    memref.dealloc %x : memref<4xf32> // expected-note {{first freed here}}
  }
  scf.if %q {
  } else {
    memref.dealloc %x : memref<4xf32> // expected-error {{[double-free]}}
  }
  return // expected-note {{the function exits here with %x still allocated}}
}

func.func @another_integer(%k: i32, %j: i32) {
  %one = arith.constant 1 : i32
  %zero = arith.constant 0 : i32
  %t = arith.trunci %k : i32 to i1
  %m = arith.andi %j, %one : i32
  %q = arith.cmpi ne, %m, %zero : i32
  %x = memref.alloc() : memref<4xf32> // expected-warning {{[leak]}}
  scf.if %t {
    memref.dealloc %x : memref<4xf32> // expected-note {{first freed here}}
  }
  scf.if %q {
  } else {
    memref.dealloc %x : memref<4xf32> // expected-error {{[double-free]}}
  }
  return // expected-note {{the function exits here with %x still allocated}}
}
