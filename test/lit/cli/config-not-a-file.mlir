// A .memlint.json that is a directory, or --config naming a directory, is
// a config of the wrong kind: exit 2 with a message in every command (it
// used to abort on an uncaught exception).
// RUN: rm -rf %t && mkdir -p %t/.memlint.json
// RUN: cp %s %t/a.mlir
// RUN: sh -c '%memlint lint %t/a.mlir; test $? -eq 2'
// RUN: not %memlint lint %t/a.mlir 2>&1 | FileCheck %s
// RUN: sh -c '%memlint lint %t; test $? -eq 2'
// RUN: sh -c '%memlint fix %t/a.mlir; test $? -eq 2'
// RUN: sh -c '%memlint plan %t/a.mlir; test $? -eq 2'
// RUN: sh -c '%memlint emit --target=cuda --emit=arena %t/a.mlir; test $? -eq 2'
// RUN: not %memlint plan %t/a.mlir 2>&1 | FileCheck %s
//
// --config=DIR, with no .memlint.json around.
// RUN: rm -rf %t/.memlint.json && mkdir -p %t/cfgdir
// RUN: sh -c '%memlint lint --config=%t/cfgdir %t/a.mlir; test $? -eq 2'
// RUN: sh -c '%memlint fix --config %t/cfgdir %t/a.mlir; test $? -eq 2'
// RUN: sh -c '%memlint plan --config=%t/cfgdir %t/a.mlir; test $? -eq 2'
// RUN: sh -c '%memlint lsp --config=%t/cfgdir < /dev/null; test $? -eq 2'
// RUN: not %memlint lsp --config=%t/cfgdir < /dev/null 2>&1 | FileCheck %s --check-prefix=LSP
//
// A .memlint.json linking to nothing is the config meant here: it cannot be
// read (it was skipped for a config further up, or none, in silence).
// RUN: rm -rf %t/.memlint.json && ln -s %t/nowhere.json %t/.memlint.json
// RUN: sh -c '%memlint lint %t/a.mlir; test $? -eq 2'
// RUN: not %memlint lint %t/a.mlir 2>&1 | FileCheck %s --check-prefix=DANGLING
// DANGLING: memlint lint: {{.*}}.memlint.json: cannot read
//
// CHECK: memlint {{lint|plan}}: {{.*}}.memlint.json: not a file
// LSP: memlint lsp: {{.*}}cfgdir: not a file
func.func @f() {
  %a = memref.alloc() : memref<8xf32>
  memref.dealloc %a : memref<8xf32>
  return
}
