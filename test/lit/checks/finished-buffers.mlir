// The walk forgets a freed buffer once no later block of the function's
// CFG may use a value holding it (FlowWalker::dropFinishedBuffers). Every
// later use it must still see: nested in a region, through a block
// argument, a select, a loop back edge.
// RUN: %memlint lint --verify-diagnostics %s

func.func @nestedUse(%c: i1) {
  %a = memref.alloc() : memref<4xf32> // expected-note {{%a allocated here}}
  memref.dealloc %a : memref<4xf32> // expected-note {{first freed here}}
  cf.br ^bb1
^bb1:
  scf.if %c {
    memref.dealloc %a : memref<4xf32> // expected-error {{buffer %a is freed twice [double-free]}}
  }
  return
}

func.func @throughBlockArgument() {
  %a = memref.alloc() : memref<4xf32> // expected-note {{%a allocated here}}
  memref.dealloc %a : memref<4xf32> // expected-note {{first freed here}}
  cf.br ^bb1(%a : memref<4xf32>)
^bb1(%x: memref<4xf32>):
  cf.br ^bb2
^bb2:
  memref.dealloc %x : memref<4xf32> // expected-error {{buffer %a is freed twice (through its alias %x) [double-free]}}
  return
}

func.func @throughSelect(%c: i1, %i: index) -> f32 {
  %a = memref.alloc() : memref<4xf32> // expected-note {{%a allocated here}}
  %b = memref.alloc() : memref<4xf32>
  memref.dealloc %a : memref<4xf32> // expected-note {{freed here}}
  cf.br ^bb1
^bb1:
  %s = arith.select %c, %a, %b : memref<4xf32>
  cf.br ^bb2
^bb2:
  %v = memref.load %s[%i] : memref<4xf32> // expected-error {{'memref.load' uses buffer %a after it was freed (through its alias %s) when %c is true [use-after-free]}}
  memref.dealloc %b : memref<4xf32>
  return %v : f32
}

func.func @nextIteration(%n: index, %i: index) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %f = arith.constant 0.0 : f32
  // expected-warning@+1 {{buffer %a is never freed when the loop at 51:11 runs zero times (it is freed only on other paths) [leak]}}
  %a = memref.alloc() : memref<4xf32> // expected-note {{%a allocated here}}
  cf.br ^head(%c0 : index)
^head(%k: index):
  %more = arith.cmpi slt, %k, %n : index
  cf.cond_br %more, ^body, ^exit
^body:
  %v = memref.load %a[%i] : memref<4xf32> // expected-error {{'memref.load' uses buffer %a after it was freed}}
  cf.br ^free
^free:
  memref.dealloc %a : memref<4xf32> // expected-error {{buffer %a is freed twice}} expected-note {{freed here}} expected-note {{freed here in the previous iteration of the loop}}
  %k1 = arith.addi %k, %c1 : index
  cf.br ^head(%k1 : index)
^exit:
  return %f : f32
}
