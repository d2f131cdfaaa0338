// RUN: %memlint lint --verify-diagnostics %s
//
// A question on a truncation, `index_cast %k : index to i32` or `trunci`,
// where %k may not fit the narrow type: where %k fits, it is the question
// on %k (so case 1 of a switch on it agrees with `%k == 1` asked before);
// where it does not, the truncation's own. -convert-scf-to-cf lowers an
// scf.index_switch to such a cf.switch (truncated-selector-lowered.mlir).

// A lowered index_switch by hand: the leak where %k does not fit is real (index 2^32+1
// is no 1, its truncation is).
func.func @switch_on_cast(%k: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  // expected-warning@+1 {{buffer %a is never freed when %is1 is false and %k does not fit in i32 and %t == 1}}
  %a = memref.alloc() : memref<4xf32>
  %is1 = arith.cmpi eq, %k, %c1 : index
  cf.cond_br %is1, ^free, ^sw
^free:
  memref.dealloc %a : memref<4xf32>
  cf.br ^sw
^sw:
  %t = arith.index_cast %k : index to i32
  cf.switch %t : i32, [
    default: ^use,
    1: ^done
  ]
^use:
  %v = memref.load %a[%c0] : memref<4xf32>
  memref.dealloc %a : memref<4xf32>
  cf.br ^done
^done:
  // expected-note@+1 {{the function exits here with %a still allocated}}
  return
}

// Correct: the truncated value is compared, and the wide one fits (its
// range says so): a question on the wide value, as before.
func.func @fits(%x: i32) {
  %c1 = arith.constant 1 : index
  %c1_32 = arith.constant 1 : i32
  %k = arith.index_cast %x : i32 to index
  %a = memref.alloc() : memref<4xf32>
  %is1 = arith.cmpi eq, %k, %c1 : index
  scf.if %is1 {
    memref.dealloc %a : memref<4xf32>
  }
  %t = arith.index_cast %k : index to i32
  %not1 = arith.cmpi ne, %t, %c1_32 : i32
  scf.if %not1 {
    memref.dealloc %a : memref<4xf32>
  }
  return
}

// Wrong: where %k == 1 its truncation is 1 as well, so both frees run.
func.func @frees_twice(%k: i64) {
  %c1 = arith.constant 1 : i64
  %c1_32 = arith.constant 1 : i32
  // expected-note@+2 {{%a allocated here}}
  // expected-warning@+1 {{buffer %a is never freed when %is1 is false and %k fits in i32}}
  %a = memref.alloc() : memref<4xf32>
  %is1 = arith.cmpi eq, %k, %c1 : i64
  scf.if %is1 {
    // expected-note@+1 {{first freed here}}
    memref.dealloc %a : memref<4xf32>
  }
  %t = arith.trunci %k : i64 to i32
  %t1 = arith.cmpi eq, %t, %c1_32 : i32
  scf.if %t1 {
    // expected-error@+1 {{buffer %a is freed twice when %is1 is true}}
    memref.dealloc %a : memref<4xf32>
  }
  // expected-note@+1 {{the function exits here with %a still allocated}}
  return
}

// Wrong: a use in the switch's default after the free under `%k == 2`.
func.func @use_after_free_in_default(%k: i64) {
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : i64
  // expected-note@+2 {{%a allocated here}}
  // expected-warning@+1 {{buffer %a is never freed when %is2 is false}}
  %a = memref.alloc() : memref<4xf32>
  %is2 = arith.cmpi eq, %k, %c2 : i64
  cf.cond_br %is2, ^free, ^sw
^free:
  // expected-note@+1 {{freed here}}
  memref.dealloc %a : memref<4xf32>
  cf.br ^sw
^sw:
  %t = arith.trunci %k : i64 to i32
  cf.switch %t : i32, [
    default: ^use,
    1: ^done
  ]
^use:
  // expected-error@+1 {{'memref.load' uses buffer %a after it was freed when %is2 is true}}
  %v = memref.load %a[%c0] : memref<4xf32>
  cf.br ^done
^done:
  // expected-note@+1 {{the function exits here with %a still allocated}}
  return
}
