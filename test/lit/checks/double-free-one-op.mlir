// RUN: %memlint lint --verify-diagnostics %s
//
// One op that frees a buffer twice outside any loop (a call whose callee
// frees both arguments, given the same buffer twice) says so; in a loop,
// the same op's free in the previous iteration is the first.

// (A release helper: private, it frees each argument once on every path.)
func.func private @free2(%a: memref<4xf32>, %b: memref<4xf32>) {
  memref.dealloc %a : memref<4xf32>
  memref.dealloc %b : memref<4xf32>
  return
}

func.func @same_twice() {
  %m = memref.alloc() : memref<4xf32> // expected-note {{%m allocated here}}
  // expected-error@+2 {{buffer %m is freed twice [double-free]}}
  // expected-note@+1 {{freed here twice: this op frees it more than once}}
  call @free2(%m, %m) : (memref<4xf32>, memref<4xf32>) -> ()
  return
}

func.func @in_cfg_loop(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  // expected-warning@+1 {{buffer %m is never freed when the loop at}}
  %m = memref.alloc() : memref<4xf32> // expected-note {{%m allocated here}}
  cf.br ^h(%c0 : index)
^h(%i: index):
  %go = arith.cmpi slt, %i, %n : index
  cf.cond_br %go, ^body, ^exit
^body:
  // expected-error@+1 {{buffer %m is freed twice when the loop at}}
  memref.dealloc %m : memref<4xf32> // expected-note {{freed here in the previous iteration of the loop}}
  %i1 = arith.addi %i, %c1 : index
  cf.br ^h(%i1 : index)
^exit:
  return // expected-note {{the function exits here}}
}
