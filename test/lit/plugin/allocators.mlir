// memlint-check's allocators option: body-less functions whose results the
// caller owns, as the "allocators" config key names them.
// RUN: %mlir_opt --load-pass-plugin=%plugin --pass-pipeline='builtin.module(memlint-check{allocators=rt_*,@make})' %s -o /dev/null 2>&1 | FileCheck %s
// RUN: %mlir_opt --load-pass-plugin=%plugin --pass-pipeline='builtin.module(memlint-check)' %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=NONE --allow-empty
// RUN: not %mlir_opt --load-pass-plugin=%plugin --pass-pipeline='builtin.module(memlint-check{allocators=rt_[})' %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=BAD

// NONE-NOT: [leak]
// BAD: memlint-check: bad allocators pattern 'rt_['

func.func private @rt_alloc() -> memref<8xf32>
func.func private @make() -> memref<8xf32>
func.func private @get() -> memref<8xf32>

func.func @f(%c: i1) {
  // CHECK: allocators.mlir:[[@LINE+1]]:8: warning: buffer %0 is never freed when %arg0 is false
  %a = call @rt_alloc() : () -> memref<8xf32>
  scf.if %c {
    memref.dealloc %a : memref<8xf32>
  }
  // CHECK: allocators.mlir:[[@LINE+1]]:8: warning: buffer %1 is never freed [leak]
  %b = call @make() : () -> memref<8xf32>
  // CHECK-NOT: [leak]
  %g = call @get() : () -> memref<8xf32>
  "test.use"(%b, %g) : (memref<8xf32>, memref<8xf32>) -> ()
  return
}
