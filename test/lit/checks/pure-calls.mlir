// RUN: %memlint lint --verify-diagnostics %s
//
// A helper asked the same question twice (a check called before an
// allocation's free and again before another): a call of a function whose
// results only its arguments decide gives the same results on the same
// operands, so paths where the two answers differ are not taken
// (helper-117: a false leak and double free). A callee that reads memory,
// calls what memlint cannot see, or computes an undefined value may answer
// differently each time: its calls stay apart.

func.func private @both(%a: index, %b: index) -> i1 {
  %c0 = arith.constant 0 : index
  %x = arith.cmpi sgt, %a, %c0 : index
  %y = arith.cmpi sgt, %b, %c0 : index
  %r = arith.andi %x, %y : i1
  return %r : i1
}

func.func @same_question_twice(%p: index, %q: index) {
  %x = memref.alloc() : memref<4xf32>
  %c1 = func.call @both(%p, %q) : (index, index) -> i1
  %c2 = func.call @both(%p, %q) : (index, index) -> i1
  scf.if %c1 {
    memref.dealloc %x : memref<4xf32>
  }
  scf.if %c2 {
  } else {
    memref.dealloc %x : memref<4xf32>
  }
  return
}

// Through a chain of pure callees, with branches and a loop inside, and
// recursion (a run that returns computed its result from its arguments).
func.func private @square_big(%n: index) -> i1 {
  %sq = arith.muli %n, %n : index
  %c100 = arith.constant 100 : index
  %r = arith.cmpi sgt, %sq, %c100 : index
  return %r : i1
}

func.func private @countdown(%n: index) -> index {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %done = arith.cmpi sle, %n, %c0 : index
  %r = scf.if %done -> (index) {
    scf.yield %c0 : index
  } else {
    %m = arith.subi %n, %c1 : index
    %s = func.call @countdown(%m) : (index) -> index
    %t = arith.addi %s, %c1 : index
    scf.yield %t : index
  }
  return %r : index
}

func.func private @checks(%n: index) -> i1 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %sum = scf.for %i = %c0 to %c4 step %c1 iter_args(%acc = %n) -> (index) {
    %next = arith.addi %acc, %i : index
    scf.yield %next : index
  }
  %k = func.call @countdown(%sum) : (index) -> index
  %r = func.call @square_big(%k) : (index) -> i1
  return %r : i1
}

func.func @through_pure_callees(%n: index) {
  %x = memref.alloc() : memref<4xf32>
  %c1 = func.call @checks(%n) : (index) -> i1
  scf.if %c1 {
    memref.dealloc %x : memref<4xf32>
  }
  %c2 = func.call @checks(%n) : (index) -> i1
  scf.if %c2 {
  } else {
    memref.dealloc %x : memref<4xf32>
  }
  return
}

// An integer result compared twice: the same question on the same value.
func.func private @size_of(%n: index) -> index {
  %c3 = arith.constant 3 : index
  %r = arith.muli %n, %c3 : index
  return %r : index
}

func.func @same_size_compared(%n: index) {
  %c8 = arith.constant 8 : index
  %s1 = func.call @size_of(%n) : (index) -> index
  %big = arith.cmpi ugt, %s1, %c8 : index
  %x = memref.alloc(%s1) : memref<?xf32>
  scf.if %big {
    memref.dealloc %x : memref<?xf32>
  }
  %s2 = func.call @size_of(%n) : (index) -> index
  %small = arith.cmpi ule, %s2, %c8 : index
  scf.if %small {
    memref.dealloc %x : memref<?xf32>
  }
  return
}

// Calls memlint must keep apart.

func.func private @coin() -> i1

func.func private @flip(%n: index) -> i1 {
  %r = func.call @coin() : () -> i1
  return %r : i1
}

func.func @callee_calls_an_unknown_function(%n: index) {
  %x = memref.alloc() : memref<4xf32> // expected-warning {{buffer %x is never freed when %c1 is false and %c2 is true (it is freed only on other paths) [leak]}}
  %c1 = func.call @flip(%n) : (index) -> i1
  %c2 = func.call @flip(%n) : (index) -> i1
  scf.if %c1 {
    memref.dealloc %x : memref<4xf32> // expected-note {{first freed here}}
  }
  scf.if %c2 {
  } else {
    memref.dealloc %x : memref<4xf32> // expected-error {{buffer %x is freed twice when %c1 is true [double-free]}}
  }
  return // expected-note {{the function exits here with %x still allocated}}
}

func.func private @undefined_bit(%n: index) -> i1 {
  %u = llvm.mlir.undef : i1
  %f = llvm.freeze %u : i1
  return %f : i1
}

