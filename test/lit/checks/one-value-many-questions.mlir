// Every question on one integer, whatever asks it (`cmpi` of any
// predicate, a switch, an `affine.if`) and however it is phrased (`%x + 1`,
// `extui %b`, a loop's first iteration), is a question on the same value:
// guarded frees that partition its values free exactly once.
// RUN: %memlint lint %s
//
// The same programs with the partitions broken are caught:
// RUN: sed 's/%late = arith.cmpi sge, %i, %c5/%late = arith.cmpi sge, %i, %c4/' %s | not %memlint lint - 2>&1 | FileCheck %s --check-prefix=IV
// IV: error: buffer %a is freed twice when %late is true
// RUN: sed 's/%lt = arith.cmpi slt, %y, %c4/%lt = arith.cmpi sle, %y, %c4/' %s | not %memlint lint - 2>&1 | FileCheck %s --check-prefix=ORDER
// ORDER: error: buffer %a is freed twice when %eq is true
// RUN: sed 's/    4: \^done/    3: ^done/' %s | not %memlint lint - 2>&1 | FileCheck %s --check-prefix=SWITCH
// SWITCH: error: buffer %b is freed twice when %eq is true
// RUN: sed 's/    0: \^free/    1: ^free/' %s | not %memlint lint - 2>&1 | FileCheck %s --check-prefix=FLAG
// FLAG: error: buffer %c is freed twice
// RUN: sed 's/%firstpass = arith.cmpi eq, %i, %c0/%firstpass = arith.cmpi eq, %i, %c1/' %s | not %memlint lint - 2>&1 | FileCheck %s --check-prefix=ORDERED
// ORDERED: error: buffer %init is freed twice
// RUN: sed 's/%notseven = arith.cmpi ne, %x, %c2/%notseven = arith.cmpi ne, %x, %c3/' %s | not %memlint lint - 2>&1 | FileCheck %s --check-prefix=XOR
// XOR: error: buffer %e is freed twice
// RUN: sed 's/%isfirst = arith.cmpi eq, %iv, %c0/%isfirst = arith.cmpi ne, %iv, %c0/' %s | not %memlint lint - 2>&1 | FileCheck %s --check-prefix=HELPER
// HELPER: error: buffer %init2 is freed twice
// RUN: sed 's/scf.for %j = %c0 to %i step %c1/scf.for %j = %c1 to %i step %c1/' %s | not %memlint lint - 2>&1 | FileCheck %s --check-prefix=INNER
// INNER: warning: buffer %n allocated in a loop is not freed before the next iteration allocates it again
// RUN: sed 's/(d0 - s0 == 0)>/(d0 - s0 >= 0)>/' %s | not %memlint lint - 2>&1 | FileCheck %s --check-prefix=AFFINE
// AFFINE: error: buffer %f is freed twice
// RUN: sed 's/%wide0 = arith.cmpi eq, %wide, %z64/%wide0 = arith.cmpi ne, %wide, %z64/' %s | not %memlint lint - 2>&1 | FileCheck %s --check-prefix=INDEX
// INDEX: error: buffer %g is freed twice
// RUN: sed 's/%notsix = arith.cmpi ne, %x, %c6/%notsix = arith.cmpi ne, %x, %c14/' %s | not %memlint lint - 2>&1 | FileCheck %s --check-prefix=REFLECT
// REFLECT: error: buffer %h is freed twice
// RUN: sed 's/%le = arith.cmpi sle, %k, %c3/%le = arith.cmpi sle, %k, %c4/' %s | not %memlint lint - 2>&1 | FileCheck %s --check-prefix=NSW
// NSW: error: buffer %d is freed twice
// Without `nsw`, %k = INT_MAX wraps to the least sum: freed on no path.
// RUN: sed 's/ overflow<nsw>//' %s | not %memlint lint - 2>&1 | FileCheck %s --check-prefix=WRAP
// WRAP: warning: buffer %d is never freed

// `%i == 0` is the loop's first iteration; `%i >= 5` and `%i < 5` split
// the later ones. (`%i == 0` was the first-iteration atom and `%i < 5` an
// atom of its own: the first iteration seemed to reach `%i >= 5`.)
func.func @first_iteration_and_order() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c5 = arith.constant 5 : index
  %c10 = arith.constant 10 : index
  scf.for %i = %c0 to %c10 step %c1 {
    %a = memref.alloc() : memref<4xf32>
    %first = arith.cmpi eq, %i, %c0 : index
    scf.if %first {
      memref.dealloc %a : memref<4xf32>
    }
    %late = arith.cmpi sge, %i, %c5 : index
    scf.if %late {
      memref.dealloc %a : memref<4xf32>
    }
    %notfirst = arith.cmpi ne, %i, %c0 : index
    %early = arith.cmpi slt, %i, %c5 : index
    %mid = arith.andi %notfirst, %early : i1
    scf.if %mid {
      memref.dealloc %a : memref<4xf32>
    }
  }
  return
}

