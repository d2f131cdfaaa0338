// Comparisons of one value with different constants, and the cases of a
// switch on it, exclude each other: `%k == 1` and `%k == 2` never both
// hold, a switch's case 0 is `%k == 0`, `%k ult 5` and `%k uge 10` are
// apart. Each function that must stay silent is followed by one that must
// not: the file cannot pass by reporting nothing.
// RUN: %memlint lint --verify-diagnostics %s

// ---- Equalities with two constants -----------------------------------------

func.func @two_equalities(%k: i32) -> f32 {
  %c0 = arith.constant 0 : index
  %one = arith.constant 1 : i32
  %two = arith.constant 2 : i32
  %true = arith.constant true
  %a = memref.alloc() : memref<4xf32>
  %v = memref.load %a[%c0] : memref<4xf32>
  %is1 = arith.cmpi eq, %k, %one : i32
  %is2 = arith.cmpi eq, %k, %two : i32
  scf.if %is1 {
    memref.dealloc %a : memref<4xf32>
  }
  scf.if %is2 {
    memref.dealloc %a : memref<4xf32>
  }
  %either = arith.ori %is1, %is2 : i1
  %neither = arith.xori %either, %true : i1
  scf.if %neither {
    memref.dealloc %a : memref<4xf32>
  }
  return %v : f32
}

// `%k ule 2` holds for k == 1 and for k == 2: freed twice whenever one of
// them holds.
func.func @equality_inside_a_range(%k: i32) -> f32 {
  %c0 = arith.constant 0 : index
  %one = arith.constant 1 : i32
  %two = arith.constant 2 : i32
  %a = memref.alloc() : memref<4xf32> // expected-note {{%a allocated here}}
  %v = memref.load %a[%c0] : memref<4xf32>
  %is1 = arith.cmpi eq, %k, %one : i32
  %small = arith.cmpi ule, %k, %two : i32
  scf.if %is1 {
    memref.dealloc %a : memref<4xf32> // expected-note {{first freed here}}
  }
  scf.if %small {
    memref.dealloc %a : memref<4xf32> // expected-error {{buffer %a is freed twice when %is1 is true [double-free]}}
  } else {
    memref.dealloc %a : memref<4xf32>
  }
  return %v : f32
}

// ---- Ranges with constants, signed and unsigned ------------------------------

func.func @disjoint_unsigned_ranges(%k: index) -> f32 {
  %c0 = arith.constant 0 : index
  %c5 = arith.constant 5 : index
  %c10 = arith.constant 10 : index
  %a = memref.alloc() : memref<4xf32>
  %v = memref.load %a[%c0] : memref<4xf32>
  %lt5 = arith.cmpi ult, %k, %c5 : index
  scf.if %lt5 {
    memref.dealloc %a : memref<4xf32>
  }
  %ge10 = arith.cmpi uge, %k, %c10 : index
  scf.if %ge10 {
    memref.dealloc %a : memref<4xf32>
  }
  %ge5 = arith.cmpi uge, %k, %c5 : index
  %lt10 = arith.cmpi ult, %k, %c10 : index
  %mid = arith.andi %ge5, %lt10 : i1
  scf.if %mid {
    memref.dealloc %a : memref<4xf32>
  }
  return %v : f32
}

// Signed: -1 is below 0 (signed) but above 10 (unsigned). `%k slt 0` and
// `%k ugt 10` hold together for negative %k: freed twice there.
func.func @signed_and_unsigned_overlap(%k: i32) -> f32 {
  %c0 = arith.constant 0 : index
  %zero = arith.constant 0 : i32
  %ten = arith.constant 10 : i32
  %a = memref.alloc() : memref<4xf32> // expected-note {{%a allocated here}}
  %v = memref.load %a[%c0] : memref<4xf32>
  %neg = arith.cmpi slt, %k, %zero : i32
  scf.if %neg {
    memref.dealloc %a : memref<4xf32> // expected-note {{first freed here}}
  }
  %big = arith.cmpi ugt, %k, %ten : i32
  %low = arith.cmpi sle, %k, %ten : i32
  %nonneg = arith.cmpi sge, %k, %zero : i32
  %fits = arith.andi %low, %nonneg : i1
  scf.if %big {
    memref.dealloc %a : memref<4xf32> // expected-error {{buffer %a is freed twice when %neg is true [double-free]}}
  }
  scf.if %fits {
    memref.dealloc %a : memref<4xf32>
  }
  return %v : f32
}

// The constant on the left: `5 sgt %k` is `%k slt 5`.
func.func @constant_on_the_left(%k: i32) -> f32 {
  %c0 = arith.constant 0 : index
  %five = arith.constant 5 : i32
  %a = memref.alloc() : memref<4xf32>
  %v = memref.load %a[%c0] : memref<4xf32>
  %below = arith.cmpi sgt, %five, %k : i32
  %atleast = arith.cmpi sge, %k, %five : i32
  scf.if %below {
    memref.dealloc %a : memref<4xf32>
  }
  scf.if %atleast {
    memref.dealloc %a : memref<4xf32>
  }
  return %v : f32
}

