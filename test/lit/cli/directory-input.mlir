// fix, plan and emit take one FILE: a directory is a path of the wrong
// kind (exit 2), not an empty module (it used to print nothing, exit 0).
// RUN: rm -rf %t && mkdir -p %t/dir
// RUN: cp %s %t/dir/a.mlir
// RUN: sh -c '%memlint fix -i %t/dir; test $? -eq 2'
// RUN: sh -c '%memlint fix %t/dir; test $? -eq 2'
// RUN: sh -c '%memlint plan %t/dir; test $? -eq 2'
// RUN: sh -c '%memlint emit --target=cuda --emit=arena %t/dir; test $? -eq 2'
// RUN: not %memlint fix -i %t/dir 2>&1 | FileCheck %s --check-prefix=FIX
// RUN: not %memlint plan %t/dir 2>&1 | FileCheck %s --check-prefix=PLAN
// RUN: not %memlint emit --target=cuda %t/dir 2>&1 | FileCheck %s --check-prefix=EMIT
//
// FIX: memlint fix: {{.*}}dir: is a directory, not a file
// PLAN: memlint plan: {{.*}}dir: is a directory, not a file
// EMIT: memlint emit: {{.*}}dir: is a directory, not a file
func.func @f() {
  return
}
