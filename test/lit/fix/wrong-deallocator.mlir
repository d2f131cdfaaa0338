// RUN: %memlint fix %s | FileCheck %s --strict-whitespace --match-full-lines
// RUN: %memlint fix %s | %memlint lint -
// RUN: %memlint fix %s | %memlint fix --check -

// A free by the other runtime than the allocation's is rewritten in place
// as the right one, through the value it freed.
// CHECK-LABEL:func.func @device_freed_on_host(%n: index) {
// CHECK-NEXT:  %d = gpu.alloc (%n) : memref<?xf32>
// CHECK-NEXT:  gpu.dealloc %d : memref<?xf32> // done
// CHECK-NEXT:  return
func.func @device_freed_on_host(%n: index) {
  %d = gpu.alloc (%n) : memref<?xf32>
  memref.dealloc %d : memref<?xf32> // done
  return
}

// CHECK-LABEL:func.func @host_freed_on_device(%c: i1) {
// CHECK-NEXT:  %h = memref.alloc() : memref<16xf32>
// CHECK-NEXT:  %v = memref.cast %h : memref<16xf32> to memref<?xf32>
// CHECK-NEXT:  scf.if %c {
// CHECK-NEXT:    memref.dealloc %v : memref<?xf32>
// CHECK-NEXT:  } else {
// CHECK-NEXT:    memref.dealloc %h : memref<16xf32>
// CHECK-NEXT:  }
// CHECK-NEXT:  return
func.func @host_freed_on_device(%c: i1) {
  %h = memref.alloc() : memref<16xf32>
  %v = memref.cast %h : memref<16xf32> to memref<?xf32>
  scf.if %c {
    gpu.dealloc %v : memref<?xf32>
  } else {
    memref.dealloc %h : memref<16xf32>
  }
  return
}

// Through a wrapper of a wrapper: the callees' summaries say how.
// CHECK-LABEL:func.func @call_freed_on_host(%n: index) {
// CHECK-NEXT:  %d = func.call @wrapped(%n) : (index) -> memref<?xf32>
// CHECK-NEXT:  gpu.dealloc %d : memref<?xf32>
// CHECK-NEXT:  return
func.func private @device_buffer(%n: index) -> memref<?xf32> {
  %d = gpu.alloc (%n) : memref<?xf32>
  return %d : memref<?xf32>
}
func.func private @wrapped(%n: index) -> memref<?xf32> {
  %d = func.call @device_buffer(%n) : (index) -> memref<?xf32>
  return %d : memref<?xf32>
}
func.func @call_freed_on_host(%n: index) {
  %d = func.call @wrapped(%n) : (index) -> memref<?xf32>
  memref.dealloc %d : memref<?xf32>
  return
}

// A leak of such a buffer is freed with the right op too.
// CHECK-LABEL:func.func @call_leaked(%n: index) {
// CHECK-NEXT:  %d = func.call @wrapped(%n) : (index) -> memref<?xf32>
// CHECK-NEXT:  gpu.dealloc %d : memref<?xf32>
// CHECK-NEXT:  return
func.func @call_leaked(%n: index) {
  %d = func.call @wrapped(%n) : (index) -> memref<?xf32>
  return
}
