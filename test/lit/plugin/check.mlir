// memlint-check in mlir-opt: each finding is a diagnostic at the op, with
// the message `memlint lint` prints (value names as mlir-opt prints them)
// and its related locations as notes.
// RUN: %mlir_opt --load-pass-plugin=%plugin --pass-pipeline='builtin.module(memlint-check)' -verify-diagnostics -split-input-file %s

func.func @leak_one_branch(%c: i1) {
  %a = memref.alloc() : memref<128xf32> // expected-warning {{buffer %alloc is never freed when %arg0 is false (it is freed only on other paths) [leak]}}
  scf.if %c {
    memref.dealloc %a : memref<128xf32>
  }
  return // expected-note {{the function exits here with %alloc still allocated}}
}

// -----

func.func @double(%c: i1) {
  %a = memref.alloc() : memref<8xf32> // expected-note {{allocated here}}
  memref.dealloc %a : memref<8xf32> // expected-note {{first freed here}}
  memref.dealloc %a : memref<8xf32> // expected-error {{[double-free]}}
  return
}

// -----

// expected-no-diagnostics
func.func @clean() {
  %a = memref.alloc() : memref<8xf32>
  memref.dealloc %a : memref<8xf32>
  return
}
