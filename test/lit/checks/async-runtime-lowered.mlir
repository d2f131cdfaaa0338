// RUN: not %memlint lint --no-color %s | FileCheck %s --implicit-check-not=error: --implicit-check-not=warning:
//
// Hand-written shapes of upstream's async lowering (AsyncRuntime.h).

// A coroutine lowered to LLVM (`llvm.intr.coro.begin`) that frees its
// argument takes it over as the async dialect's coroutines do; the
// `!llvm.ptr` it returns is its task's handle, which holds no buffer, so
// the caller still follows %a: its second free is a double free.
func.func private @llvm_coroutine(%arg0: memref<4xf32>) -> !llvm.ptr {
  %z = llvm.mlir.zero : !llvm.ptr
  %c0 = llvm.mlir.constant(0 : i32) : i32
  %id = llvm.intr.coro.id %c0, %z, %z, %z : (i32, !llvm.ptr, !llvm.ptr, !llvm.ptr) -> !llvm.token
  %h = llvm.intr.coro.begin %id, %z : (!llvm.token, !llvm.ptr) -> !llvm.ptr
  memref.dealloc %arg0 : memref<4xf32>
  return %h : !llvm.ptr
}
// CHECK: [[@LINE+4]]:3: error: buffer %a is freed twice [double-free]
func.func @frees_after_llvm_coroutine() {
  %a = memref.alloc() : memref<4xf32>
  %h = call @llvm_coroutine(%a) : (memref<4xf32>) -> !llvm.ptr
  memref.dealloc %a : memref<4xf32>
  return
}

// The async runtime's error query is false (runs in which a task fails are
// not followed), but only the runtime's: a function of the module that
// happens to have its name is read as any other.
func.func private @mlirAsyncRuntimeIsTokenError(%p: !llvm.ptr) -> i1 {
  %t = arith.constant true
  return %t : i1
}
func.func @own_function_of_the_runtimes_name(%p: !llvm.ptr) {
  %a = memref.alloc() : memref<4xf32>
  %e = call @mlirAsyncRuntimeIsTokenError(%p) : (!llvm.ptr) -> i1
  scf.if %e {
    memref.dealloc %a : memref<4xf32>
  }
  return
}

func.func private @mlirAsyncRuntimeIsValueError(!llvm.ptr) -> i1
// CHECK: [[@LINE+2]]:8: warning: buffer %a is never freed (its free is never reached) [leak]
func.func @freed_only_if_the_task_failed(%p: !llvm.ptr) {
  %a = memref.alloc() : memref<4xf32>
  %e = call @mlirAsyncRuntimeIsValueError(%p) : (!llvm.ptr) -> i1
  scf.if %e {
    memref.dealloc %a : memref<4xf32>
  }
  return
}
