// RUN: %memlint fix %s | FileCheck %s --strict-whitespace --match-full-lines
// RUN: %memlint fix %s | %memlint lint -
// RUN: %memlint fix %s | %memlint fix --check -

// A buffer a kernel run `async` uses leaks: its free goes after the wait
// on the kernel's token, not right after the launch (the kernel may still
// be running).
// CHECK-LABEL:  func.func @leak_async() {
// CHECK-NEXT:    %c1 = arith.constant 1 : index
// CHECK-NEXT:    %m = gpu.alloc () : memref<16xf32>
// CHECK-NEXT:    %t = gpu.launch_func async @k::@f blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1) args(%m : memref<16xf32>)
// CHECK-NEXT:    %x = arith.addi %c1, %c1 : index
// CHECK-NEXT:    gpu.wait [%t]
// CHECK-NEXT:    gpu.dealloc %m : memref<16xf32>
// CHECK-NEXT:    return
// CHECK-NEXT:  }

// Freed before the wait: the free moves after it.
// CHECK-LABEL:  func.func @freed_before_wait() {
// CHECK-NEXT:    %c1 = arith.constant 1 : index
// CHECK-NEXT:    %m = gpu.alloc () : memref<16xf32>
// CHECK-NEXT:    %t = gpu.launch_func async @k::@f blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1) args(%m : memref<16xf32>)
// CHECK-NEXT:    gpu.wait [%t]
// CHECK-NEXT:    gpu.dealloc %m : memref<16xf32>
// CHECK-NEXT:    return
// CHECK-NEXT:  }
// Used inside a `gpu.launch async` body: the free goes after the wait on
// the launch's token.
// CHECK-LABEL:  func.func @used_in_async_launch(%v: f32) {
// CHECK:    "test.host_work"() : () -> ()
// CHECK-NEXT:    gpu.wait [%t]
// CHECK-NEXT:    gpu.dealloc %m : memref<16xf32>
// CHECK-NEXT:    return
// CHECK-NEXT:  }
module attributes {gpu.container_module} {
  gpu.module @k {
    gpu.func @f(%a: memref<16xf32>) kernel {
      gpu.return
    }
  }
  func.func @leak_async() {
    %c1 = arith.constant 1 : index
    %m = gpu.alloc () : memref<16xf32>
    %t = gpu.launch_func async @k::@f blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1) args(%m : memref<16xf32>)
    %x = arith.addi %c1, %c1 : index
    gpu.wait [%t]
    return
  }
  func.func @freed_before_wait() {
    %c1 = arith.constant 1 : index
    %m = gpu.alloc () : memref<16xf32>
    %t = gpu.launch_func async @k::@f blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1) args(%m : memref<16xf32>)
    gpu.dealloc %m : memref<16xf32>
    gpu.wait [%t]
    return
  }
  func.func @used_in_async_launch(%v: f32) {
    %c1 = arith.constant 1 : index
    %m = gpu.alloc () : memref<16xf32>
    %t0 = gpu.wait async
    %t = gpu.launch async [%t0] blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1) threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
      memref.store %v, %m[%tx] : memref<16xf32>
      gpu.terminator
    }
    "test.host_work"() : () -> ()
    gpu.wait [%t]
    return
  }
}
