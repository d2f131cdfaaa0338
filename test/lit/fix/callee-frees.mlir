// A public callee frees the argument it is passed (an invalid free:
// arguments are borrowed, and callers outside the module may pass what
// they do not own; a private one is a release helper, see
// checks/release-helpers.mlir), and removing it is unsafe: the caller may
// have meant to hand the buffer over. While that free stays, the caller's buffer is not
// followed past the call (no leak is reported; a free in the caller would
// free it twice): `memlint fix` applies nothing, and --unsafe-fixes
// removes the callee's free, after which the caller's leak is fixed (the
// callee keeps its hands off, the caller frees what it allocated).
// RUN: not %memlint fix %s > %t
// RUN: diff %s %t
// RUN: %memlint fix --unsafe-fixes %s | FileCheck %s --match-full-lines
// RUN: %memlint fix --unsafe-fixes %s | %memlint lint -
// RUN: not %memlint lint --format=json %s | FileCheck %s --check-prefix=JSON
// JSON: "title": "Remove the free of %m (argument %m belongs to the caller)"
// JSON-NOT: "check": "leak"

// CHECK-LABEL:func.func @consume(%m: memref<4xf32>) {
// CHECK-NEXT:  return
// CHECK-NEXT:}
func.func @consume(%m: memref<4xf32>) {
  memref.dealloc %m : memref<4xf32>
  return
}

// CHECK-LABEL:func.func @caller(%v: f32) {
// CHECK:  call @consume(%a) : (memref<4xf32>) -> ()
// CHECK-NEXT:  memref.dealloc %a : memref<4xf32>
// CHECK-NEXT:  return
func.func @caller(%v: f32) {
  %c0 = arith.constant 0 : index
  %a = memref.alloc() : memref<4xf32>
  memref.store %v, %a[%c0] : memref<4xf32>
  call @consume(%a) : (memref<4xf32>) -> ()
  return
}

// The same call through a function value: func.call_indirect of the
// func.constant of @consume calls @consume (its leak fix was offered as
// safe, and freed the buffer twice at run time).
// CHECK-LABEL:func.func @caller_indirect(%v: f32) {
// CHECK:  func.call_indirect %fn(%b) : (memref<4xf32>) -> ()
// CHECK-NEXT:  memref.dealloc %b : memref<4xf32>
// CHECK-NEXT:  return
func.func @caller_indirect(%v: f32) {
  %c0 = arith.constant 0 : index
  %b = memref.alloc() : memref<4xf32>
  memref.store %v, %b[%c0] : memref<4xf32>
  %fn = func.constant @consume : (memref<4xf32>) -> ()
  func.call_indirect %fn(%b) : (memref<4xf32>) -> ()
  return
}
