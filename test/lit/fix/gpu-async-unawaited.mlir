// RUN: not %memlint fix %s | FileCheck %s --match-full-lines
// RUN: not %memlint lint --format=json %s | FileCheck %s --check-prefix=JSON
//
// A host buffer an async copy reads leaks. Its free must come after a wait
// on the host for the copy (or for an op ordered after it); where nothing
// waits for the copy, no place for it is safe, and no fix is offered.

// The wait for the dealloc ordered after the copy waits for the copy: the
// free goes after it.
// CHECK-LABEL: func.func @chained_wait() {
// CHECK:   gpu.wait [%z]
// CHECK-NEXT:   memref.dealloc %h : memref<16xf32>
// CHECK-NEXT:   return

// Nothing waits for the copy (a fresh token is waited for): unchanged.
// CHECK-LABEL: func.func @never_waited() {
// CHECK-NEXT:   %h = memref.alloc() : memref<16xf32>
// CHECK-NEXT:   %d = gpu.alloc () : memref<16xf32>
// CHECK-NEXT:   %t0 = gpu.wait async
// CHECK-NEXT:   %x = gpu.memcpy async [%t0] %d, %h : memref<16xf32>, memref<16xf32>
// CHECK-NEXT:   %y = gpu.wait async
// CHECK-NEXT:   gpu.wait [%y]
// CHECK-NEXT:   return

// JSON:      "check": "leak",
// JSON-NEXT: "fixes": [{{$}}
// JSON:      "fixes": [],
// JSON-NEXT: "message": "buffer %h is never freed",
// JSON-NEXT: "range": {
// JSON-NEXT: "end": {
// JSON-NEXT: "column": {{[0-9]+}},
// JSON-NEXT: "line": [[#@LINE+13]]

func.func @chained_wait() {
  %h = memref.alloc() : memref<16xf32>
  %t0 = gpu.wait async
  %d, %ta = gpu.alloc async [%t0] () : memref<16xf32>
  %x = gpu.memcpy async [%ta] %d, %h : memref<16xf32>, memref<16xf32>
  %z = gpu.dealloc async [%x] %d : memref<16xf32>
  gpu.wait [%z]
  return
}

func.func @never_waited() {
  %h = memref.alloc() : memref<16xf32>
  %d = gpu.alloc () : memref<16xf32>
  %t0 = gpu.wait async
  %x = gpu.memcpy async [%t0] %d, %h : memref<16xf32>, memref<16xf32>
  %y = gpu.wait async
  gpu.wait [%y]
  return
}
