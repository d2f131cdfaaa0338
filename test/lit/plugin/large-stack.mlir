// memlint-check runs the analysis on memlint's large stack, as the CLI
// does: on mlir-opt's own 8 MiB, the condition of an scf.if built by a
// chain of 50,000 `arith.andi`s overflowed it (SIGSEGV).
// RUN: python3 %S/Inputs/long_and_chain.py 50000 > %t.mlir
// RUN: %mlir_opt --load-pass-plugin=%plugin --pass-pipeline='builtin.module(memlint-check{fail-on=never})' %t.mlir -o /dev/null 2>&1 | FileCheck %s
// CHECK: 3:8: warning: buffer %alloc_0 is never freed [leak]
// CHECK-NOT: warning
