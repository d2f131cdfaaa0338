// An affine.for runs when its lower bound is below its upper bound: with
// each bound a constant or an operand, the same question as a comparison
// the code makes itself (`%ran = arith.cmpi slt, %c0, %n`), as for an
// scf.for. A bound of several results (a min) keeps an atom of its own.
// RUN: %memlint lint --verify-diagnostics %s

// Correct: the loop runs iff 0 < %n, the question %ran asks.
func.func @affine_dynamic_bound(%n: index) {
  %c0 = arith.constant 0 : index
  %true = arith.constant true
  %a = memref.alloc() : memref<4xf32>
  affine.for %i = 0 to %n {
    affine.if affine_set<(d0) : (d0 == 0)>(%i) {
      memref.dealloc %a : memref<4xf32>
    }
  }
  %ran = arith.cmpi slt, %c0, %n : index
  %nr = arith.xori %ran, %true : i1
  scf.if %nr {
    memref.dealloc %a : memref<4xf32>
  }
  return
}
// Correct: both bounds operands.
func.func @affine_two_operands(%lo: index, %hi: index) {
  %a = memref.alloc() : memref<4xf32>
  %ran = arith.cmpi slt, %lo, %hi : index
  affine.for %i = %lo to %hi {
    "test.use"(%a) : (memref<4xf32>) -> ()
  }
  scf.if %ran {
    memref.dealloc %a : memref<4xf32>
  } else {
    memref.dealloc %a : memref<4xf32>
  }
  return
}
// Buggy: the guard is `<=`: with %n == 0 the loop does not run and %a leaks.
func.func @affine_wrong_guard(%n: index) {
  %c0 = arith.constant 0 : index
  %a = memref.alloc() : memref<4xf32> // expected-warning {{buffer %a is never freed when the loop at 42:3 runs zero times and %none is false (it is freed only on other paths) [leak]}}
  affine.for %i = 0 to %n {
    affine.if affine_set<(d0) : (d0 == 0)>(%i) {
      memref.dealloc %a : memref<4xf32>
    }
  }
  %none = arith.cmpi slt, %n, %c0 : index
  scf.if %none {
    memref.dealloc %a : memref<4xf32>
  }
  return
}
// Buggy: a bound of two results (a min): its own atom; freed twice when
// the loop runs.
func.func @affine_min_bound(%n: index, %m: index) {
  %c0 = arith.constant 0 : index
  %a = memref.alloc() : memref<4xf32>
  affine.for %i = 0 to min affine_map<()[s0, s1] -> (s0, s1)>()[%n, %m] {
    affine.if affine_set<(d0) : (d0 == 0)>(%i) {
      memref.dealloc %a : memref<4xf32>
    }
  }
  memref.dealloc %a : memref<4xf32> // expected-error {{buffer %a is freed twice when the loop at 58:3 runs [double-free]}}
  return
}
