// memlint-arena is the arena rewrite of `memlint emit --emit=arena`: the
// same IR, printed alike, on the emit tests' input.
// RUN: %mlir_opt --load-pass-plugin=%plugin --pass-pipeline='builtin.module(memlint-arena)' %S/../emit/arena.mlir > %t.pass
// RUN: %memlint emit --target=cuda --emit=arena %S/../emit/arena.mlir | %mlir_opt > %t.emit
// RUN: diff %t.emit %t.pass
// RUN: %mlir_opt --load-pass-plugin=%plugin --pass-pipeline='builtin.module(memlint-arena{alignment=256})' %s | FileCheck %s
// RUN: not %mlir_opt --load-pass-plugin=%plugin --pass-pipeline='builtin.module(memlint-arena{assume=n})' %s 2>&1 | FileCheck %s --check-prefix=BAD

// CHECK-LABEL: func.func @two
// CHECK-NEXT:    %[[ARENA:.*]] = memref.alloc() {alignment = 256 : i64} : memref<512xi8>
// CHECK:         memref.view %[[ARENA]]
// CHECK:         memref.view %[[ARENA]]
// CHECK:         memref.dealloc %[[ARENA]] : memref<512xi8>
// CHECK-NEXT:    return
// BAD: memlint-arena: assume wants NAME<=N, not 'n'
func.func @two() {
  %a = memref.alloc() : memref<16xf32>
  %b = memref.alloc() : memref<16xf32>
  "test.use"(%a, %b) : (memref<16xf32>, memref<16xf32>) -> ()
  memref.dealloc %a : memref<16xf32>
  memref.dealloc %b : memref<16xf32>
  return
}
