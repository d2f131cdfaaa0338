// RUN: %memlint lint --verify-diagnostics %s

// A branch frees, the other does not.
func.func @leak_one_branch(%c: i1) {
  %a = memref.alloc() : memref<128x4096xbf16, "SRAM"> // expected-warning {{buffer %a is never freed when %c is false (it is freed only on other paths) [leak]}}
  scf.if %c {
    memref.dealloc %a : memref<128x4096xbf16, "SRAM">
  }
  return // expected-note {{the function exits here with %a still allocated}}
}

// Never freed at all.
func.func @never_freed() {
  %a = gpu.alloc () : memref<16xf32, 1> // expected-warning {{buffer %a is never freed [leak]}}
  return
}

// Unstructured control flow: freed on ^bb1 only.
func.func @cfg_leak(%c: i1) {
  %a = memref.alloc() : memref<8xf32> // expected-warning {{never freed when %c is false}}
  cf.cond_br %c, ^bb1, ^bb2
^bb1:
  memref.dealloc %a : memref<8xf32>
  cf.br ^bb2
^bb2:
  return
}

// Allocated in a loop body and never freed there.
func.func @loop_leak(%lb: index, %ub: index) {
  %c1 = arith.constant 1 : index
  scf.for %i = %lb to %ub step %c1 {
    %a = memref.alloc() : memref<16xf32> // expected-warning {{allocated in a loop is not freed before the next iteration}}
    "npu.compute"(%a) : (memref<16xf32>) -> ()
  }
  return
}

// Dynamic size, custom dialect use.
func.func @dynamic_leak(%seq_len: index) {
  %a = memref.alloc(%seq_len) : memref<?x4096xf32> // expected-warning {{never freed [leak]}}
  "my_npu.compute"(%a) : (memref<?x4096xf32>) -> ()
  return
}

// A callee that returns a fresh buffer: the caller owns it.
func.func private @make() -> memref<4xf32> {
  %a = memref.alloc() : memref<4xf32>
  return %a : memref<4xf32>
}
func.func @caller_leaks() {
  %b = call @make() : () -> memref<4xf32> // expected-warning {{buffer %b is never freed}}
  return
}

// realloc: the new buffer must be freed.
func.func @realloc_leak(%n: index) {
  %a = memref.alloc() : memref<4xf32>
  %b = memref.realloc %a(%n) : memref<4xf32> to memref<?xf32> // expected-warning {{buffer %b is never freed}}
  return
}

// Freed only on one case of a switch.
func.func @switch_leak(%x: i32) {
  %a = memref.alloc() : memref<4xf32> // expected-warning {{never freed when the switch at}}
  cf.switch %x : i32, [
    default: ^bb2,
    1: ^bb1
  ]
^bb1:
  memref.dealloc %a : memref<4xf32>
  cf.br ^bb2
^bb2:
  return
}


// Loop-carried buffers: each iteration replaces the carried buffer without
// freeing the previous one (and the initial one).
func.func @carried_leak(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %init = memref.alloc() : memref<1xf32> // expected-warning {{buffer %init is never freed when the loop at 84:11 runs [leak]}}
  %last = scf.for %i = %c0 to %n step %c1 iter_args(%cur = %init) -> (memref<1xf32>) {
    "npu.compute"(%cur) : (memref<1xf32>) -> ()
    %nb = memref.alloc() : memref<1xf32> // expected-warning {{allocated in a loop is not freed before the next iteration}}
    scf.yield %nb : memref<1xf32>
  }
  memref.dealloc %last : memref<1xf32>
  return
}
