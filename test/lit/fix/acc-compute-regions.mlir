// RUN: %memlint fix %s | FileCheck %s --strict-whitespace --match-full-lines
// RUN: %memlint fix %s | %memlint lint -
// RUN: %memlint fix %s | %memlint fix --check -

// An acc.parallel region says it runs once, but every gang runs it (gang-
// redundant mode): a free of a buffer from outside never goes into it, but
// after it. Likewise acc.kernels.
// CHECK-LABEL:func.func @used_in_acc_parallel(%f: f32) {
// CHECK-NEXT:  %c0 = arith.constant 0 : index
// CHECK-NEXT:  %a = memref.alloc() : memref<4xf32>
// CHECK-NEXT:  acc.parallel {
// CHECK-NEXT:    memref.store %f, %a[%c0] : memref<4xf32>
// CHECK-NEXT:    acc.yield
// CHECK-NEXT:  }
// CHECK-NEXT:  memref.dealloc %a : memref<4xf32>
// CHECK-NEXT:  return
// CHECK-NEXT:}
func.func @used_in_acc_parallel(%f: f32) {
  %c0 = arith.constant 0 : index
  %a = memref.alloc() : memref<4xf32>
  acc.parallel {
    memref.store %f, %a[%c0] : memref<4xf32>
    acc.yield
  }
  return
}

// CHECK-LABEL:func.func @used_in_acc_kernels(%f: f32) {
// CHECK-NEXT:  %c0 = arith.constant 0 : index
// CHECK-NEXT:  %a = memref.alloc() : memref<4xf32>
// CHECK-NEXT:  acc.kernels {
// CHECK-NEXT:    memref.store %f, %a[%c0] : memref<4xf32>
// CHECK-NEXT:    acc.terminator
// CHECK-NEXT:  }
// CHECK-NEXT:  memref.dealloc %a : memref<4xf32>
// CHECK-NEXT:  return
// CHECK-NEXT:}
func.func @used_in_acc_kernels(%f: f32) {
  %c0 = arith.constant 0 : index
  %a = memref.alloc() : memref<4xf32>
  acc.kernels {
    memref.store %f, %a[%c0] : memref<4xf32>
    acc.terminator
  }
  return
}
