// RUN: %memlint fix %s | FileCheck %s --strict-whitespace --match-full-lines
// RUN: %memlint fix %s | %memlint lint -
// RUN: %memlint fix %s | %memlint fix --check -

// What a call returns may be the buffer it was passed: the leak's free
// goes after the uses of the result too, whether the callee is seen to
// return its argument or cannot be seen into.
func.func private @id(%arg0: memref<4xf32>) -> memref<4xf32> {
  return %arg0 : memref<4xf32>
}
func.func private @ext(memref<4xf32>) -> memref<4xf32>

// CHECK-LABEL:func.func @through_id() -> f32 {
// CHECK:  %r = call @id(%a) : (memref<4xf32>) -> memref<4xf32>
// CHECK-NEXT:  %v = memref.load %r[%c0] : memref<4xf32>
// CHECK-NEXT:  memref.dealloc %a : memref<4xf32>
// CHECK-NEXT:  return %v : f32
func.func @through_id() -> f32 {
  %c0 = arith.constant 0 : index
  %a = memref.alloc() : memref<4xf32>
  %r = call @id(%a) : (memref<4xf32>) -> memref<4xf32>
  %v = memref.load %r[%c0] : memref<4xf32>
  return %v : f32
}

// CHECK-LABEL:func.func @through_external() -> f32 {
// CHECK:  %r = call @ext(%a) : (memref<4xf32>) -> memref<4xf32>
// CHECK-NEXT:  %v = memref.load %r[%c0] : memref<4xf32>
// CHECK-NEXT:  memref.dealloc %a : memref<4xf32>
// CHECK-NEXT:  return %v : f32
func.func @through_external() -> f32 {
  %c0 = arith.constant 0 : index
  %a = memref.alloc() : memref<4xf32>
  %r = call @ext(%a) : (memref<4xf32>) -> memref<4xf32>
  %v = memref.load %r[%c0] : memref<4xf32>
  return %v : f32
}
