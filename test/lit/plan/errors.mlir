// Exit code 2 and a message for bad usage and for IR that does not parse.
// RUN: not %memlint plan --format=xml %s 2>&1 | FileCheck %s --check-prefix=FORMAT
// RUN: not %memlint plan --alignment=0 %s 2>&1 | FileCheck %s --check-prefix=ALIGN
// RUN: not %memlint plan --alignment=3 %s 2>&1 | FileCheck %s --check-prefix=ALIGN
// RUN: not %memlint plan --alignment= %s 2>&1 | FileCheck %s --check-prefix=EMPTY
// RUN: not %memlint lint --config= %s 2>&1 | FileCheck %s --check-prefix=EMPTYCONFIG
// RUN: rm -rf %t.dir && mkdir -p %t.dir && echo '{"alignment": 4294967296}' > %t.dir/.memlint.json && cp %s %t.dir/in.mlir
// RUN: not %memlint plan %t.dir/in.mlir 2>&1 | FileCheck %s --check-prefix=CONFIG
// RUN: not %memlint plan 2>&1 | FileCheck %s --check-prefix=NOFILE
// RUN: not %memlint plan %s %s 2>&1 | FileCheck %s --check-prefix=NOFILE
// RUN: not %memlint plan --bogus %s 2>&1 | FileCheck %s --check-prefix=OPTION
// RUN: echo 'func.func @f( {' | not %memlint plan - 2>&1 | FileCheck %s --check-prefix=PARSE
// RUN: not %memlint plan %t.does-not-exist 2>&1 | FileCheck %s --check-prefix=MISSING
// RUN: echo 'func.func @f() { return }' | %memlint plan --format=json - | FileCheck %s --check-prefix=STDIN

// FORMAT: memlint plan: unknown format 'xml' (text, json, svg)
// ALIGN: --alignment wants a power of two (bytes)
// EMPTY: memlint plan: --alignment wants a value
// EMPTYCONFIG: memlint lint: --config wants a value
// CONFIG: "alignment" must be a power of two, at most 2^31
// NOFILE: give exactly one FILE
// OPTION: unknown option '--bogus'
// PARSE: <stdin>:1:{{[0-9]+}}: error:
// MISSING: error: cannot read file
// STDIN: "name": "f",

func.func @f() {
  return
}
