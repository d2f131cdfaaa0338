// RUN: not %memlint lint %s | FileCheck %s --implicit-check-not="never freed"
//
// A callee that frees what it is passed (C's `void my_free(float *p) {
// free(p); }` as Polygeist emits it, or a free under an ownership flag the
// caller passes) frees memory it does not own: its own finding. The
// caller's buffer was also reported leaked although the call freed it on
// the paths the callee frees it; the caller no longer follows a buffer
// past a call that may free it. A buffer a callee only reads still leaks.
// CHECK: 14:3: error: frees %m, which comes from function argument %m: the caller owns it [invalid-free]
// CHECK: 19:5: error: frees %m, which comes from function argument %m: the caller owns it [invalid-free]
// CHECK: 35:11: warning: buffer %kept is never freed [leak]

func.func @my_free(%m: memref<4xf32>) {
  memref.dealloc %m : memref<4xf32>
  return
}
func.func private @consume(%m: memref<4xf32>, %own: i1) {
  scf.if %own {
    memref.dealloc %m : memref<4xf32>
  }
  return
}
func.func private @read(%m: memref<4xf32>) {
  %c0 = arith.constant 0 : index
  %v = memref.load %m[%c0] : memref<4xf32>
  return
}

func.func @caller() {
  %true = arith.constant true
  %a = memref.alloc() : memref<4xf32>
  call @my_free(%a) : (memref<4xf32>) -> ()
  %b = memref.alloc() : memref<4xf32>
  call @consume(%b, %true) : (memref<4xf32>, i1) -> ()
  %kept = memref.alloc() : memref<4xf32>
  call @read(%kept) : (memref<4xf32>) -> ()
  return
}
