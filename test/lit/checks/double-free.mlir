// RUN: %memlint lint --verify-diagnostics %s

func.func @cfg_double(%c: i1) {
  %a = memref.alloc() : memref<16xf32> // expected-note {{%a allocated here}}
  cf.cond_br %c, ^bb1, ^bb2
^bb1:
  memref.dealloc %a : memref<16xf32> // expected-note {{first freed here}}
  cf.br ^bb2
^bb2:
  memref.dealloc %a : memref<16xf32> // expected-error {{buffer %a is freed twice when %c is true [double-free]}}
  return
}

// Through an alias: the cast is the same buffer.
func.func @alias_double() {
  %a = memref.alloc() : memref<16xf32>
  %b = memref.cast %a : memref<16xf32> to memref<?xf32>
  memref.dealloc %a : memref<16xf32>
  memref.dealloc %b : memref<?xf32> // expected-error {{freed twice (through its alias %b) [double-free]}}
  return
}

// Freed inside a loop body, allocated outside.
func.func @loop_double(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %a = memref.alloc() : memref<16xf32> // expected-warning {{never freed when the loop at 28:3 runs zero times}}
  scf.for %i = %c0 to %n step %c1 {
    memref.dealloc %a : memref<16xf32> // expected-error {{freed twice when the loop at 28:3 is past its first iteration [double-free]}}
  }
  return
}

// realloc frees its source.
func.func @realloc_double(%n: index) {
  %a = memref.alloc() : memref<4xf32>
  %b = memref.realloc %a(%n) : memref<4xf32> to memref<?xf32>
  memref.dealloc %a : memref<4xf32> // expected-error {{buffer %a is freed twice}}
  memref.dealloc %b : memref<?xf32>
  return
}

// gpu buffers.
func.func @gpu_double() {
  %a = gpu.alloc () : memref<16xf32, 1>
  gpu.dealloc %a : memref<16xf32, 1>
  gpu.dealloc %a : memref<16xf32, 1> // expected-error {{freed twice}}
  return
}

// Both regions of an scf.if free, and then again after.
func.func @if_then_after(%c: i1) {
  %a = memref.alloc() : memref<4xf32>
  scf.if %c {
    memref.dealloc %a : memref<4xf32>
  } else {
    memref.dealloc %a : memref<4xf32>
  }
  memref.dealloc %a : memref<4xf32> // expected-error {{buffer %a is freed twice [double-free]}}
  return
}

// Freed in a while loop's body and again after it.
func.func @while_double(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %a = memref.alloc() : memref<4xf32>
  %k = scf.while (%i = %c0) : (index) -> index {
    %cond = arith.cmpi slt, %i, %n : index
    scf.condition(%cond) %i : index
  } do {
  ^bb0(%j: index):
    memref.dealloc %a : memref<4xf32> // expected-error {{freed twice when the loop at 68:8 is past its first iteration [double-free]}}
    %next = arith.addi %j, %c1 : index
    scf.yield %next : index
  }
  memref.dealloc %a : memref<4xf32> // expected-error {{freed twice when the loop at 68:8 runs at least once [double-free]}}
  return
}
