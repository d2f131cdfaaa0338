// Upstream's placement of frees for loops that carry buffers is correct IR:
// the i1 ownership flag a loop carries beside each buffer says which
// buffer it holds (the caller's in the first iteration, a fresh one later).
// In every loop form, nested, through extract_strided_metadata bases, in
// both ownership modes, memlint stays silent.
// RUN: %mlir-opt --buffer-deallocation-pipeline %S/Inputs/loops.mlir | %memlint lint -
// RUN: %mlir-opt --buffer-deallocation-pipeline=private-function-dynamic-ownership=true %S/Inputs/loops.mlir | %memlint lint -
// RUN: %mlir-opt --buffer-deallocation-pipeline %S/Inputs/deep-nest.mlir | %memlint lint -
// RUN: %mlir-opt --buffer-deallocation-pipeline=private-function-dynamic-ownership=true %S/Inputs/deep-nest.mlir | %memlint lint -
// The same loops lowered to branches (nested CFG loops in one region):
// RUN: %mlir-opt --buffer-deallocation-pipeline --convert-scf-to-cf %S/Inputs/loops.mlir | %memlint lint -
// RUN: %mlir-opt --buffer-deallocation-pipeline=private-function-dynamic-ownership=true --convert-scf-to-cf %S/Inputs/loops.mlir | %memlint lint -
// RUN: %mlir-opt --buffer-deallocation-pipeline --convert-scf-to-cf %S/Inputs/deep-nest.mlir | %memlint lint -

// And each free it places is needed: without the one inside the loop, the
// buffer of the previous iteration leaks.
// RUN: %mlir-opt --buffer-deallocation-pipeline %S/Inputs/loops.mlir > %t.mlir
// RUN: grep -v "memref.dealloc %base_buffer_1 " %t.mlir > %t.noinner.mlir
// RUN: not %memlint lint %t.noinner.mlir | FileCheck %s --check-prefix=INNER
// INNER: warning: buffer %alloc allocated in a loop is not freed before the next iteration allocates it again [leak]
