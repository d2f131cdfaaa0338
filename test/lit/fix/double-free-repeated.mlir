// RUN: %memlint fix %s | FileCheck %s --strict-whitespace --match-full-lines
// RUN: %memlint fix %s | %memlint lint -
// RUN: not %memlint lint --format=json %s | FileCheck %s --check-prefix=JSON
//
// One buffer freed twelve times in a row: eleven double frees, each fixed
// by removing its own second free. As diffs of the texts the eleven
// removals were one (removing any of twelve equal lines reads as removing
// the last), so `fix` took one per step and stopped after its steps with
// findings "no safe fix removes".
// CHECK-LABEL:func.func @repeated(%n: index) {
// CHECK-NEXT:  %a = memref.alloc(%n) : memref<?xf32>
// CHECK-NEXT:  memref.dealloc %a : memref<?xf32>
// CHECK-NEXT:  "test.after"() : () -> ()
// CHECK-NEXT:  return
// CHECK-NEXT:}
//
// Each finding's fix removes the free it is reported on.
// JSON:      "check": "double-free",
// JSON:      "newText": "",
// JSON-NEXT: "range": {
// JSON-NEXT: "end": {
// JSON-NEXT: "column": 1,
// JSON-NEXT: "line": 35
// JSON:      "column": 1,
// JSON-NEXT: "line": 34
// JSON:      "message": "buffer %a is freed twice",
// JSON-NEXT: "range": {
// JSON-NEXT: "end": {
// JSON-NEXT: "column": 36,
// JSON-NEXT: "line": 34
func.func @repeated(%n: index) {
  %a = memref.alloc(%n) : memref<?xf32>
  memref.dealloc %a : memref<?xf32>
  memref.dealloc %a : memref<?xf32>
  memref.dealloc %a : memref<?xf32>
  memref.dealloc %a : memref<?xf32>
  memref.dealloc %a : memref<?xf32>
  memref.dealloc %a : memref<?xf32>
  memref.dealloc %a : memref<?xf32>
  memref.dealloc %a : memref<?xf32>
  memref.dealloc %a : memref<?xf32>
  memref.dealloc %a : memref<?xf32>
  memref.dealloc %a : memref<?xf32>
  memref.dealloc %a : memref<?xf32>
  "test.after"() : () -> ()
  return
}
