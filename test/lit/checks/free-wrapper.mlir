// RUN: not %memlint lint %s | FileCheck %s
//
// A callee that frees its argument on every path it returns (C's
// `my_free(p)`) frees at the call what the caller passes: a use or a free
// of it after the call is a use after free or a double free, in a loop
// too. (A private one is a release helper, its free not reported.)
// A callee that frees only under a flag leaves the caller's buffer
// untracked past the call, as before.
// CHECK-NOT: free-wrapper.mlir:17:3
// CHECK-DAG: free-wrapper.mlir:32:8: error: 'memref.load' uses buffer %a after it was freed [use-after-free]
// CHECK-DAG: free-wrapper.mlir:39:3: error: buffer %b is freed twice [double-free]
// CHECK-DAG: free-wrapper.mlir:46:8: warning: buffer %c is never freed when the loop at 47:3 runs zero times [leak]
// CHECK-DAG: free-wrapper.mlir:48:5: error: buffer %c is freed twice when the loop at 47:3 is past its first iteration [double-free]
// CHECK-NOT: buffer %{{[abd]}} is never freed

func.func private @my_free(%m: memref<4xf32>) {
  memref.dealloc %m : memref<4xf32>
  return
}
func.func private @maybe_free(%m: memref<4xf32>, %own: i1) {
  scf.if %own {
    memref.dealloc %m : memref<4xf32>
  }
  return
}

func.func @use_after(%n: index) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %a = memref.alloc() : memref<4xf32>
  func.call @my_free(%a) : (memref<4xf32>) -> ()
  %v = memref.load %a[%c0] : memref<4xf32>
  return %v : f32
}

func.func @free_after() {
  %b = memref.alloc() : memref<4xf32>
  func.call @my_free(%b) : (memref<4xf32>) -> ()
  memref.dealloc %b : memref<4xf32>
  return
}

func.func @in_a_loop(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c = memref.alloc() : memref<4xf32>
  scf.for %i = %c0 to %n step %c1 {
    func.call @my_free(%c) : (memref<4xf32>) -> ()
  }
  return
}

func.func @flagged(%own: i1) {
  %d = memref.alloc() : memref<4xf32>
  func.call @maybe_free(%d, %own) : (memref<4xf32>, i1) -> ()
  return
}
