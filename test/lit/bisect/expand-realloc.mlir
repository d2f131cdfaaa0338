// expand-realloc{emit-deallocs=false} drops the old buffer's free: the leak
// is blamed on it, at the allocation's line in this file.
// RUN: not %memlint bisect --pass-pipeline='canonicalize,expand-realloc{emit-deallocs=false},canonicalize' %s | FileCheck %s
// RUN: not %memlint bisect --format=json --pass-pipeline='canonicalize,expand-realloc{emit-deallocs=false},canonicalize' %s | FileCheck %s --check-prefix=JSON
// With the frees it is clean.
// RUN: %memlint bisect --pass-pipeline='expand-realloc' %s | count 0

// CHECK: expand-realloc.mlir:[[@LINE+8]]:8: warning: buffer {{.*}} is never freed {{.*}}[leak]
// CHECK: expand-realloc.mlir:[[@LINE+7]]:8: note: introduced by pass 'expand-realloc' (2 of 3)
// JSON: "check": "leak"
// JSON: "introduced_by": {
// JSON-NEXT: "index": 2,
// JSON-NEXT: "pass": "expand-realloc"
// JSON-NEXT: }
func.func @grow(%n: index) -> memref<?xf32> {
  %a = memref.alloc() : memref<4xf32>
  %b = memref.realloc %a(%n) : memref<4xf32> to memref<?xf32>
  return %b : memref<?xf32>
}
