// The sparse compiler's insertion helpers return the buffer they were given,
// or a grown copy, with an ownership flag computed from what they read
// (FunctionSummary::argumentUnlessOwned). Under dynamic ownership, upstream's
// placement of frees around their calls is correct and checked in full: it
// outgrew the analysis budget (`not-checked`) while each call's results were
// buffers the caller could not name.
// RUN: %mlir-opt --sparsification-and-bufferization --buffer-deallocation-pipeline=private-function-dynamic-ownership=true %S/Inputs/sparse-insertion.mlir -o %t.mlir
// RUN: %memlint lint %t.mlir
// RUN: %mlir-opt --sparsification-and-bufferization --buffer-deallocation-pipeline %S/Inputs/sparse-insertion.mlir | %memlint lint -

// The buffers the caller passes stay tracked: each free upstream placed in
// the insertion loop is needed, and needed once.
// RUN: grep -v "memref.dealloc %alloc_107 " %t.mlir > %t.nofree.mlir
// RUN: not %memlint lint %t.nofree.mlir | FileCheck %s --check-prefix=LEAK
// LEAK: warning: buffer %alloc_107 allocated in a loop is not freed before the next iteration allocates it again [leak]
// RUN: sed "s/^\( *\)memref.dealloc %base_buffer_87 : memref<index>$/&\n\1memref.dealloc %base_buffer_87 : memref<index>/" %t.mlir > %t.twice.mlir
// RUN: not %memlint lint %t.twice.mlir | FileCheck %s --check-prefix=TWICE
// TWICE: error: buffer %49#1 (allocated by an earlier iteration) is freed twice (through its alias %base_buffer_87) [double-free]
