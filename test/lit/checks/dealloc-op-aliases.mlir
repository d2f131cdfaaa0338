// bufferization.dealloc frees a memref only if no retained memref and no
// memref before it in its list is the same buffer ("if two memrefs alias
// each other, only one will be deallocated"), whatever the earlier one's
// condition. Upstream's lowering (a call of its deallocation helper) does
// the same, and memlint reads both forms alike.
// RUN: not %memlint lint %s | FileCheck %s
// RUN: %mlir-opt --bufferization-lower-deallocations %s > %t.mlir
// RUN: not %memlint lint %t.mlir | FileCheck %s --check-prefix=LOWERED

// CHECK-NOT: twice
// LOWERED-NOT: twice
func.func @listed_twice() {
  %true = arith.constant true
  %a = memref.alloc() : memref<4xf32>
  bufferization.dealloc (%a, %a : memref<4xf32>, memref<4xf32>) if (%true, %true)
  return
}

// The second entry is the first's buffer: only the first entry's condition
// frees it.
// CHECK: :[[@LINE+4]]:8: warning: buffer %a is never freed when %c is false [leak]
// LOWERED: warning: buffer %alloc is never freed when %arg0 is false
func.func @first_condition_decides(%c: i1) {
  %true = arith.constant true
  %a = memref.alloc() : memref<4xf32>
  bufferization.dealloc (%a, %a : memref<4xf32>, memref<4xf32>) if (%c, %true)
  return
}

// A retained memref that is the listed buffer keeps it alive, and its
// updated condition says who owns it.
// CHECK-NOT: warning
// LOWERED-NOT: warning
func.func @retained(%c: i1) -> memref<4xf32> {
  %a = memref.alloc() : memref<4xf32>
  %own = bufferization.dealloc (%a : memref<4xf32>) if (%c) retain (%a : memref<4xf32>)
  scf.if %own {
    "test.consume"(%a) : (memref<4xf32>) -> ()
  }
  return %a : memref<4xf32>
}
