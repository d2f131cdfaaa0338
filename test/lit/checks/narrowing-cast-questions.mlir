// A question on a truncation of a value whose range fits the narrow type
// (an index_cast of a loop's counter to i32, a trunci to i8 of one that
// stays below 128) is the same question on that value: the cast is the
// identity there, and `%z == 0` is the first iteration. A counter that
// runs past what the narrow type holds is not mapped.
// RUN: %memlint lint --verify-diagnostics %s

// Correct: %z is %i as an i32 (0..3 fits), so `%z == 0` is the first iteration.
func.func @iv_as_i32() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c0_i32 = arith.constant 0 : i32
  %a = memref.alloc() : memref<4xf32>
  scf.for %i = %c0 to %c4 step %c1 {
    %z = arith.index_cast %i : index to i32
    %first = arith.cmpi eq, %z, %c0_i32 : i32
    scf.if %first {
      memref.dealloc %a : memref<4xf32>
    }
  }
  return
}
// Correct: a switch on the truncated counter, case 0 its first iteration.
func.func @switch_on_trunc(%x: memref<4xf32>) {
  %c0 = arith.constant 0 : i64
  %c1 = arith.constant 1 : i64
  %c3 = arith.constant 3 : i64
  %a = memref.alloc() : memref<4xf32>
  scf.for %i = %c0 to %c3 step %c1 : i64 {
    %t = arith.trunci %i : i64 to i8
    %k = arith.index_castui %t : i8 to index
    scf.index_switch %k
    case 0 {
      memref.dealloc %a : memref<4xf32>
      scf.yield
    }
    default {
    }
  }
  return
}
// Buggy: the loop runs to 300, past what an i8 holds: %t is 44 twice
// (44 and 300), so %a is freed twice.
func.func @trunc_wraps() {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c301 = arith.constant 301 : i32
  %c44 = arith.constant 44 : i8
  %a = memref.alloc() : memref<4xf32> // expected-warning {{buffer %a is never freed when %e is false and %i fits in i8 (it is freed only on other paths) [leak]}}
  scf.for %i = %c0 to %c301 step %c1 : i32 {
    %t = arith.trunci %i : i32 to i8
    %e = arith.cmpi eq, %t, %c44 : i8
    scf.if %e {
      memref.dealloc %a : memref<4xf32> // expected-error {{buffer %a is freed twice when the loop at 51:3 is past its first iteration [double-free]}}
    }
  }
  return
}
// Buggy: the loop runs twice and frees when the i32 is 0 or 1.
func.func @iv_two_values() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c2_i32 = arith.constant 2 : i32
  %a = memref.alloc() : memref<4xf32>
  scf.for %i = %c0 to %c2 step %c1 {
    %z = arith.index_cast %i : index to i32
    %small = arith.cmpi slt, %z, %c2_i32 : i32
    scf.if %small {
      memref.dealloc %a : memref<4xf32> // expected-error {{buffer %a is freed twice when the loop at 67:3 is past its first iteration [double-free]}}
    }
  }
  return
}
// Buggy: an i8 loop to 81 by 80 wraps (0, 80, -96, ..., -128, ...): its
// range [0, 80] does not hold, and trunc to i7 is 0 at 0 and at -128.
// (The first iteration's 0 fits in i7: the free runs then, no leak.)
func.func @step_wraps() {
  %lb = arith.constant 0 : i8
  %ub = arith.constant 81 : i8
  %st = arith.constant 80 : i8
  %k = arith.constant 0 : i7
  %a = memref.alloc() : memref<4xf32>
  scf.for %i = %lb to %ub step %st : i8 {
    %t = arith.trunci %i : i8 to i7
    %e = arith.cmpi eq, %t, %k : i7
    scf.if %e {
      memref.dealloc %a : memref<4xf32> // expected-error {{buffer %a is freed twice when the loop at 85:3 is past its first iteration [double-free]}}
    }
  }
  return
}
