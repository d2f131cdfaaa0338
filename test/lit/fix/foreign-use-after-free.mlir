// A use after free of memory a body-less callee returned: memlint does not
// know who owns it, so no leak tells where its free belongs; the fix that
// removes the early free is unsafe (if this function owns the memory, it
// now leaks) and only --unsafe-fixes applies it.
// RUN: not %memlint fix %s > %t
// RUN: diff %s %t
// RUN: %memlint fix --unsafe-fixes %s | FileCheck %s --match-full-lines
// RUN: not %memlint lint --format=json %s | FileCheck %s --check-prefix=JSON
// CHECK-LABEL:func.func @used_after_free(%n: index) -> f32 {
// CHECK-NEXT:  %c0 = arith.constant 0 : index
// CHECK-NEXT:  %0 = call @get(%n) : (index) -> memref<8xf32>
// CHECK-NEXT:  %v = memref.load %0[%c0] : memref<8xf32>
// CHECK-NEXT:  return %v : f32
// JSON: "safe": false
// JSON: "title": "Remove the free of %0 (memory a callee returned: if this function owns it, free it after its last use instead)"

func.func private @get(index) -> memref<8xf32>

func.func @used_after_free(%n: index) -> f32 {
  %c0 = arith.constant 0 : index
  %0 = call @get(%n) : (index) -> memref<8xf32>
  memref.dealloc %0 : memref<8xf32>
  %v = memref.load %0[%c0] : memref<8xf32>
  return %v : f32
}
