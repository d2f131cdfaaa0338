// The options of `memlint fix` and its exit codes.
//
// --diff prints a unified diff and, like --check, exits 1 when something
// would change; neither touches the file, not even beside -i.
// RUN: cp %s %t.mlir
// RUN: not %memlint fix --diff %t.mlir > %t.diff
// RUN: FileCheck %s --check-prefix=DIFF < %t.diff
// RUN: not %memlint fix --check %t.mlir
// RUN: not %memlint fix -i --diff %t.mlir > /dev/null
// RUN: not %memlint fix --check -i %t.mlir
// RUN: diff %s %t.mlir
//
// -i rewrites the file; a second run changes nothing, and --check agrees.
// RUN: %memlint fix -i %t.mlir
// RUN: %memlint lint %t.mlir
// RUN: cp %t.mlir %t.once
// RUN: %memlint fix -i %t.mlir
// RUN: diff %t.once %t.mlir
// RUN: %memlint fix --check %t.mlir
// RUN: %memlint fix --diff %t.mlir | count 0
//
// Standard input works too.
// RUN: %memlint fix - < %s | diff %t.mlir -
//
// Input that does not parse: exit 2, the parser's message with its
// position, and -i leaves the file alone.
// RUN: echo 'func.func @f() {' > %t.bad
// RUN: echo '  %%x = memref.alloc() : memref<4xf32' >> %t.bad
// RUN: cp %t.bad %t.bad.orig
// RUN: sh -c '%memlint fix %t.bad; test $? -eq 2'
// RUN: sh -c '%memlint fix -i %t.bad; test $? -eq 2'
// RUN: not %memlint fix %t.bad 2>&1 | FileCheck %s --check-prefix=BAD
// RUN: diff %t.bad.orig %t.bad
//
// Usage errors: exit 2.
// RUN: sh -c '%memlint fix; test $? -eq 2'
// RUN: sh -c '%memlint fix --bogus %s; test $? -eq 2'
// RUN: sh -c '%memlint fix -i -; test $? -eq 2'
// RUN: sh -c '%memlint fix %t.does-not-exist; test $? -eq 2'

// DIFF:      --- {{.*}}command.mlir.tmp.mlir
// DIFF-NEXT: +++ {{.*}}command.mlir.tmp.mlir
// DIFF-NEXT: @@ -{{[0-9]+}},5 +{{[0-9]+}},6 @@
// DIFF-NEXT:    %a = memref.alloc() : memref<4xf32>
// DIFF-NEXT:    memref.store %v, %a[%c0] : memref<4xf32>
// DIFF-NEXT:    %x = memref.load %a[%c0] : memref<4xf32>
// DIFF-NEXT: +  memref.dealloc %a : memref<4xf32>
// DIFF-NEXT:    return %x : f32
// DIFF-NEXT:  }

// BAD: {{.*}}.bad:2:{{[0-9]+}}: error:

func.func @f(%v: f32) -> f32 {
  %c0 = arith.constant 0 : index
  %a = memref.alloc() : memref<4xf32>
  memref.store %v, %a[%c0] : memref<4xf32>
  %x = memref.load %a[%c0] : memref<4xf32>
  return %x : f32
}