func.func @callee_computes_an_undefined_value(%n: index) {
  %x = memref.alloc() : memref<4xf32> // expected-warning {{[leak]}}
  %c1 = func.call @undefined_bit(%n) : (index) -> i1
  %c2 = func.call @undefined_bit(%n) : (index) -> i1
  scf.if %c1 {
    memref.dealloc %x : memref<4xf32> // expected-note {{first freed here}}
  }
  scf.if %c2 {
  } else {
    memref.dealloc %x : memref<4xf32> // expected-error {{[double-free]}}
  }
  return // expected-note {{the function exits here with %x still allocated}}
}

func.func @different_operands(%p: index, %q: index) {
  %x = memref.alloc() : memref<4xf32> // expected-warning {{[leak]}}
  %c1 = func.call @both(%p, %q) : (index, index) -> i1
  %c2 = func.call @both(%q, %p) : (index, index) -> i1
  scf.if %c1 {
    memref.dealloc %x : memref<4xf32> // expected-note {{first freed here}}
  }
  scf.if %c2 {
  } else {
    memref.dealloc %x : memref<4xf32> // expected-error {{[double-free]}}
  }
  return // expected-note {{the function exits here with %x still allocated}}
}

// Pure by their ops' word, yet another value at each run: SPIR-V's
// undefined value, C text EmitC pastes in (helper-120).
func.func private @spirv_undef_bit(%n: index) -> i1 {
  %u = spirv.Undef : i1
  return %u : i1
}

func.func @callee_computes_a_spirv_undef(%n: index) {
  %x = memref.alloc() : memref<4xf32> // expected-warning {{[leak]}}
  %c1 = func.call @spirv_undef_bit(%n) : (index) -> i1
  %c2 = func.call @spirv_undef_bit(%n) : (index) -> i1
  scf.if %c1 {
    memref.dealloc %x : memref<4xf32> // expected-note {{first freed here}}
  }
  scf.if %c2 {
  } else {
    memref.dealloc %x : memref<4xf32> // expected-error {{[double-free]}}
  }
  return // expected-note {{the function exits here with %x still allocated}}
}

func.func private @c_text_bit(%n: index) -> i1 {
  %r = emitc.literal "rand() & 1" : i1
  return %r : i1
}

func.func @callee_pastes_c_text(%n: index) {
  %x = memref.alloc() : memref<4xf32> // expected-warning {{[leak]}}
  %c1 = func.call @c_text_bit(%n) : (index) -> i1
  %c2 = func.call @c_text_bit(%n) : (index) -> i1
  scf.if %c1 {
    memref.dealloc %x : memref<4xf32> // expected-note {{first freed here}}
  }
  scf.if %c2 {
  } else {
    memref.dealloc %x : memref<4xf32> // expected-error {{[double-free]}}
  }
  return // expected-note {{the function exits here with %x still allocated}}
}

// A weak definition may be replaced by another at link time: its body
// says nothing of what a call runs. An _odr one promises the same body.
llvm.func weak @weak_bit(%n: i64) -> i1 {
  %z = llvm.mlir.constant(0 : i64) : i64
  %r = llvm.icmp "sgt" %n, %z : i64
  llvm.return %r : i1
}

llvm.func linkonce_odr @odr_bit(%n: i64) -> i1 {
  %z = llvm.mlir.constant(0 : i64) : i64
  %r = llvm.icmp "sgt" %n, %z : i64
  llvm.return %r : i1
}

func.func @weak_callee(%n: i64) {
  %x = memref.alloc() : memref<4xf32> // expected-warning {{[leak]}}
  %c1 = llvm.call @weak_bit(%n) : (i64) -> i1
  %c2 = llvm.call @weak_bit(%n) : (i64) -> i1
  scf.if %c1 {
    memref.dealloc %x : memref<4xf32> // expected-note {{first freed here}}
  }
  scf.if %c2 {
  } else {
    memref.dealloc %x : memref<4xf32> // expected-error {{[double-free]}}
  }
  return // expected-note {{the function exits here with %x still allocated}}
}

func.func @odr_callee(%n: i64) {
  %x = memref.alloc() : memref<4xf32>
  %c1 = llvm.call @odr_bit(%n) : (i64) -> i1
  %c2 = llvm.call @odr_bit(%n) : (i64) -> i1
  scf.if %c1 {
    memref.dealloc %x : memref<4xf32>
  }
  scf.if %c2 {
  } else {
    memref.dealloc %x : memref<4xf32>
  }
  return
}
