// RUN: %memlint lint --verify-diagnostics %s
//
// A comparison of two results of ops of one kind that take no operand
// (two getters, two constants where no range is known) is no comparison
// of extended values: memlint asked for the missing operand and died with
// SIGSEGV on the first function below.

func.func @two_getters_compared() {
  %x = "x.get_id"() : () -> index
  %y = "x.get_id"() : () -> index
  %a = memref.alloc() : memref<4xf32>
  %lt = arith.cmpi slt, %x, %y : index
  scf.if %lt {
    memref.dealloc %a : memref<4xf32>
  } else {
    memref.dealloc %a : memref<4xf32>
  }
  return
}

// What the comparison says still counts: freed on one side only.
func.func @two_getters_one_side(%v: f32) {
  %x = "x.get_id"() : () -> index
  %y = "x.get_id"() : () -> index
  // expected-warning@+1 {{buffer %a is never freed when %lt is false}}
  %a = memref.alloc() : memref<4xf32>
  %lt = arith.cmpi slt, %x, %y : index
  scf.if %lt {
    memref.dealloc %a : memref<4xf32>
  }
  return // expected-note {{the function exits here with %a still allocated}}
}
