// RUN: %memlint lint %s
// RUN: sed 's/arith.constant -1 : i32/arith.constant 1 : i32/' %s | not %memlint lint - | FileCheck %s --check-prefix=SEXT-ONE
// RUN: sed 's/%one, %zero : i32/%zero, %one : i32/' %s | not %memlint lint - | FileCheck %s --check-prefix=SELECT-SWAPPED
//
// C code widens a `bool` before it tests it (Polygeist: `extui`, `extsi`,
// `select %c, 1, 0`). The widened value is one of two constants, each on
// the paths of an i1, so comparing it is a formula of that i1:
// `extsi %b == -1` is `%b`, `select %c, 1, 0 != 0` is `%c`. Each function
// frees its buffer exactly once. `extsi %b` is never 1: freed only under
// `not %b` there; swapping the select's values swaps which paths free.
// SEXT-ONE: warning: buffer %a is never freed when %b is true
// SELECT-SWAPPED: error: buffer %s is freed twice

func.func @extsi_minus_one(%b: i1) {
  %a = memref.alloc() : memref<4xf32>
  %e = arith.extsi %b : i1 to i32
  %m1 = arith.constant -1 : i32
  %c = arith.cmpi eq, %e, %m1 : i32
  %true = arith.constant true
  %nb = arith.xori %b, %true : i1
  scf.if %c {
    memref.dealloc %a : memref<4xf32>
  }
  scf.if %nb {
    memref.dealloc %a : memref<4xf32>
  }
  return
}

func.func @select_of_constants(%c: i1) {
  %s = memref.alloc() : memref<4xf32>
  %one = arith.constant 1 : i32
  %zero = arith.constant 0 : i32
  %v = arith.select %c, %one, %zero : i32
  %z = arith.constant 0 : i32
  %t = arith.cmpi ne, %v, %z : i32
  scf.if %t {
    memref.dealloc %s : memref<4xf32>
  }
  %true = arith.constant true
  %nc = arith.xori %c, %true : i1
  scf.if %nc {
    memref.dealloc %s : memref<4xf32>
  }
  return
}

// Two widened flags compared with each other: `zext %p == zext %q` is
// `%p == %q`; index_cast keeps the cases.
func.func @two_flags(%p: i1, %q: i1) {
  %m = memref.alloc() : memref<4xf32>
  %x = arith.extui %p : i1 to i32
  %y = arith.extui %q : i1 to i32
  %xi = arith.index_cast %x : i32 to index
  %yi = arith.index_cast %y : i32 to index
  %same = arith.cmpi eq, %xi, %yi : index
  %diff = arith.xori %p, %q : i1
  scf.if %same {
    memref.dealloc %m : memref<4xf32>
  }
  scf.if %diff {
    memref.dealloc %m : memref<4xf32>
  }
  return
}

// A flag carried around a loop: its widened test follows it in every
// iteration (the formula is rebuilt as the flag's is).
func.func @carried_flag(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %false = arith.constant false
  %true = arith.constant true
  %a = memref.alloc() : memref<4xf32>
  %freed = scf.for %i = %c0 to %n step %c1 iter_args(%f = %false) -> (i1) {
    %w = arith.extui %f : i1 to i8
    %z = arith.constant 0 : i8
    %live = arith.cmpi eq, %w, %z : i8
    scf.if %live {
      memref.dealloc %a : memref<4xf32>
    }
    scf.yield %true : i1
  }
  %left = arith.xori %freed, %true : i1
  scf.if %left {
    memref.dealloc %a : memref<4xf32>
  }
  return
}
