// RUN: %memlint fix %s | FileCheck %s --strict-whitespace --match-full-lines
// RUN: %memlint fix %s | %memlint lint -
// RUN: %memlint fix %s | %memlint fix --check -

// bufferization.clone allocates on the host heap (it lowers to a
// memref.alloc and a copy): a leaked clone is freed with memref.dealloc
// after its last use. It got no fix.
// CHECK-LABEL:func.func @leaked_clone(%arg0: memref<4xf32>) {
// CHECK-NEXT:  %c = bufferization.clone %arg0 : memref<4xf32> to memref<4xf32>
// CHECK-NEXT:  "test.use"(%c) : (memref<4xf32>) -> ()
// CHECK-NEXT:  memref.dealloc %c : memref<4xf32>
// CHECK-NEXT:  return
func.func @leaked_clone(%arg0: memref<4xf32>) {
  %c = bufferization.clone %arg0 : memref<4xf32> to memref<4xf32>
  "test.use"(%c) : (memref<4xf32>) -> ()
  return
}

// A clone freed on the device's runtime is freed by the wrong one.
// CHECK-LABEL:func.func @clone_freed_on_device(%arg0: memref<4xf32>) {
// CHECK-NEXT:  %c = bufferization.clone %arg0 : memref<4xf32> to memref<4xf32>
// CHECK-NEXT:  memref.dealloc %c : memref<4xf32>
// CHECK-NEXT:  return
func.func @clone_freed_on_device(%arg0: memref<4xf32>) {
  %c = bufferization.clone %arg0 : memref<4xf32> to memref<4xf32>
  gpu.dealloc %c : memref<4xf32>
  return
}
