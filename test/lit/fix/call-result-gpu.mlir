// RUN: not %memlint fix %s > %t 2> %t.err
// RUN: FileCheck %s --strict-whitespace --match-full-lines < %t
// RUN: FileCheck %s --check-prefix=LEFT < %t.err
// LEFT: {{.*}}1 finding left that no safe fix removes; see memlint lint

// A buffer a call returns is freed the way its callee allocated it. An
// async gpu.alloc has no free memlint can write without guessing the
// stream's dependencies: that leak keeps no fix (never a host
// memref.dealloc of device memory).
func.func private @make_async(%n: index) -> memref<?xf32> {
  %t0 = gpu.wait async
  %d, %t1 = gpu.alloc async [%t0] (%n) : memref<?xf32>
  gpu.wait [%t1]
  return %d : memref<?xf32>
}
func.func private @make_sync(%n: index) -> memref<?xf32> {
  %d = gpu.alloc (%n) : memref<?xf32>
  return %d : memref<?xf32>
}

// CHECK-LABEL:func.func @async_callee(%n: index) {
// CHECK-NEXT:  %d = call @make_async(%n) : (index) -> memref<?xf32>
// CHECK-NEXT:  "x.use"(%d) : (memref<?xf32>) -> ()
// CHECK-NEXT:  return
func.func @async_callee(%n: index) {
  %d = call @make_async(%n) : (index) -> memref<?xf32>
  "x.use"(%d) : (memref<?xf32>) -> ()
  return
}

// CHECK-LABEL:func.func @sync_callee(%n: index) {
// CHECK-NEXT:  %d = call @make_sync(%n) : (index) -> memref<?xf32>
// CHECK-NEXT:  "x.use"(%d) : (memref<?xf32>) -> ()
// CHECK-NEXT:  gpu.dealloc %d : memref<?xf32>
// CHECK-NEXT:  return
func.func @sync_callee(%n: index) {
  %d = call @make_sync(%n) : (index) -> memref<?xf32>
  "x.use"(%d) : (memref<?xf32>) -> ()
  return
}
