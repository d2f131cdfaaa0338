// RUN: %memlint lint --verify-diagnostics %s
//
// A join inside a loop whose flag one edge sets to a constant in the first
// iteration and another edge (reached only in later ones) to a loaded
// value: the flag is that constant only until the later edge is walked.
// What was read off it then (the truncation guarding the free) is read
// again; it stayed "false", and the double free of later iterations went
// unseen.

func.func @flag_cases_gone_in_later_iterations(%n: index, %m: memref<8xi32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %k0 = arith.constant 0 : i32
  // expected-note @+2 {{%a allocated here}}
  // expected-warning @+1 {{buffer %a is never freed when the loop at 19:9 runs zero times (it is freed only on other paths) [leak]}}
  %a = memref.alloc() : memref<4xf32>
  cf.br ^header(%c0 : index)
^header(%i: index):
  %lt = arith.cmpi slt, %i, %n : index
  cf.cond_br %lt, ^body, ^exit
^body:
  %first = arith.cmpi eq, %i, %c0 : index
  cf.cond_br %first, ^p1, ^p2
^p1:
  cf.br ^join(%k0 : i32)
^p2:
  %x = memref.load %m[%i] : memref<8xi32>
  cf.br ^join(%x : i32)
^join(%f: i32):
  %t = arith.trunci %f : i32 to i1
  cf.cond_br %t, ^free, ^latch
^free:
  // expected-error @+2 {{buffer %a is freed twice when the loop at 19:9 is past its first iteration [double-free]}}
  // expected-note @+1 {{freed here in the previous iteration of the loop}}
  memref.dealloc %a : memref<4xf32>
  cf.br ^latch
^latch:
  %i1 = arith.addi %i, %c1 : index
  cf.br ^header(%i1 : index)
^exit:
  return // expected-note {{the function exits here with %a still allocated}}
}
