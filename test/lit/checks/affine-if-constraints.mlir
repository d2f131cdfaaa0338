// RUN: %memlint lint %s
// RUN: sed 's/(d0 == 0)/(d0 - 1 == 0)/' %s | not %memlint lint - | FileCheck %s --check-prefix=ONE
//
// An affine.if constraint on the loop's induction variable and a constant
// is that comparison: `d0 == 0` holds in the first iteration of a loop
// from 0 only, `d0 - 1 >= 0` in every later one, and either relates to the
// same question asked with arith.cmpi. Each function frees once.
// With `d0 == 1` the first iteration frees nothing: a path that never
// frees remains (memlint does not enumerate the iterations), reported.
// ONE: warning: buffer %a is never freed

#first = affine_set<(d0) : (d0 == 0)>
#later = affine_set<(d0) : (d0 - 1 >= 0)>
#upto = affine_set<(d0)[s0] : (s0 - d0 >= 0)>

func.func @first_iteration() {
  %a = memref.alloc() : memref<4xf32>
  affine.for %i = 0 to 3 {
    affine.if #first(%i) {
      memref.dealloc %a : memref<4xf32>
    }
  }
  return
}

// The complement, asked as an arith.cmpi on the same value.
func.func @complement_by_cmpi(%n: index) {
  %c1 = arith.constant 1 : index
  affine.for %i = 0 to 4 {
    %b = memref.alloc() : memref<4xf32>
    affine.if #later(%i) {
      memref.dealloc %b : memref<4xf32>
    }
    %f = arith.cmpi slt, %i, %c1 : index
    scf.if %f {
      memref.dealloc %b : memref<4xf32>
    }
  }
  return
}

// Two operands: `s0 - d0 >= 0` is `%i <= %m`, its complement `%i > %m`.
func.func @two_operands(%m: index) {
  affine.for %i = 0 to 4 {
    %b = memref.alloc() : memref<4xf32>
    affine.if #upto(%i)[%m] {
      memref.dealloc %b : memref<4xf32>
    }
    %f = arith.cmpi sgt, %i, %m : index
    scf.if %f {
      memref.dealloc %b : memref<4xf32>
    }
  }
  return
}

// A constant operand is part of the constant term: `-d0 - s0 >= 0` of
// `(%i)[%c0]` is `%i <= 0`, the first iteration (an atom of its own
// before: a false double free and leak).
// RUN: sed 's/affine.if #nonpositive(%i)\[%c0\]/affine.if #nonpositive(%i)[%cm1]/' %s | not %memlint lint - | FileCheck %s --check-prefix=CONSTANT
// CONSTANT: error: buffer %z is freed twice
#nonpositive = affine_set<(d0)[s0] : (-d0 - s0 >= 0)>

func.func @constant_symbol() {
  %c0 = arith.constant 0 : index
  %cm1 = arith.constant -1 : index
  %c5 = arith.constant 5 : index
  %z = memref.alloc() : memref<4xf32>
  affine.for %i = 0 to 10 {
    %lt = arith.cmpi slt, %i, %c5 : index
    scf.if %lt {
      %t = memref.alloc() : memref<4xf32>
      memref.dealloc %t : memref<4xf32>
    }
    affine.if #nonpositive(%i)[%c0] {
      memref.dealloc %z : memref<4xf32>
    }
  }
  return
}

// An operand computed by affine.apply is composed in, and coefficients
// other than 1 divide through: after -affine-loop-normalize of a step-2
// loop, `(d0 == 0)` of `%x = d0 * 2` is `%i == 0`, the first iteration;
// `2 * d0 - 3 >= 0` is `%i >= 2`. (Atoms of their own before: false double
// free and leak.)
// RUN: sed 's/affine.if #zero(%x)/affine.if #three(%x)/' %s | not %memlint lint - | FileCheck %s --check-prefix=SCALED
// SCALED: error: buffer %s2 is freed twice
#double = affine_map<(d0) -> (d0 * 2)>
#zero = affine_set<(d0) : (d0 == 0)>
#three = affine_set<(d0) : (d0 - 3 >= 0)>
#odd = affine_set<(d0) : (2 * d0 - 3 == 0)>

func.func @scaled_by_apply() {
  %s2 = memref.alloc() : memref<4xf32>
  affine.for %i = 0 to 4 {
    %x = affine.apply #double(%i)
    affine.if #zero(%x) {
      memref.dealloc %s2 : memref<4xf32>
    }
    // 2 * i == 3 has no integer solution: never taken.
    affine.if #odd(%i) {
      memref.dealloc %s2 : memref<4xf32>
    }
  }
  return
}
