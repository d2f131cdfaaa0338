// A counter a CFG loop or an scf.while carries (what -convert-scf-to-cf and
// -scf-for-to-while make of an scf.for's induction variable) is its first
// value in the loop's first iteration and in no later one, where it enters
// as a constant, grows by a constant on every back edge and is bounded by
// the loop's own test: a free under `counter == 0` frees once. (An atom of
// its own before: a false double free and leak on the lowered form of
// every correct scf.for that frees in its first iteration.)
// RUN: %memlint lint %s
//
// Freeing in the first two iterations is caught:
// RUN: sed 's/%first = arith.cmpi eq, %0, %c0 : index/%first = arith.cmpi sle, %0, %c1 : index/' %s | not %memlint lint - 2>&1 | FileCheck %s --check-prefix=CFG
// CFG: error: buffer %a is freed twice when the loop at {{[0-9]+}}:{{[0-9]+}} is past its first iteration
// RUN: sed 's/%first = arith.cmpi eq, %j, %c0 : index/%first = arith.cmpi ule, %j, %c1 : index/' %s | not %memlint lint - 2>&1 | FileCheck %s --check-prefix=WHILE
// WHILE: error: buffer %b is freed twice
// A counter that may come back to its first value (no bound in the
// loop's test) is not split: the free may repeat.
// RUN: sed 's/%go = arith.cmpi slt, %k, %c10 : index/%go = arith.cmpi ne, %k, %c10 : index/' %s | not %memlint lint - 2>&1 | FileCheck %s --check-prefix=WRAP
// WRAP: error: buffer %b is freed twice
// So is an irreducible loop, whose side entry (also reached from the
// latch) passes the first value again:
// RUN: sed 's/cf.cond_br %d, ^h(%nx, %d : index, i1), ^h(%nx, %d : index, i1)/cf.cond_br %d, ^h(%nx, %d : index, i1), ^side/' %s | not %memlint lint - 2>&1 | FileCheck %s --check-prefix=IRREDUCIBLE
// IRREDUCIBLE: error: buffer %c is freed twice

func.func @cfg_counter() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %a = memref.alloc() : memref<4xf32>
  cf.br ^head(%c0 : index)
^head(%0: index):
  %go = arith.cmpi slt, %0, %c8 : index
  cf.cond_br %go, ^body, ^exit
^body:
  %first = arith.cmpi eq, %0, %c0 : index
  cf.cond_br %first, ^free, ^latch
^free:
  memref.dealloc %a : memref<4xf32>
  cf.br ^latch
^latch:
  %next = arith.addi %0, %c1 : index
  cf.br ^head(%next : index)
^exit:
  return
}

func.func @while_counter() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c10 = arith.constant 10 : index
  %b = memref.alloc() : memref<4xf32>
  %r = scf.while (%k = %c0) : (index) -> index {
    %go = arith.cmpi slt, %k, %c10 : index
    scf.condition(%go) %k : index
  } do {
  ^bb0(%j: index):
    %first = arith.cmpi eq, %j, %c0 : index
    scf.if %first {
      memref.dealloc %b : memref<4xf32>
    }
    %n = arith.addi %j, %c1 : index
    scf.yield %n : index
  }
  return
}

// Entered from two places with the same constant; with the side entry
// only reached from outside, the loop is reducible.
func.func @two_entries(%e: i1) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %true = arith.constant true
  %false = arith.constant false
  %c = memref.alloc() : memref<4xf32>
  cf.cond_br %e, ^h(%c0, %false : index, i1), ^side
^side:
  cf.br ^h(%c0, %true : index, i1)
^h(%x: index, %d: i1):
  %go = arith.cmpi slt, %x, %c8 : index
  cf.cond_br %go, ^body, ^exit
^body:
  %first = arith.cmpi eq, %x, %c0 : index
  cf.cond_br %first, ^free, ^latch
^free:
  memref.dealloc %c : memref<4xf32>
  cf.br ^latch
^latch:
  %nx = arith.addi %x, %c1 : index
  cf.cond_br %d, ^h(%nx, %d : index, i1), ^h(%nx, %d : index, i1)
^exit:
  return
}

// A step of 2 below a bound the loop never learns (%n any index): the
// counter is taken not to wrap, as an scf.for's is (a false double free
// of -scf-for-to-while's output for `scf.for %i = 0 to %n step 2`).
// RUN: sed 's/%i1 = arith.addi %i, %c2 : index/%i1 = arith.addi %i, %c0 : index/' %s | not %memlint lint - 2>&1 | FileCheck %s --check-prefix=STILL
// STILL: error: buffer %d is freed twice
func.func @while_step_two_to_any_bound(%n: index) {
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  %d = memref.alloc() : memref<4xf32>
  %runs = arith.cmpi slt, %c0, %n : index
  scf.if %runs {
    %r = scf.while (%i = %c0) : (index) -> index {
      %go = arith.cmpi slt, %i, %n : index
      scf.condition(%go) %i : index
    } do {
    ^bb0(%i: index):
      %first = arith.cmpi eq, %i, %c0 : index
      scf.if %first {
        memref.dealloc %d : memref<4xf32>
      }
      %i1 = arith.addi %i, %c2 : index
      scf.yield %i1 : index
    }
  } else {
    memref.dealloc %d : memref<4xf32>
  }
  return
}
