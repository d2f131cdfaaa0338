// RUN: %memlint plan %s | FileCheck %s
// RUN: %memlint plan --alignment=4096 %s | FileCheck %s --check-prefix=WIDE
//
// An allocation that asks for more alignment than the arena's (offsets are
// multiples of --alignment, 64 by default) was placed at any such offset,
// and emit dropped what it asked for. It stays out of the arena; an arena
// aligned as much takes it.
// CHECK: %j 13 16 - {{.*}}aligned beyond the arena's alignment, not in the arena
// WIDE: %j 13 16 {{[0-9]+}} 13-17{{$}}

func.func @f() {
  %a = memref.alloc() : memref<100xf32>
  %j = memref.alloc() {alignment = 4096} : memref<4xf32>
  %b = memref.alloc() : memref<8xf32>
  "x.use"(%a, %j, %b) : (memref<100xf32>, memref<4xf32>, memref<8xf32>) -> ()
  memref.dealloc %a : memref<100xf32>
  memref.dealloc %j : memref<4xf32>
  memref.dealloc %b : memref<8xf32>
  return
}
