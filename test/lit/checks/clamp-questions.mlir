// RUN: %memlint lint --verify-diagnostics %s
//
// `max(a, b) == a` is `a >= b`: the clamp yields a where a wins, b
// elsewhere, so a comparison of a min or max with one of its own operands
// is a question on that pair (helper-117: a false leak and double free
// where one branch asked `maxsi(a, b) == a` and the other `a >= b`).
// Against a third value the question stays its own.

func.func @max_equals_first(%a: index, %b: index) {
  %mx = arith.maxsi %a, %b : index
  %p = arith.cmpi eq, %mx, %a : index
  %q = arith.cmpi sge, %a, %b : index
  %x = memref.alloc() : memref<4xf32>
  scf.if %p {
    memref.dealloc %x : memref<4xf32>
  }
  scf.if %q {
  } else {
    memref.dealloc %x : memref<4xf32>
  }
  return
}

// `b > min(a, b)` is `b > a` (min on the right, strict predicate).
func.func @second_above_unsigned_min(%a: i32, %b: i32) {
  %mn = arith.minui %a, %b : i32
  %p = arith.cmpi ugt, %b, %mn : i32
  %q = arith.cmpi ule, %b, %a : i32
  %x = memref.alloc() : memref<4xf32>
  scf.if %p {
    memref.dealloc %x : memref<4xf32>
  }
  scf.if %q {
    memref.dealloc %x : memref<4xf32>
  }
  return
}

func.func @index_dialect_max(%a: index, %b: index) {
  %mx = index.maxs %a, %b
  %p = index.cmp ne(%mx, %b)
  %q = arith.cmpi sgt, %a, %b : index
  %x = memref.alloc() : memref<4xf32>
  scf.if %p {
    memref.dealloc %x : memref<4xf32>
  }
  scf.if %q {
  } else {
    memref.dealloc %x : memref<4xf32>
  }
  return
}

// Where the same question is asked twice the free is still double.
func.func @same_question_twice(%a: index, %b: index) {
  %mx = arith.maxsi %a, %b : index
  %p = arith.cmpi eq, %mx, %a : index
  %q = arith.cmpi sge, %a, %b : index
  %x = memref.alloc() : memref<4xf32> // expected-warning {{[leak]}}
  scf.if %p {
    memref.dealloc %x : memref<4xf32> // expected-note {{first freed here}}
  }
  scf.if %q {
    memref.dealloc %x : memref<4xf32> // expected-error {{[double-free]}}
  }
  return // expected-note {{the function exits here with %x still allocated}}
}

// A signed max is not an unsigned order.
func.func @signed_max_unsigned_question(%a: i32, %b: i32) {
  %mx = arith.maxsi %a, %b : i32
  %p = arith.cmpi eq, %mx, %a : i32
  %q = arith.cmpi uge, %a, %b : i32
  %x = memref.alloc() : memref<4xf32> // expected-warning {{[leak]}}
  scf.if %p {
    memref.dealloc %x : memref<4xf32> // expected-note {{first freed here}}
  }
  scf.if %q {
  } else {
    memref.dealloc %x : memref<4xf32> // expected-error {{[double-free]}}
  }
  return // expected-note {{the function exits here with %x still allocated}}
}

func.func @third_value(%a: index, %b: index, %c: index) {
  %mx = arith.maxsi %a, %b : index
  %p = arith.cmpi eq, %mx, %c : index
  %q = arith.cmpi sge, %a, %b : index
  %x = memref.alloc() : memref<4xf32> // expected-warning {{[leak]}}
  scf.if %p {
    memref.dealloc %x : memref<4xf32> // expected-note {{first freed here}}
  }
  scf.if %q {
  } else {
    memref.dealloc %x : memref<4xf32> // expected-error {{[double-free]}}
  }
  return // expected-note {{the function exits here with %x still allocated}}
}
