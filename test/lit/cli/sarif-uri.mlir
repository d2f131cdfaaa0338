// SARIF artifact locations are URI references: a space, '#' or '%' in a
// path is percent-encoded (a raw '#' would start a fragment).
// RUN: rm -rf %t && mkdir -p "%t/my dir"
// RUN: cp %s "%t/my dir/a #1%.mlir"
// RUN: not %memlint lint --format=sarif "%t/my dir/a #1%.mlir" | FileCheck %s
//
// CHECK: "uri": "{{.*}}/my%20dir/a%20%231%25.mlir"
// CHECK-NOT: "uri": "{{.*}} {{.*}}"
func.func @f() {
  %a = memref.alloc() : memref<8xf32>
  return
}
