// An expected-* offset that points before the first line (or after the
// last) is reported at the comment, as mlir-opt does, instead of wrapping
// around to line 4294967201.
// RUN: rm -rf %t && mkdir %t
// RUN: echo 'func.func @f() {' > %t/a.mlir
// RUN: echo '  return // expected-warning@-100 {{never}}' >> %t/a.mlir
// RUN: echo '} // expected-warning@+5 {{never}}' >> %t/a.mlir
// RUN: sh -c '%memlint lint --verify-diagnostics %t/a.mlir; test $? -eq 1'
// RUN: not %memlint lint --verify-diagnostics %t/a.mlir 2>&1 | FileCheck %s
//
// CHECK: a.mlir:2: error: expected-* @-100 points outside the file
// CHECK: a.mlir:3: error: expected-* @+5 points outside the file
// CHECK-NOT: 4294967
