// The pass fails while a finding of the fail-on severity remains.
// RUN: not %mlir_opt --load-pass-plugin=%plugin --pass-pipeline='builtin.module(memlint-check)' %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=ERR
// RUN: %mlir_opt --load-pass-plugin=%plugin --pass-pipeline='builtin.module(memlint-check{fail-on=never})' %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=ERR
// RUN: %mlir_opt --load-pass-plugin=%plugin --pass-pipeline='builtin.module(memlint-check{checks=leak})' %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=LEAK
// RUN: not %mlir_opt --load-pass-plugin=%plugin --pass-pipeline='builtin.module(memlint-check{checks=leak fail-on=warning})' %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=LEAK
// RUN: not %mlir_opt --load-pass-plugin=%plugin --pass-pipeline='builtin.module(memlint-check{fail-on=sometimes})' %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=BAD

// ERR: fail-on.mlir:[[@LINE+6]]:8: warning: buffer %alloc is never freed [leak]
// ERR: fail-on.mlir:[[@LINE+8]]:3: error: {{.*}}%alloc_0{{.*}} [double-free]
// LEAK: fail-on.mlir:[[@LINE+4]]:8: warning: buffer %alloc is never freed [leak]
// LEAK-NOT: error
// BAD: fail-on wants error, warning or never, not 'sometimes'
func.func @f() {
  %a = memref.alloc() : memref<8xf32>
  %b = memref.alloc() : memref<8xf32>
  memref.dealloc %b : memref<8xf32>
  memref.dealloc %b : memref<8xf32>
  return
}
