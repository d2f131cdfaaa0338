// A *.mlir entry of a tree that cannot be read is reported (exit 2), not
// skipped in silence. Tests run as root, which reads a chmod 000
// directory; a dangling link is unreadable for root too, and goes through
// the same path (the tree walk's error, then exit 2).
// RUN: rm -rf %t && mkdir -p %t/tree/sub
// RUN: cp %s %t/tree/sub/good.mlir
// RUN: ln -s %t/no-such-target.mlir %t/tree/sub/broken.mlir
// RUN: sh -c '%memlint lint %t/tree; test $? -eq 2'
// RUN: not %memlint lint %t/tree 2>&1 | FileCheck %s
//
// A dangling link not named *.mlir is no input: ignored as before.
// RUN: rm %t/tree/sub/broken.mlir && ln -s %t/nowhere %t/tree/sub/notes.txt
// RUN: %memlint lint %t/tree
//
// CHECK: memlint lint: {{.*}}tree/sub/broken.mlir: cannot read: No such file or directory
func.func @f() {
  return
}
