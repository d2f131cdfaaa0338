// RUN: %memlint fix %s | FileCheck %s --strict-whitespace --match-full-lines
// RUN: %memlint fix %s | %memlint lint -
// RUN: %memlint fix %s | %memlint fix --check -

// An i1 read from memory is never a fix's guard: the re-analysis stays
// silent on what happens only for some memory contents, so a free under
// `scf.if %own` would pass its proof while it frees %h before the store
// through %m (and leaks it when %own is false). The free goes after the
// last use instead.
// CHECK-LABEL:func.func @leak_data_guard(%k: i32, %flags: memref<i1>, %v: f32) {
// CHECK:^j(%m: memref<4xf32>):
// CHECK-NEXT:  memref.store %v, %m[%c0] : memref<4xf32>
// CHECK-NEXT:  memref.dealloc %h : memref<4xf32>
// CHECK-NEXT:  return
// CHECK-NEXT:}
// CHECK-NOT:scf.if
func.func @leak_data_guard(%k: i32, %flags: memref<i1>, %v: f32) {
  %c0 = arith.constant 0 : index
  %own = memref.load %flags[] : memref<i1>
  %h = memref.alloc() : memref<4xf32>
  %s = memref.alloca() : memref<4xf32>
  cf.switch %k : i32, [
    default: ^j(%h : memref<4xf32>),
    1: ^j(%s : memref<4xf32>)
  ]
^j(%m: memref<4xf32>):
  memref.store %v, %m[%c0] : memref<4xf32>
  return
}