// `%x + 1 == 4`, `%x + 1 < 4` and `%x + 1 > 4` (wrapping: no flags).
func.func @sum_in_order(%x: i32) {
  %c1 = arith.constant 1 : i32
  %c4 = arith.constant 4 : i32
  %a = memref.alloc() : memref<4xf32>
  %y = arith.addi %x, %c1 : i32
  %eq = arith.cmpi eq, %y, %c4 : i32
  scf.if %eq {
    memref.dealloc %a : memref<4xf32>
  }
  %lt = arith.cmpi slt, %y, %c4 : i32
  scf.if %lt {
    memref.dealloc %a : memref<4xf32>
  }
  %gt = arith.cmpi sgt, %y, %c4 : i32
  scf.if %gt {
    memref.dealloc %a : memref<4xf32>
  }
  return
}

// `%x + 1 == 4` against a switch on `%x + 1`.
func.func @sum_in_switch(%x: i32) {
  %c1 = arith.constant 1 : i32
  %c4 = arith.constant 4 : i32
  %b = memref.alloc() : memref<4xf32>
  %y = arith.addi %x, %c1 : i32
  %eq = arith.cmpi eq, %y, %c4 : i32
  scf.if %eq {
    memref.dealloc %b : memref<4xf32>
  }
  cf.switch %y : i32, [
    default: ^free,
    4: ^done
  ]
^free:
  memref.dealloc %b : memref<4xf32>
  cf.br ^done
^done:
  return
}

// A switch on a widened flag is a question on the flag.
func.func @switch_on_widened_flag(%f: i1) {
  %c = memref.alloc() : memref<4xf32>
  %w = arith.extui %f : i1 to i32
  scf.if %f {
    memref.dealloc %c : memref<4xf32>
  }
  cf.switch %w : i32, [
    default: ^done,
    0: ^free
  ]
^free:
  memref.dealloc %c : memref<4xf32>
  cf.br ^done
^done:
  return
}

// Where the sum cannot wrap (`nsw`), `%k + 1 == 5` and `%k + 1 > 5` are
// `%k == 4` and `%k > 4`, whatever else asks about %k.
func.func @sum_without_wrap(%k: i32) {
  %c1 = arith.constant 1 : i32
  %c3 = arith.constant 3 : i32
  %c4 = arith.constant 4 : i32
  %c5 = arith.constant 5 : i32
  %d = memref.alloc() : memref<4xf32>
  %k1 = arith.addi %k, %c1 overflow<nsw> : i32
  %eq = arith.cmpi eq, %k1, %c5 : i32
  %gt = arith.cmpi sgt, %k1, %c5 : i32
  %le = arith.cmpi sle, %k, %c3 : i32
  %late = arith.ori %eq, %gt : i1
  scf.if %late {
    memref.dealloc %d : memref<4xf32>
  }
  scf.if %le {
    memref.dealloc %d : memref<4xf32>
  }
  return
}

// An affine.if on `d0 - s0 == 0` with s0 a constant 0 asks `%i == 0`.
#same = affine_set<(d0)[s0] : (d0 - s0 == 0)>
func.func @affine_two_operands() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c5 = arith.constant 5 : index
  %f = memref.alloc() : memref<4xf32>
  affine.for %i = 0 to 10 {
    %lt = arith.cmpi slt, %i, %c5 : index
    scf.if %lt {
      %t = memref.alloc() : memref<4xf32>
      memref.dealloc %t : memref<4xf32>
    }
    affine.if #same(%i)[%c0] {
      memref.dealloc %f : memref<4xf32>
    }
  }
  return
}

// The same whichever the body asks first: `%i < 5` before `%i == 0` (the
// first question's cells made `%i == 0` "i < 5 and the first iteration",
// and the first iteration without `i < 5` seemed possible: %init freed in
// the loop's first iteration and again after it).
func.func @first_iteration_asked_second() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c5 = arith.constant 5 : index
  %c10 = arith.constant 10 : index
  %init = memref.alloc() : memref<4xf32>
  %r = scf.for %i = %c0 to %c10 step %c1 iter_args(%b = %init) -> (memref<4xf32>) {
    %lt = arith.cmpi slt, %i, %c5 : index
    scf.if %lt {
      %t = memref.alloc() : memref<4xf32>
      memref.dealloc %t : memref<4xf32>
    }
    %firstpass = arith.cmpi eq, %i, %c0 : index
    scf.if %firstpass {
    } else {
      memref.dealloc %b : memref<4xf32>
    }
    %n = memref.alloc() : memref<4xf32>
    scf.yield %n : memref<4xf32>
  }
  memref.dealloc %r : memref<4xf32>
  memref.dealloc %init : memref<4xf32>
  return
}

