// RUN: %memlint fix %s | FileCheck %s --strict-whitespace --match-full-lines
// RUN: %memlint fix %s | %memlint lint -
// RUN: %memlint fix %s | %memlint fix --check -

// A buffer an async.execute body uses is freed after the async.await of
// the body (or of a body that depends on it), not while it may run.
// CHECK-LABEL:func.func @host_reads_while_body_runs(%v: f32) -> f32 {
// CHECK:  %x = memref.load %a[%c0] : memref<16xf32>
// CHECK-NEXT:  async.await %t : !async.token
// CHECK-NEXT:  memref.dealloc %a : memref<16xf32>
// CHECK-NEXT:  return %x : f32
func.func @host_reads_while_body_runs(%v: f32) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %a = memref.alloc() : memref<16xf32>
  %t = async.execute {
    memref.store %v, %a[%c1] : memref<16xf32>
    async.yield
  }
  %x = memref.load %a[%c0] : memref<16xf32>
  async.await %t : !async.token
  return %x : f32
}

// CHECK-LABEL:func.func @dependent_body(%v: f32) {
// CHECK:  async.await %t2 : !async.token
// CHECK-NEXT:  memref.dealloc %a : memref<16xf32>
// CHECK-NEXT:  return
func.func @dependent_body(%v: f32) {
  %c1 = arith.constant 1 : index
  %a = memref.alloc() : memref<16xf32>
  %t1 = async.execute {
    memref.store %v, %a[%c1] : memref<16xf32>
    async.yield
  }
  %t2 = async.execute [%t1] {
    async.yield
  }
  async.await %t2 : !async.token
  return
}

// Freed while the body may still run (a use after free at the await): the
// free moves after the await.
// CHECK-LABEL:func.func @freed_before_await(%v: f32) {
// CHECK:  async.await %t : !async.token
// CHECK-NEXT:  memref.dealloc %a : memref<16xf32>
// CHECK-NEXT:  return
func.func @freed_before_await(%v: f32) {
  %c1 = arith.constant 1 : index
  %a = memref.alloc() : memref<16xf32>
  %t = async.execute {
    memref.store %v, %a[%c1] : memref<16xf32>
    async.yield
  }
  memref.dealloc %a : memref<16xf32>
  async.await %t : !async.token
  return
}
