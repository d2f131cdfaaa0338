// RUN: not %memlint lint %s 2>&1 | FileCheck %s
//
// A suppression comment counts in the line's `//` comment only: a `//`
// inside a string attribute starts no comment, and an unclosed check list
// suppresses nothing.
// CHECK: suppression-comments.mlir:[[@LINE+3]]:8: warning: buffer %a is never freed
// CHECK-NOT: suppression-comments.mlir:[[@LINE+6]]:
func.func @in_string() {
  %a = memref.alloc() {note = "see http://x// memlint: ignore"} : memref<16xf32>
  return
}
func.func @suppressed() {
  %b = memref.alloc() : memref<16xf32> // memlint: ignore[leak]
  return
}
// CHECK: suppression-comments.mlir:[[@LINE+2]]:8: warning: buffer %c is never freed
func.func @unclosed() {
  %c = memref.alloc() : memref<16xf32> // memlint: ignore[leak
  return
}
// CHECK-NOT: warning
func.func @after_a_string() {
  %d = memref.alloc() {note = "//"} : memref<16xf32> // keep: memlint: ignore
  return
}
