// RUN: not %memlint lint --no-color --analysis-budget=1 %s | FileCheck %s
//
// A function out of the work budget is checked coarsely, for the bugs on
// every path. An op memlint cannot see into (no effects interface, no
// regions, successors or results) uses the buffers it is given and never
// frees them, as the path-sensitive analysis reads it: a buffer only such
// ops touch and nobody frees still leaks on every path.

// CHECK: @leaks_past_npu_use was checked only coarsely
// CHECK: warning: buffer %a is never freed (coarse analysis: @leaks_past_npu_use outgrew the path-sensitive budget) [leak]
func.func @leaks_past_npu_use(%n: index, %c: i1) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %a = memref.alloc() : memref<16xf32>
  scf.for %i = %c0 to %n step %c1 {
    scf.for %j = %c0 to %n step %c1 {
      scf.if %c {
        "npu.use"(%a) : (memref<16xf32>) -> ()
      }
    }
  }
  return
}

// An op that returns something may have packed the buffer into it, and
// one with a region may bind it where it frees it: no longer tracked, no
// finding.
// CHECK: @packed was checked only coarsely
// CHECK-NOT: buffer %a is never freed
// CHECK: @in_region was checked only coarsely
// CHECK-NOT: buffer %a is never freed
func.func @packed(%n: index, %c: i1) -> !npu.handle {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %a = memref.alloc() : memref<16xf32>
  scf.for %i = %c0 to %n step %c1 {
    scf.if %c {
      "npu.use"(%a) : (memref<16xf32>) -> ()
    }
  }
  %h = "npu.pack"(%a) : (memref<16xf32>) -> !npu.handle
  return %h : !npu.handle
}

func.func @in_region(%n: index, %c: i1) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %a = memref.alloc() : memref<16xf32>
  scf.for %i = %c0 to %n step %c1 {
    scf.if %c {
      "npu.use"(%a) : (memref<16xf32>) -> ()
    }
  }
  "npu.scope"(%a) ({
  ^bb0(%x: memref<16xf32>):
    memref.dealloc %x : memref<16xf32>
    "npu.end"() : () -> ()
  }) : (memref<16xf32>) -> ()
  return
}
