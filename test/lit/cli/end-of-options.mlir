// `--` ends the options in every command: a file may be named like one.
// RUN: rm -rf %t && mkdir %t && cp %s %t/-leak.mlir
// RUN: cd %t && not %memlint lint --no-color -- -leak.mlir | FileCheck %s
// RUN: cd %t && %memlint plan -- -leak.mlir | FileCheck %s --check-prefix=PLAN
// RUN: cd %t && %memlint fix -- -leak.mlir | FileCheck %s --check-prefix=FIX
// RUN: cd %t && %memlint emit --target=cuda --emit=arena -- -leak.mlir
// RUN: cd %t && not %memlint lint -leak.mlir 2>&1 | FileCheck %s --check-prefix=OPTION
//
// CHECK: -leak.mlir:[[@LINE+5]]:8: warning: buffer %a is never freed [leak]
// PLAN: @f
// FIX: memref.dealloc %a
// OPTION: memlint lint: unknown option '-leak.mlir'
func.func @f() {
  %a = memref.alloc() : memref<8xf32>
  return
}
