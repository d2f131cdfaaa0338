// The CUDA lowering takes one host module: a module nested in it is
// refused before the pipeline runs (exit 2), naming the outermost one.
//
// RUN: bash %S/../../emit/exit_code.sh %memlint emit --target=cuda %s | FileCheck %s
// CHECK: nested-module.mlir:[[@LINE+4]]:3: error: 'builtin.module' nested in the module has no lowering for the CUDA backend here: emit its contents as a file of their own
// CHECK: memlint emit: lowering {{.*}}nested-module.mlir for CUDA failed
// CHECK: exit 2
module {
  module @inner {
    module @innermost {
      func.func @f() {
        %a = memref.alloc() : memref<4xf32>
        memref.dealloc %a : memref<4xf32>
        return
      }
    }
  }
}
