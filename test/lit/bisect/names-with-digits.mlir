// Findings are matched across passes by their words without the positions
// they quote (strip-debuginfo drops every location), never by dropping
// every digit: %alloc_1's leak, which the pass makes, is not %alloc_0's,
// which the input has.
// RUN: not %memlint bisect --load-pass-plugin=%test_plugin --pass-pipeline='strip-debuginfo,memlint-test-erase-dealloc{nth=2}' %s | FileCheck %s
// CHECK-DAG: warning: buffer %alloc_1 is never freed [leak]
// CHECK-DAG: note: introduced by pass 'memlint-test-erase-dealloc' (2 of 2)
// CHECK-DAG: names-with-digits.mlir:[[#@LINE+6]]:8: warning: buffer %alloc_0 is never freed [leak]
// CHECK-DAG: note: already in the input, before any pass

func.func @f(%v: f32) {
  %c0 = arith.constant 0 : index
  %a = memref.alloc() : memref<4xf32>
  %b = memref.alloc() : memref<4xf32>
  %c = memref.alloc() : memref<4xf32>
  memref.store %v, %a[%c0] : memref<4xf32>
  memref.store %v, %b[%c0] : memref<4xf32>
  memref.store %v, %c[%c0] : memref<4xf32>
  memref.dealloc %a : memref<4xf32>
  memref.dealloc %c : memref<4xf32>
  return
}
