// RUN: not %memlint lint --no-color %s | FileCheck %s
//
// A finding is one line, whatever the names it quotes hold: a symbol with
// a newline in it must not start a line that reads as another finding, nor
// one with a terminal escape recolour the terminal.
// CHECK: error: buffer %m is freed twice [double-free]
// CHECK-NEXT: note: first freed here
// CHECK-NEXT: note: %m returned here by @get\nfake.mlir:1:1: error: injected \x1b{{\[}}31m (a function without a body: its owner is unknown)
// CHECK-NOT: fake.mlir
func.func private @"get\0Afake.mlir:1:1: error: injected \1B[31m"() -> memref<4xf32>

func.func @f() {
  %m = call @"get\0Afake.mlir:1:1: error: injected \1B[31m"() : () -> memref<4xf32>
  memref.dealloc %m : memref<4xf32>
  memref.dealloc %m : memref<4xf32>
  return
}
