// Past the 64 cells one value keeps, a question still gets an atom of its
// own, but `%i == 0` stays the loop's first iteration: a switch of 70
// cases on %i before it made the buffer freed in the first iteration look
// leaked (and freed twice).
// RUN: python3 %S/Inputs/wide_switch_in_loop.py 70 > %t.mlir
// RUN: %memlint lint %t.mlir
// RUN: sed 's/%first = arith.cmpi eq, %i, %c0/%first = arith.cmpi ne, %i, %c0/' %t.mlir | not %memlint lint - 2>&1 | FileCheck %s
// CHECK: error: buffer %a is freed twice
