// RUN: %memlint lint --verify-diagnostics %s
//
// An scf.for runs when its lower bound is below its upper bound: a
// comparison of the bounds the code makes itself asks the same question,
// so "the loop runs" and `%ran` are one condition, not two. (The same
// holds for index.cmp, which compares like arith.cmpi.)

// The first iteration allocates; what the loop returns is freed exactly
// when it ran. When it did not, %r is the stack buffer and nothing frees it.
func.func @freed_when_the_loop_ran(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %z = memref.alloca() : memref<8xf32>
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%b = %z) -> (memref<8xf32>) {
    %first = arith.cmpi eq, %i, %c0 : index
    %nb = scf.if %first -> memref<8xf32> {
      %x = memref.alloc() : memref<8xf32>
      scf.yield %x : memref<8xf32>
    } else {
      scf.yield %b : memref<8xf32>
    }
    scf.yield %nb : memref<8xf32>
  }
  %ran = arith.cmpi slt, %c0, %n : index
  scf.if %ran {
    memref.dealloc %r : memref<8xf32>
  }
  return
}

// Bounds that are both values: their pair answers both questions.
func.func @freed_when_the_loop_ran_between_values(%lb: index, %ub: index) {
  %c1 = arith.constant 1 : index
  %a = memref.alloc() : memref<8xf32>
  scf.for %i = %lb to %ub step %c1 {
    "test.use"(%a) : (memref<8xf32>) -> ()
  }
  %ran = arith.cmpi slt, %lb, %ub : index
  %skipped = arith.cmpi sge, %lb, %ub : index
  scf.if %ran {
    memref.dealloc %a : memref<8xf32>
  }
  scf.if %skipped {
    memref.dealloc %a : memref<8xf32>
  }
  return
}

// A test that is not the loop's: `lb <= ub` also holds when the loop runs
// zero times, so the buffer the loop would have made is freed then too.
func.func @freed_under_another_test(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %z = memref.alloca() : memref<8xf32> // expected-note {{stack allocation here}}
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%b = %z) -> (memref<8xf32>) {
    %first = arith.cmpi eq, %i, %c0 : index
    %nb = scf.if %first -> memref<8xf32> {
      %x = memref.alloc() : memref<8xf32>
      scf.yield %x : memref<8xf32>
    } else {
      scf.yield %b : memref<8xf32>
    }
    scf.yield %nb : memref<8xf32>
  }
  %ran = arith.cmpi sle, %c0, %n : index
  scf.if %ran {
    memref.dealloc %r : memref<8xf32> // expected-error {{frees %r, which is stack memory from 'memref.alloca' (when the loop at 55:8 runs zero times) [invalid-free]}}
  }
  return
}

// index.cmp slt and sge of the same two values: exactly one frees %a.
func.func @index_cmp_complements(%i: index, %n: index) {
  %a = memref.alloc() : memref<8xf32>
  %lt = index.cmp slt(%i, %n)
  %ge = index.cmp sge(%i, %n)
  scf.if %lt {
    memref.dealloc %a : memref<8xf32>
  }
  scf.if %ge {
    memref.dealloc %a : memref<8xf32>
  }
  return
}

// index.cmp ult and ule overlap on equal values: freed twice there.
func.func @index_cmp_overlap(%i: index, %n: index) {
  %a = memref.alloc() : memref<8xf32> // expected-note {{%a allocated here}}
  %lt = index.cmp ule(%i, %n)
  %ge = index.cmp uge(%i, %n)
  scf.if %lt {
    memref.dealloc %a : memref<8xf32> // expected-note {{first freed here}}
  }
  scf.if %ge {
    memref.dealloc %a : memref<8xf32> // expected-error {{buffer %a is freed twice when %lt is true [double-free]}}
  }
  return
}
