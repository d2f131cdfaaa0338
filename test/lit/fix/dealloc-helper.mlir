// A free upstream's deallocation helper guards, deleted: the step-by-step
// repair first frees the loop's buffer inside the loop and then finds no
// place for the rest; the last-resort search (FixFinder::setWholeLeakRetry)
// frees the first buffer once, where nothing reads it any more.
// RUN: %mlir-opt --buffer-deallocation-pipeline %S/../checks/Inputs/helper-loop.mlir | grep -v "memref.dealloc %alloc : " > %t.mlir
// RUN: not %memlint lint %t.mlir
// RUN: %memlint fix %t.mlir | FileCheck %s
// RUN: %memlint fix %t.mlir | %memlint lint -
// RUN: %memlint fix %t.mlir | %mlir-opt > /dev/null

// CHECK:      %intptr = memref.extract_aligned_pointer_as_index %alloc
// CHECK-NEXT: memref.dealloc %alloc : memref<32xf32>
