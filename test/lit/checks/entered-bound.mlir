// RUN: %memlint lint --verify-diagnostics %s
//
// A loop entered with a value that is no constant (`%lb`, what
// -convert-scf-to-cf and -scf-for-to-while make of an scf.for's lower
// bound) tests, in its first iteration, two values fixed before the loop:
// `%lb < %ub`. Asked again after the loop (`%lb >= %ub`: the loop did not
// run), it has the same answer.

// Correct: freed in the first iteration, or after the loop when it ran
// zero times.
func.func @cfg_first_or_after(%lb: index, %ub: index, %m: memref<4xf32>) {
  %c1 = arith.constant 1 : index
  %a = memref.alloc() : memref<4xf32>
  memref.copy %m, %a : memref<4xf32> to memref<4xf32>
  cf.br ^head(%lb : index)
^head(%i: index):
  %go = arith.cmpi slt, %i, %ub : index
  cf.cond_br %go, ^body, ^exit
^body:
  %first = arith.cmpi eq, %i, %lb : index
  cf.cond_br %first, ^free, ^latch
^free:
  memref.copy %a, %m : memref<4xf32> to memref<4xf32>
  memref.dealloc %a : memref<4xf32>
  cf.br ^latch
^latch:
  %next = arith.addi %i, %c1 : index
  cf.br ^head(%next : index)
^exit:
  %none = arith.cmpi sge, %lb, %ub : index
  cf.cond_br %none, ^last, ^done
^last:
  memref.dealloc %a : memref<4xf32>
  cf.br ^done
^done:
  return
}

// Correct: the same as an scf.while.
func.func @while_first_or_after(%lb: index, %ub: index, %m: memref<4xf32>) {
  %c1 = arith.constant 1 : index
  %a = memref.alloc() : memref<4xf32>
  memref.copy %m, %a : memref<4xf32> to memref<4xf32>
  %r = scf.while (%i = %lb) : (index) -> index {
    %go = arith.cmpi slt, %i, %ub : index
    scf.condition(%go) %i : index
  } do {
  ^bb0(%j: index):
    %next = arith.addi %j, %c1 : index
    %first = arith.cmpi eq, %j, %lb : index
    scf.if %first {
      memref.copy %a, %m : memref<4xf32> to memref<4xf32>
      memref.dealloc %a : memref<4xf32>
    }
    scf.yield %next : index
  }
  %none = arith.cmpi sge, %lb, %ub : index
  scf.if %none {
    memref.dealloc %a : memref<4xf32>
  }
  return
}

// Correct: the question after the loop asked the other way round
// (`%ub > %lb`: the loop ran), freeing where it did not.
func.func @cfg_swapped_after(%lb: index, %ub: index) {
  %c1 = arith.constant 1 : index
  %a = memref.alloc() : memref<4xf32>
  cf.br ^head(%lb : index)
^head(%i: index):
  %go = arith.cmpi slt, %i, %ub : index
  cf.cond_br %go, ^body, ^exit
^body:
  %first = arith.cmpi eq, %i, %lb : index
  cf.cond_br %first, ^free, ^latch
^free:
  memref.dealloc %a : memref<4xf32>
  cf.br ^latch
^latch:
  %next = arith.addi %i, %c1 : index
  cf.br ^head(%next : index)
^exit:
  %ran = arith.cmpi sgt, %ub, %lb : index
  cf.cond_br %ran, ^done, ^last
^last:
  memref.dealloc %a : memref<4xf32>
  cf.br ^done
^done:
  return
}

// Wrong: after the loop `%lb > %ub` misses `%lb == %ub`, where the loop
// runs zero times too.
func.func @cfg_misses_equal(%lb: index, %ub: index) {
  %c1 = arith.constant 1 : index
  // expected-warning@+1 {{buffer %a is never freed when %lb >= %ub and %none is false}}
  %a = memref.alloc() : memref<4xf32>
  cf.br ^head(%lb : index)
^head(%i: index):
  %go = arith.cmpi slt, %i, %ub : index
  cf.cond_br %go, ^body, ^exit
^body:
  %first = arith.cmpi eq, %i, %lb : index
  cf.cond_br %first, ^free, ^latch
^free:
  memref.dealloc %a : memref<4xf32>
  cf.br ^latch
^latch:
  %next = arith.addi %i, %c1 : index
  cf.br ^head(%next : index)
^exit:
  %none = arith.cmpi sgt, %lb, %ub : index
  cf.cond_br %none, ^last, ^done
^last:
  memref.dealloc %a : memref<4xf32>
  cf.br ^done
^done:
  // expected-note@+1 {{the function exits here with %a still allocated}}
  return
}

// Wrong: `%lb <= %ub` holds when the loop ran (and freed) too, and
// misses `%lb > %ub`, where it did not.
func.func @cfg_frees_again(%lb: index, %ub: index) {
  %c1 = arith.constant 1 : index
  // expected-note@+2 {{%a allocated here}}
  // expected-warning@+1 {{buffer %a is never freed when %lb >= %ub and %some is false}}
  %a = memref.alloc() : memref<4xf32>
  cf.br ^head(%lb : index)
^head(%i: index):
  %go = arith.cmpi slt, %i, %ub : index
  cf.cond_br %go, ^body, ^exit
^body:
  %first = arith.cmpi eq, %i, %lb : index
  cf.cond_br %first, ^free, ^latch
^free:
  // expected-note@+1 {{first freed here}}
  memref.dealloc %a : memref<4xf32>
  cf.br ^latch
^latch:
  %next = arith.addi %i, %c1 : index
  cf.br ^head(%next : index)
^exit:
  %some = arith.cmpi sle, %lb, %ub : index
  cf.cond_br %some, ^last, ^done
^last:
  // expected-error@+1 {{buffer %a is freed twice when %lb < %ub}}
  memref.dealloc %a : memref<4xf32>
  cf.br ^done
^done:
  // expected-note@+1 {{the function exits here with %a still allocated}}
  return
}
