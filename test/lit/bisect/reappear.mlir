// A finding a pass removes and a later pass brings back is blamed on the
// pass after which it first appeared (CONTRACT.md: "first appeared"), not on
// the one that brought it back.
// RUN: not %memlint bisect --load-pass-plugin=%test_plugin --pass-pipeline='memlint-test-duplicate-dealloc{nth=1},memlint-test-erase-dealloc{nth=2},memlint-test-duplicate-dealloc{nth=1}' %s | FileCheck %s
// RUN: not %memlint bisect --format=json --load-pass-plugin=%test_plugin --pass-pipeline='memlint-test-duplicate-dealloc{nth=1},memlint-test-erase-dealloc{nth=2},memlint-test-duplicate-dealloc{nth=1}' %s | FileCheck %s --check-prefix=JSON

// CHECK: reappear.mlir:[[@LINE+10]]:3: error: buffer %alloc is freed twice [double-free]
// CHECK: note: introduced by pass 'memlint-test-duplicate-dealloc' (1 of 3)
// CHECK-NOT: introduced by
// JSON: "check": "double-free"
// JSON: "introduced_by": {
// JSON-NEXT: "index": 1,
// JSON-NEXT: "pass": "memlint-test-duplicate-dealloc"
func.func @f() {
  %a = memref.alloc() : memref<8xf32>
  "test.use"(%a) : (memref<8xf32>) -> ()
  memref.dealloc %a : memref<8xf32>
  return
}
