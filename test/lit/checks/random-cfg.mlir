// RUN: not %memlint lint %S/Inputs/random-cfg-400.mlir | FileCheck %s
//
// A 400-block random graph of cf.cond_br (irreducible, one allocation,
// a conditional free per block; made by a seeded generator). A loop header
// that, in some round, nothing entered from outside the loop recorded an
// empty "state on entry", and leaving the loop compared the state with it
// chunk by chunk: a read past its (no) chunks, SIGSEGV. Now the function
// is analysed until the budget says otherwise, and named.
// CHECK: warning: @f was checked only coarsely
// CHECK-SAME: [not-checked]
