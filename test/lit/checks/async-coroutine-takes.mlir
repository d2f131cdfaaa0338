// RUN: not %memlint lint --no-color %s | FileCheck %s --check-prefix=SRC --implicit-check-not=error: --implicit-check-not=warning:
// RUN: %mlir-opt -async-to-async-runtime %s | not %memlint lint --no-color - | FileCheck %s --implicit-check-not=error: --implicit-check-not=warning:
// RUN: %mlir-opt -async-to-async-runtime -async-runtime-ref-counting -async-runtime-ref-counting-opt %s | not %memlint lint --no-color - | FileCheck %s --implicit-check-not=error: --implicit-check-not=warning:
// RUN: %mlir-opt -async-to-async-runtime -async-runtime-policy-based-ref-counting -convert-async-to-llvm %s | not %memlint lint --no-color - | FileCheck %s --check-prefix=LLVM --implicit-check-not=error: --implicit-check-not=warning:
//
// -async-to-async-runtime outlines each async.execute body into a private
// coroutine that takes the buffers it captured as arguments. One that
// frees such an argument takes it over (ownership followed the buffer into
// the task): inside, it is checked as a buffer of its own (freed twice,
// through an interior view), never as leaked (its host may free it on the
// paths where the coroutine does not); where it frees it on every path its
// caller's buffer ends at the call, so freeing or reading it after the
// await is wrong, and passing memory the caller does not own is the invalid
// free, at the call; where it frees it exactly where a flag it is passed
// holds, the call frees it there. A buffer the body hands back through an !async.value
// is the one the call passed; a free before the await races with the
// body. Runs in which a task fails (`async.runtime.is_error`) are not
// followed. After -convert-async-to-llvm the coroutine's `!llvm.ptr`
// results are its tokens; the buffer it stores into its value's storage is
// no longer followed by the caller (it may be loaded back under another
// name), and the runtime's await is a call memlint does not read.
//
// As written, the same bugs, each where it happens:
// SRC: error: buffer %a is freed twice [double-free]
// SRC: error: 'memref.load' uses buffer %a after it was freed [use-after-free]
// SRC: error: frees %arg, which comes from function argument %arg: the caller owns it [invalid-free]
// SRC: error: buffer %a is freed twice [double-free]
// SRC: error: frees %v, an interior view of buffer %a; free %a itself [invalid-free]
// SRC: error: buffer %a is freed twice [double-free]
// SRC: error: 'async.await' uses buffer %a after it was freed [use-after-free]
// SRC: warning: buffer %a is never freed when %c is false (it is freed only on other paths) [leak]
// SRC: error: buffer %a is freed twice [double-free]
//
// The parent's findings come first (its functions stay where they were),
// then the coroutines' (appended to the module in order).
// CHECK: error: buffer %alloc is freed twice [double-free]
// CHECK: error: 'memref.load' uses buffer %alloc after it was freed [use-after-free]
// CHECK: error: frees %arg0, which comes from function argument %arg0: the caller owns it [invalid-free]
// CHECK: error: buffer %alloc is freed twice [double-free]
// CHECK: error: 'async.runtime.await' uses buffer %alloc after it was freed [use-after-free]
// CHECK: warning: buffer %alloc is never freed when %arg1 is false (it is freed only on other paths) [leak]
// CHECK: error: buffer %alloc is freed twice [double-free]
// CHECK: error: buffer %arg0 is freed twice [double-free]
// CHECK-NEXT: note: first freed here
// CHECK-NEXT: note: argument %arg0 declared here: this coroutine frees it, so it owns what its async.execute body captured
// CHECK: error: frees %subview, an interior view of buffer %arg0; free %arg0 itself [invalid-free]
//
// LLVM: error: buffer %alloc is freed twice [double-free]
// LLVM: error: 'memref.load' uses buffer %alloc after it was freed [use-after-free]
// LLVM: error: frees %arg0, which comes from function argument %arg0: the caller owns it [invalid-free]
// LLVM: warning: buffer %alloc is never freed when %arg1 is false (it is freed only on other paths) [leak]
// LLVM: error: buffer %alloc is freed twice [double-free]
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

// Correct: the body frees its capture where %c holds, the parent after
// the await where it does not. The coroutine alone cannot tell the rest
// of the paths: a captured buffer it takes over is never reported leaked,
// and where it frees it on some paths only its callers stop following it.
func.func @body_and_parent_share_the_free(%n: index, %c: i1) {
  %true = arith.constant true
  %a = memref.alloc(%n) : memref<?xf32>
  %t = async.execute {
    scf.if %c {
      memref.dealloc %a : memref<?xf32>
    }
    async.yield
  }
  async.await %t : !async.token
  %nc = arith.xori %c, %true : i1
  scf.if %nc {
    memref.dealloc %a : memref<?xf32>
  }
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

// Wrong: the parent frees what the body handed back, and then the same
// buffer again under its own name.
func.func @capture_handed_back_freed_twice() {
  %a = memref.alloc() : memref<4xf32>
  %t, %v = async.execute -> !async.value<memref<4xf32>> {
    async.yield %a : memref<4xf32>
  }
  %r = async.await %v : !async.value<memref<4xf32>>
  memref.dealloc %r : memref<4xf32>
  memref.dealloc %a : memref<4xf32>
  return
}

// Wrong: the parent frees the buffer while the body may still write it
// (before the await).
func.func @parent_frees_before_await(%n: index) {
  %c0 = arith.constant 0 : index
  %cst = arith.constant 1.0 : f32
  %a = memref.alloc(%n) : memref<?xf32>
  %t = async.execute {
    memref.store %cst, %a[%c0] : memref<?xf32>
    async.yield
  }
  memref.dealloc %a : memref<?xf32>
  async.await %t : !async.token
  return
}

// Correct: the parent awaits the value the body yields (the body's use of
// the buffer is over by then), frees it, and only then awaits the token.
func.func @value_awaited_before_token() {
  %a = memref.alloc() : memref<4xf32>
  %t, %v = async.execute -> !async.value<memref<4xf32>> {
    %c0 = arith.constant 0 : index
    %x = memref.load %a[%c0] : memref<4xf32>
    async.yield %a : memref<4xf32>
  }
  %r = async.await %v : !async.value<memref<4xf32>>
  memref.dealloc %r : memref<4xf32>
  async.await %t : !async.token
  return
}

// Wrong: the body frees its capture where %c holds, and so does the
// parent after the await. The coroutine frees it exactly where the flag
// it captured holds, which its caller knows.
func.func @body_and_parent_both_free_under_c(%n: index, %c: i1) {
  %a = memref.alloc(%n) : memref<?xf32>
  %t = async.execute {
    scf.if %c {
      memref.dealloc %a : memref<?xf32>
    }
    async.yield
  }
  async.await %t : !async.token
  scf.if %c {
    memref.dealloc %a : memref<?xf32>
  }
  return
}