// `%x ^ 5 == 7` is `%x == 2`.
func.func @xor_question(%x: i32) {
  %c2 = arith.constant 2 : i32
  %c3 = arith.constant 3 : i32
  %c5 = arith.constant 5 : i32
  %c7 = arith.constant 7 : i32
  %e = memref.alloc() : memref<4xf32>
  %y = arith.xori %x, %c5 : i32
  %seven = arith.cmpi eq, %y, %c7 : i32
  scf.if %seven {
    memref.dealloc %e : memref<4xf32>
  }
  %notseven = arith.cmpi ne, %x, %c2 : i32
  scf.if %notseven {
    memref.dealloc %e : memref<4xf32>
  }
  return
}

// A predicate helper asks i == 0 too (its summary: a comparison of what
// the call passes), after i < 5.
func.func @is_first(%iv: index) -> i1 {
  %c0 = arith.constant 0 : index
  %isfirst = arith.cmpi eq, %iv, %c0 : index
  return %isfirst : i1
}

func.func @first_iteration_from_a_helper() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c5 = arith.constant 5 : index
  %c10 = arith.constant 10 : index
  %init2 = memref.alloc() : memref<4xf32>
  %r = scf.for %i = %c0 to %c10 step %c1 iter_args(%b = %init2) -> (memref<4xf32>) {
    %lt = arith.cmpi slt, %i, %c5 : index
    scf.if %lt {
      %t = memref.alloc() : memref<4xf32>
      memref.dealloc %t : memref<4xf32>
    }
    %first = func.call @is_first(%i) : (index) -> i1
    scf.if %first {
    } else {
      memref.dealloc %b : memref<4xf32>
    }
    %n = memref.alloc() : memref<4xf32>
    scf.yield %n : memref<4xf32>
  }
  memref.dealloc %r : memref<4xf32>
  memref.dealloc %init2 : memref<4xf32>
  return
}

// An inner loop from 0 to i runs where i > 0: past the first iteration.
func.func @inner_loop_bounded_by_iv() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c5 = arith.constant 5 : index
  %c10 = arith.constant 10 : index
  %init3 = memref.alloc() : memref<4xf32>
  %r = scf.for %i = %c0 to %c10 step %c1 iter_args(%b = %init3) -> (memref<4xf32>) {
    %lt = arith.cmpi slt, %i, %c5 : index
    scf.if %lt {
      %t = memref.alloc() : memref<4xf32>
      memref.dealloc %t : memref<4xf32>
    }
    scf.for %j = %c0 to %i step %c1 {
      %z = arith.cmpi eq, %j, %c0 : index
      scf.if %z {
        memref.dealloc %b : memref<4xf32>
      }
    }
    %n = memref.alloc() : memref<4xf32>
    scf.yield %n : memref<4xf32>
  }
  memref.dealloc %r : memref<4xf32>
  memref.dealloc %init3 : memref<4xf32>
  return
}

// An index cast to i64 is the same integer (the index's storage).
func.func @index_as_i64() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c5 = arith.constant 5 : index
  %c10 = arith.constant 10 : index
  %z64 = arith.constant 0 : i64
  %g = memref.alloc() : memref<4xf32>
  scf.for %i = %c0 to %c10 step %c1 {
    %lt = arith.cmpi slt, %i, %c5 : index
    scf.if %lt {
      %t = memref.alloc() : memref<4xf32>
      memref.dealloc %t : memref<4xf32>
    }
    %wide = arith.index_cast %i : index to i64
    %wide0 = arith.cmpi eq, %wide, %z64 : i64
    scf.if %wide0 {
      memref.dealloc %g : memref<4xf32>
    }
  }
  return
}

// `10 - %x == 4` is `%x == 6` (a reflection, not a shift).
func.func @reflected(%x: i32) {
  %c4 = arith.constant 4 : i32
  %c6 = arith.constant 6 : i32
  %c10 = arith.constant 10 : i32
  %c14 = arith.constant 14 : i32
  %h = memref.alloc() : memref<4xf32>
  %y = arith.subi %c10, %x : i32
  %four = arith.cmpi eq, %y, %c4 : i32
  scf.if %four {
    memref.dealloc %h : memref<4xf32>
  }
  %notsix = arith.cmpi ne, %x, %c6 : i32
  scf.if %notsix {
    memref.dealloc %h : memref<4xf32>
  }
  return
}
