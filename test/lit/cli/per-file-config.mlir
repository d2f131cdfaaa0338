// In directory mode each file gets the .memlint.json nearest to it, as it
// does when named on its own (it used to get the first path's config).
// RUN: rm -rf %t && mkdir -p %t/quiet %t/loud
// RUN: echo '{"checks": "-leak"}' > %t/quiet/.memlint.json
// RUN: cp %s %t/quiet/a.mlir
// RUN: cp %s %t/loud/b.mlir
// RUN: not %memlint lint --no-color %t 2>&1 | FileCheck %s
// RUN: %memlint lint %t/quiet/a.mlir
// RUN: not %memlint lint --no-color %t/quiet %t/loud 2>&1 | FileCheck %s
//
// CHECK-NOT: a.mlir
// CHECK: loud/b.mlir:[[@LINE+3]]:8: warning: buffer %a is never freed [leak]
// CHECK-NOT: a.mlir
func.func @f() {
  %a = memref.alloc() : memref<8xf32>
  return
}
