// RUN: %mlir-opt -async-to-async-runtime %s | not %memlint lint --no-color - | FileCheck %s --implicit-check-not=error: --implicit-check-not=warning:
// RUN: %mlir-opt -async-to-async-runtime -async-runtime-ref-counting -async-runtime-ref-counting-opt %s | not %memlint lint --no-color - | FileCheck %s --implicit-check-not=error: --implicit-check-not=warning:
// RUN: %mlir-opt -async-to-async-runtime -async-runtime-policy-based-ref-counting -convert-async-to-llvm %s | not %memlint lint --no-color - | FileCheck %s --check-prefix=LLVM --implicit-check-not=error: --implicit-check-not=warning:
//
// -async-to-async-runtime outlines each async.execute body into a private
// coroutine that takes the buffers it captured as arguments. One that
// frees such an argument owns it (ownership followed the buffer into the
// task): it is checked inside as a buffer of its own (freed twice, through
// an interior view, or only on some paths), and its caller's buffer ends
// at the call, so freeing or reading it after the await is wrong, and
// passing memory the caller does not own is the invalid free, at the call.
// Runs in which a task fails (`async.runtime.is_error`) are not followed.
// Once -convert-async-to-llvm turned the coroutine's token into an
// `!llvm.ptr`, callers no longer follow the buffer past the call (it may
// be packed into the pointer): only the findings inside the coroutines stay.
//
// The parent's findings come first (its functions stay where they were),
// then the coroutines' (appended to the module in order).
// CHECK: error: buffer %alloc is freed twice [double-free]
// CHECK: error: 'memref.load' uses buffer %alloc after it was freed [use-after-free]
// CHECK: error: frees %arg0, which comes from function argument %arg0: the caller owns it [invalid-free]
// CHECK: warning: buffer %arg0 is never freed when %arg1 is false (it is freed only on other paths) [leak]
// CHECK: error: buffer %arg0 is freed twice [double-free]
// CHECK-NEXT: note: first freed here
// CHECK-NEXT: note: argument %arg0 declared here: this coroutine frees it, so it owns what its async.execute body captured
// CHECK: error: frees %subview, an interior view of buffer %arg0; free %arg0 itself [invalid-free]
//
// LLVM: error: frees %arg0, which comes from function argument %arg0: the caller owns it [invalid-free]
// LLVM: warning: buffer %arg0 is never freed when %arg1 is false (it is freed only on other paths) [leak]
// LLVM: error: buffer %arg0 is freed twice [double-free]
// LLVM: error: frees %subview, an interior view of buffer %arg0; free %arg0 itself [invalid-free]

// Correct: the body frees what it captured; the parent never touches it
// after the await.
func.func @body_frees(%n: index) {
  %c0 = arith.constant 0 : index
  %cst = arith.constant 1.0 : f32
  %a = memref.alloc(%n) : memref<?xf32>
  %t = async.execute {
    memref.store %cst, %a[%c0] : memref<?xf32>
    memref.dealloc %a : memref<?xf32>
    async.yield
  }
  async.await %t : !async.token
  return
}

// Correct: a second task, ordered after the first by its dependency, frees
// the buffer the first one wrote.
func.func @dependent_body_frees(%n: index) {
  %c0 = arith.constant 0 : index
  %cst = arith.constant 1.0 : f32
  %a = memref.alloc(%n) : memref<?xf32>
  %t1 = async.execute {
    memref.store %cst, %a[%c0] : memref<?xf32>
    async.yield
  }
  %t2 = async.execute [%t1] {
    %v = memref.load %a[%c0] : memref<?xf32>
    memref.dealloc %a : memref<?xf32>
    async.yield
  }
  async.await %t2 : !async.token
  return
}

// Wrong: the parent frees the buffer again after the body freed it.
func.func @parent_frees_again(%n: index) {
  %a = memref.alloc(%n) : memref<?xf32>
  %t = async.execute {
    memref.dealloc %a : memref<?xf32>
    async.yield
  }
  async.await %t : !async.token
  memref.dealloc %a : memref<?xf32>
  return
}

// Wrong: the parent reads the buffer after the body freed it.
func.func @parent_reads_after(%n: index) -> f32 {
  %c0 = arith.constant 0 : index
  %a = memref.alloc(%n) : memref<?xf32>
  %t = async.execute {
    memref.dealloc %a : memref<?xf32>
    async.yield
  }
  async.await %t : !async.token
  %v = memref.load %a[%c0] : memref<?xf32>
  return %v : f32
}

// Wrong: the body frees memory the function does not own (its caller's).
func.func @frees_callers(%arg: memref<?xf32>) {
  %t = async.execute {
    memref.dealloc %arg : memref<?xf32>
    async.yield
  }
  async.await %t : !async.token
  return
}

// Wrong: the body frees its capture on one branch only.
func.func @body_frees_on_one_branch(%n: index, %c: i1) {
  %a = memref.alloc(%n) : memref<?xf32>
  %t = async.execute {
    scf.if %c {
      memref.dealloc %a : memref<?xf32>
    }
    async.yield
  }
  async.await %t : !async.token
  return
}

// Wrong: the body frees its capture twice.
func.func @body_frees_twice(%n: index) {
  %a = memref.alloc(%n) : memref<?xf32>
  %t = async.execute {
    memref.dealloc %a : memref<?xf32>
    memref.dealloc %a : memref<?xf32>
    async.yield
  }
  async.await %t : !async.token
  return
}

// Wrong: the body frees a view into its capture.
func.func @body_frees_interior(%n: index) {
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %a = memref.alloc() : memref<8xf32>
  %t = async.execute {
    %v = memref.subview %a[%c1] [%c2] [1] : memref<8xf32> to memref<?xf32, strided<[1], offset: ?>>
    memref.dealloc %v : memref<?xf32, strided<[1], offset: ?>>
    async.yield
  }
  async.await %t : !async.token
  return
}

// Correct: the body hands what it captured back through an !async.value
// (`async.runtime.store` of the coroutine's argument); the parent frees
// what it awaited, the same buffer. The call's callee stores what it is
// passed where the caller may load it back, so the caller stops following
// %a at the call rather than call it leaked.
func.func @body_hands_capture_back() {
  %a = memref.alloc() : memref<4xf32>
  %t, %v = async.execute -> !async.value<memref<4xf32>> {
    async.yield %a : memref<4xf32>
  }
  %r = async.await %v : !async.value<memref<4xf32>>
  memref.dealloc %r : memref<4xf32>
  return
}
