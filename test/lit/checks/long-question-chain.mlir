// A question on i asked through 200 bijections (`xori`, `addi` with
// constants) is still `%i == 0`, the loop's first iteration: the walk back
// to i stopped after 64 ops, and the question landed on an intermediate
// value unrelated to the earlier `%i < 5` (false double free and leak).
// RUN: python3 %S/Inputs/long_chain_first_iteration.py 200 > %t.mlir
// RUN: %memlint lint %t.mlir
// RUN: sed 's/%first = arith.cmpi eq,/%first = arith.cmpi ne,/' %t.mlir | not %memlint lint - 2>&1 | FileCheck %s
// CHECK: error: buffer %a is freed twice
