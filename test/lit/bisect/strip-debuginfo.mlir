// A pass that drops every location (strip-debuginfo) leaves the findings
// it did not cause where they were: the input's leak keeps its position
// and its blame ("already in the input"), not 0:0 blamed on that pass.
// A bug a later pass makes in the stripped IR is still blamed on it (at
// 0:0: nothing says where its op was).
// RUN: not %memlint bisect --pass-pipeline='canonicalize,strip-debuginfo,cse' %s | FileCheck %s
// RUN: not %memlint bisect --load-pass-plugin=%test_plugin --pass-pipeline='strip-debuginfo,memlint-test-erase-dealloc{nth=2}' %s | FileCheck %s --check-prefix=LATER
// CHECK: strip-debuginfo.mlir:19:8: warning: buffer %alloc is never freed when %arg0 is false
// CHECK-NEXT: strip-debuginfo.mlir:29:3: note: the function exits here
// CHECK-NEXT: strip-debuginfo.mlir:19:8: note: already in the input, before any pass
// CHECK-NOT: 0:0
// LATER: strip-debuginfo.mlir:0:0: warning: buffer %alloc_0 is never freed [leak]
// LATER: note: introduced by pass 'memlint-test-erase-dealloc' (2 of 2)
// LATER: strip-debuginfo.mlir:19:8: warning: buffer %alloc is never freed when %arg0 is false
// LATER: note: already in the input, before any pass

func.func @f(%c: i1, %v: f32) -> f32 {
  %c0 = arith.constant 0 : index
  %a = memref.alloc() : memref<4xf32>
  memref.store %v, %a[%c0] : memref<4xf32>
  %r = memref.load %a[%c0] : memref<4xf32>
  scf.if %c {
    memref.dealloc %a : memref<4xf32>
  }
  %b = memref.alloc() : memref<4xf32>
  memref.store %v, %b[%c0] : memref<4xf32>
  %s = memref.load %b[%c0] : memref<4xf32>
  memref.dealloc %b : memref<4xf32>
  return %r : f32
}
