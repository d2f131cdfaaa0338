// Nested loops written as branches in one region: a buffer the inner loop
// allocates leaves it, is carried around the outer loop with an ownership
// flag and freed there, while the next run of the inner loop starts from
// it (not owning it). The inner loop's earlier iteration and the outer
// loop's carried buffer are different instances of the allocation: each
// CFG loop has an earlier instance of its own (as each region loop has).
// Each correct function is followed by mutants that must be reported.
// RUN: %memlint lint --verify-diagnostics %s

func.func @outer_carries_inner_buffer(%init: memref<4xf32>, %m: index) {
  %false = arith.constant false
  %true = arith.constant true
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  cf.br ^outer(%c0, %init, %false : index, memref<4xf32>, i1)
^outer(%i: index, %x: memref<4xf32>, %ox: i1):
  %ci = arith.cmpi slt, %i, %m : index
  cf.cond_br %ci, ^pre, ^exit
^pre:
  cf.br ^inner(%c0, %x, %false : index, memref<4xf32>, i1)
^inner(%j: index, %p: memref<4xf32>, %op: i1):
  %a = memref.alloc() : memref<4xf32>
  cf.cond_br %op, ^fp, ^k
^fp:
  memref.dealloc %p : memref<4xf32>
  cf.br ^k
^k:
  %cj = arith.cmpi slt, %j, %c2 : index
  %j1 = arith.addi %j, %c1 : index
  cf.cond_br %cj, ^inner(%j1, %a, %true : index, memref<4xf32>, i1), ^done
^done:
  cf.cond_br %ox, ^fx, ^latch
^fx:
  memref.dealloc %x : memref<4xf32>
  cf.br ^latch
^latch:
  %i1 = arith.addi %i, %c1 : index
  cf.br ^outer(%i1, %a, %true : index, memref<4xf32>, i1)
^exit:
  cf.cond_br %ox, ^fe, ^ret
^fe:
  memref.dealloc %x : memref<4xf32>
  cf.br ^ret
^ret:
  return
}

// Without the outer loop's free, the buffer the previous outer iteration
// carried leaks when the next one replaces it.
func.func @outer_forgets_its_buffer(%init: memref<4xf32>, %m: index) {
  %false = arith.constant false
  %true = arith.constant true
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  cf.br ^outer(%c0, %init, %false : index, memref<4xf32>, i1)
^outer(%i: index, %x: memref<4xf32>, %ox: i1):
  %ci = arith.cmpi slt, %i, %m : index
  cf.cond_br %ci, ^pre, ^exit
^pre:
  cf.br ^inner(%c0, %x, %false : index, memref<4xf32>, i1)
^inner(%j: index, %p: memref<4xf32>, %op: i1):
  %a = memref.alloc() : memref<4xf32> // expected-warning {{buffer %a allocated in a loop is not freed before the next iteration allocates it again when the loop at 59:9 is past its first iteration [leak]}}
  cf.cond_br %op, ^fp, ^k
^fp:
  memref.dealloc %p : memref<4xf32>
  cf.br ^k
^k:
  %cj = arith.cmpi slt, %j, %c2 : index
  %j1 = arith.addi %j, %c1 : index
  cf.cond_br %cj, ^inner(%j1, %a, %true : index, memref<4xf32>, i1), ^done
^done:
  cf.br ^latch
^latch:
  %i1 = arith.addi %i, %c1 : index
  // expected-note @below {{the loop repeats here with %a still allocated}}
  cf.br ^outer(%i1, %a, %true : index, memref<4xf32>, i1)
^exit:
  cf.cond_br %ox, ^fe, ^ret
^fe:
  memref.dealloc %x : memref<4xf32>
  cf.br ^ret
^ret:
  return
}

// Freeing the carried buffer twice in the outer loop.
func.func @outer_frees_twice(%init: memref<4xf32>, %m: index) {
  %false = arith.constant false
  %true = arith.constant true
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  cf.br ^outer(%c0, %init, %false : index, memref<4xf32>, i1)
^outer(%i: index, %x: memref<4xf32>, %ox: i1):
  %ci = arith.cmpi slt, %i, %m : index
  cf.cond_br %ci, ^pre, ^exit
^pre:
  cf.br ^inner(%c0, %x, %false : index, memref<4xf32>, i1)
^inner(%j: index, %p: memref<4xf32>, %op: i1):
  %a = memref.alloc() : memref<4xf32> // expected-note {{%a (allocated by an earlier iteration) allocated here}}
  cf.cond_br %op, ^fp, ^k
^fp:
  memref.dealloc %p : memref<4xf32>
  cf.br ^k
^k:
  %cj = arith.cmpi slt, %j, %c2 : index
  %j1 = arith.addi %j, %c1 : index
  cf.cond_br %cj, ^inner(%j1, %a, %true : index, memref<4xf32>, i1), ^done
^done:
  cf.cond_br %ox, ^fx, ^latch
^fx:
  memref.dealloc %x : memref<4xf32> // expected-note {{first freed here}}
  memref.dealloc %x : memref<4xf32> // expected-error {{buffer %a (allocated by an earlier iteration) is freed twice (through its alias %x) [double-free]}}
  cf.br ^latch
^latch:
  %i1 = arith.addi %i, %c1 : index
  cf.br ^outer(%i1, %a, %true : index, memref<4xf32>, i1)
^exit:
  cf.cond_br %ox, ^fe, ^ret
^fe:
  memref.dealloc %x : memref<4xf32>
  cf.br ^ret
^ret:
  return
}