// ---- Switches --------------------------------------------------------------

// Case 0 of the switch frees, and so does `%k != 0` afterwards: once for
// every %k.
func.func @index_switch_then_compare(%k: index) -> f32 {
  %c0 = arith.constant 0 : index
  %a = memref.alloc() : memref<4xf32>
  %v = memref.load %a[%c0] : memref<4xf32>
  scf.index_switch %k
  case 0 {
    memref.dealloc %a : memref<4xf32>
    scf.yield
  }
  default {
  }
  %nz = arith.cmpi ne, %k, %c0 : index
  scf.if %nz {
    memref.dealloc %a : memref<4xf32>
  }
  return %v : f32
}

// `%k ule 1` holds for case 0 as well: freed twice when the switch takes it.
func.func @index_switch_then_wider_compare(%k: index) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %a = memref.alloc() : memref<4xf32> // expected-note {{%a allocated here}}
  %v = memref.load %a[%c0] : memref<4xf32>
  scf.index_switch %k
  case 0 {
    memref.dealloc %a : memref<4xf32> // expected-note {{first freed here}}
    scf.yield
  }
  default {
  }
  %small = arith.cmpi ule, %k, %c1 : index
  scf.if %small {
    memref.dealloc %a : memref<4xf32> // expected-error {{buffer %a is freed twice when the index_switch at 149:3 takes case 0 [double-free]}}
  } else {
    memref.dealloc %a : memref<4xf32>
  }
  return %v : f32
}

// Two cf.switches on one value: case 0 of the first frees, the default of
// the second frees.
func.func @two_cf_switches(%k: i32) -> f32 {
  %c0 = arith.constant 0 : index
  %a = memref.alloc() : memref<4xf32>
  %v = memref.load %a[%c0] : memref<4xf32>
  cf.switch %k : i32, [
    default: ^mid,
    0: ^free
  ]
^free:
  memref.dealloc %a : memref<4xf32>
  cf.br ^mid
^mid:
  cf.switch %k : i32, [
    default: ^free2,
    0: ^out
  ]
^free2:
  memref.dealloc %a : memref<4xf32>
  cf.br ^out
^out:
  return %v : f32
}

// The second switch frees on its case 0 too: freed twice when %k is 0
// (wherever the second free runs), never freed for the other values.
func.func @two_cf_switches_same_case(%k: i32) -> f32 {
  %c0 = arith.constant 0 : index
  %a = memref.alloc() : memref<4xf32> // expected-note {{%a allocated here}} expected-warning {{buffer %a is never freed when the switch at 196:3 does not take case 0 (it is freed only on other paths) [leak]}}
  %v = memref.load %a[%c0] : memref<4xf32>
  cf.switch %k : i32, [
    default: ^mid,
    0: ^free
  ]
^free:
  memref.dealloc %a : memref<4xf32> // expected-note {{first freed here}}
  cf.br ^mid
^mid:
  cf.switch %k : i32, [
    default: ^out,
    0: ^free2
  ]
^free2:
  memref.dealloc %a : memref<4xf32> // expected-error {{buffer %a is freed twice [double-free]}}
  cf.br ^out
^out:
  return %v : f32
}

// The default of a switch with several cases is one phrase, not a
// negation per case.
func.func @leak_on_index_switch_default(%k: index) -> f32 {
  %c0 = arith.constant 0 : index
  %a = memref.alloc() : memref<4xf32> // expected-warning {{buffer %a is never freed when the index_switch at 221:3 takes its default case (it is freed only on other paths) [leak]}}
  %v = memref.load %a[%c0] : memref<4xf32>
  scf.index_switch %k
  case 0 {
    memref.dealloc %a : memref<4xf32>
    scf.yield
  }
  case 1 {
    memref.dealloc %a : memref<4xf32>
    scf.yield
  }
  default {
  }
  return %v : f32 // expected-note {{the function exits here with %a still allocated}}
}

// ---- Induction variables against constants -------------------------------------

// `%i == 2` and `%i == 3` never hold together, in any iteration.
func.func @iv_third_and_fourth(%ub: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %a = memref.alloc() : memref<4xf32>
  scf.for %i = %c0 to %ub step %c1 {
    %third = arith.cmpi eq, %i, %c2 : index
    %fourth = arith.cmpi eq, %i, %c3 : index
    %both = arith.andi %third, %fourth : i1
    scf.if %both {
      memref.dealloc %a : memref<4xf32>
    }
  }
  memref.dealloc %a : memref<4xf32>
  return
}
