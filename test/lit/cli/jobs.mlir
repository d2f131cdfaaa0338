// -j takes a positive count, written as make and ninja take it.
// RUN: not %memlint lint --no-color -j 1 %s | FileCheck %s
// RUN: not %memlint lint --no-color -j1 %s | FileCheck %s
// RUN: not %memlint lint --no-color -j=3 %s | FileCheck %s
// Far more threads than cores: as many as are useful (each reserves a large
// stack; 50,000 of them aborted in pthread_create).
// RUN: not %memlint lint --no-color -j 50000 %s | FileCheck %s
// RUN: not %memlint lint -j 0 %s 2>&1 | FileCheck %s --check-prefix=BAD
// RUN: not %memlint lint -jx %s 2>&1 | FileCheck %s --check-prefix=BADX

// CHECK: warning: buffer %a is never freed [leak]
// BAD: memlint lint: -j wants a number of threads (1 or more), not '0'
// BADX: memlint lint: -j wants a number of threads (1 or more), not 'x'
func.func @f() {
  %a = memref.alloc() : memref<8xf32>
  return
}
