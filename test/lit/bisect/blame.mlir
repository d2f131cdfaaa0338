// A test-only pass erases the second free; bisect blames exactly it, keeps
// the input's own leak on "input", and --dump-dir writes the IR around it.
// RUN: rm -rf %t && not %memlint bisect --load-pass-plugin=%test_plugin --dump-dir=%t --pass-pipeline='canonicalize,func.func(cse),memlint-test-erase-dealloc{nth=2},canonicalize' %s | FileCheck %s
// RUN: not %memlint bisect --format=json --load-pass-plugin=%test_plugin --pass-pipeline='canonicalize,func.func(cse),memlint-test-erase-dealloc{nth=2},canonicalize' %s | FileCheck %s --check-prefix=JSON
// RUN: ls %t | FileCheck %s --check-prefix=DUMP
// memlint's own plugin beside it (its passes are bisect's own; loading it
// aborted on their second registration):
// RUN: not %memlint bisect --load-pass-plugin=%plugin --load-pass-plugin=%test_plugin --pass-pipeline='canonicalize,func.func(cse),memlint-test-erase-dealloc{nth=2},canonicalize' %s | FileCheck %s
// RUN: FileCheck %s --check-prefix=BEFORE < %t/03-memlint-test-erase-dealloc.before.mlir
// RUN: FileCheck %s --check-prefix=AFTER < %t/03-memlint-test-erase-dealloc.after.mlir
// RUN: not %memlint bisect --pass-pipeline='bogus-pass' %s 2>&1 | FileCheck %s --check-prefix=USAGE
// RUN: not %memlint bisect %s 2>&1 | FileCheck %s --check-prefix=MISSING

// CHECK: blame.mlir:[[@LINE+18]]:13: warning: buffer %alloc is never freed [leak]
// CHECK: blame.mlir:[[@LINE+17]]:13: note: already in the input, before any pass
// CHECK: blame.mlir:[[@LINE+17]]:8: warning: buffer %alloc_0 is never freed [leak]
// CHECK: blame.mlir:[[@LINE+16]]:8: note: introduced by pass 'memlint-test-erase-dealloc' (3 of 4)
// JSON: "introduced_by": {
// JSON-NEXT: "pass": "input"
// JSON: "introduced_by": {
// JSON-NEXT: "index": 3,
// JSON-NEXT: "pass": "memlint-test-erase-dealloc"
// DUMP: 03-memlint-test-erase-dealloc.after.mlir
// DUMP-NEXT: 03-memlint-test-erase-dealloc.before.mlir
// DUMP-NOT: mlir
// BEFORE-COUNT-2: memref.dealloc
// AFTER-COUNT-1: memref.dealloc
// AFTER-NOT: memref.dealloc
// USAGE: memlint bisect: bad --pass-pipeline
// MISSING: memlint bisect: missing --pass-pipeline=PIPELINE
func.func @f() {
  %leaked = memref.alloc() : memref<8xf32>
  %a = memref.alloc() : memref<8xf32>
  %b = memref.alloc() : memref<8xf32>
  "test.use"(%a, %b) : (memref<8xf32>, memref<8xf32>) -> ()
  "test.use"(%leaked) : (memref<8xf32>) -> ()
  memref.dealloc %b : memref<8xf32>
  memref.dealloc %a : memref<8xf32>
  return
}
