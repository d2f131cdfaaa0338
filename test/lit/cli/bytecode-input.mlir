// MLIR bytecode is refused with a message that says so (exit 2), from a
// file and from stdin, instead of "unexpected character" at its first byte.
// RUN: %mlir-opt --emit-bytecode %s -o %t.mlirbc
// RUN: sh -c '%memlint lint %t.mlirbc; test $? -eq 2'
// RUN: not %memlint lint %t.mlirbc 2>&1 | FileCheck %s
// RUN: not %memlint lint - < %t.mlirbc 2>&1 | FileCheck %s --check-prefix=STDIN
// RUN: not %memlint fix %t.mlirbc 2>&1 | FileCheck %s
// The textual form of the same module lints.
// RUN: %mlir-opt %t.mlirbc | %memlint lint -
//
// CHECK: .mlirbc:1:1: error: this is MLIR bytecode, which memlint does not read: give it the textual form
// STDIN: <stdin>:1:1: error: this is MLIR bytecode
func.func @f() {
  %a = memref.alloc() : memref<8xf32>
  memref.dealloc %a : memref<8xf32>
  return
}
