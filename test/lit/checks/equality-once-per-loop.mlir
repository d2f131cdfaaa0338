// A loop's counter grows every iteration, so its equality with a constant
// or with a value the loop does not change (`%i == %k`, `%i == %n - 1`)
// holds in one iteration at most: a buffer freed there is freed once.
// (Each iteration asked it afresh: a false double free "past the first
// iteration".) A flag remembers whether the loop freed it. (The
// one-dimensional forall below leaks truly where %k is out of range.)
// RUN: %memlint lint --checks=-leak %s
//
// Questions that may hold in several iterations still report:
// RUN: sed 's/%hit = arith.cmpi eq, %i, %k : index/%hit = arith.cmpi sge, %i, %k : index/' %s | not %memlint lint - 2>&1 | FileCheck %s --check-prefix=SGE
// SGE: error: buffer %a is freed twice
// RUN: sed 's/%hit = arith.cmpi eq, %i, %k : index/%hit = arith.cmpi eq, %halves, %k : index/' %s | not %memlint lint - 2>&1 | FileCheck %s --check-prefix=PARITY
// PARITY: error: buffer %a is freed twice
// RUN: sed 's/%last = arith.cmpi eq, %x, %m : index/%last = arith.cmpi eq, %x, %moving : index/' %s | not %memlint lint - 2>&1 | FileCheck %s --check-prefix=MOVING
// MOVING: error: buffer %b is freed twice

func.func @equal_to_invariant(%n: index, %k: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %false = arith.constant false
  %true = arith.constant true
  %a = memref.alloc() : memref<4xf32>
  %f = scf.for %i = %c0 to %n step %c1 iter_args(%freed = %false) -> i1 {
    %halves = arith.remui %i, %c2 : index
    %hit = arith.cmpi eq, %i, %k : index
    scf.if %hit {
      memref.dealloc %a : memref<4xf32>
    }
    %nf = arith.ori %freed, %hit : i1
    scf.yield %nf : i1
  }
  %keep = arith.xori %f, %true : i1
  scf.if %keep {
    memref.dealloc %a : memref<4xf32>
  }
  return
}

// The same in a CFG loop (what -convert-scf-to-cf makes of it), against
// the last value `%n - 1`.
func.func @cfg_last_value(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %false = arith.constant false
  %b = memref.alloc() : memref<4xf32>
  %m = arith.subi %n, %c1 : index
  cf.br ^head(%c0, %false : index, i1)
^head(%x: index, %freed: i1):
  %go = arith.cmpi slt, %x, %n : index
  cf.cond_br %go, ^body, ^exit
^body:
  %moving = arith.addi %x, %m : index
  %last = arith.cmpi eq, %x, %m : index
  cf.cond_br %last, ^free, ^latch
^free:
  memref.dealloc %b : memref<4xf32>
  cf.br ^latch
^latch:
  %nf = arith.ori %freed, %last : i1
  %nx = arith.addi %x, %c1 : index
  cf.br ^head(%nx, %nf : index, i1)
^exit:
  cf.cond_br %freed, ^done, ^late
^late:
  memref.dealloc %b : memref<4xf32>
  cf.br ^done
^done:
  return
}

// A parallel loop of one dimension runs each value of its induction
// variable once: the iteration where %i == %k frees once. (The path where
// no iteration has %i == %k leaks, truly: %k may be out of range.)
// RUN: not %memlint lint %s 2>&1 | FileCheck %s --check-prefix=FORALL --implicit-check-not=double-free
// FORALL: warning: buffer %c is never freed when %mine is false
func.func @forall_one_dimension(%k: index) {
  %c = memref.alloc() : memref<4xf32>
  scf.forall (%i) in (8) {
    %mine = arith.cmpi eq, %i, %k : index
    scf.if %mine {
      memref.dealloc %c : memref<4xf32>
    }
  }
  return
}
