// A dynamic buffer enters the arena at the bound --assume gives its size
// operand; a cf.assert checks the bound at run time (--no-bound-checks
// drops it). Without the assumption it is left as written, and so is the
// one buffer left beside it (nothing to share).
//
// RUN: %memlint emit --target=cuda --emit=arena --assume 'n<=1024' %s | FileCheck %s
// RUN: %memlint emit --target=cuda --emit=arena --assume 'n<=1024' --no-bound-checks %s | FileCheck %s --check-prefix=NOCHECK
// RUN: %memlint emit --target=cuda --emit=arena %s | FileCheck %s --check-prefix=UNBOUNDED
// RUN: %memlint emit --target=cuda --emit=llvm --assume 'n<=1024' %s | FileCheck %s --check-prefix=LLVM

// CHECK-LABEL: func.func @dynamic(%arg0: index
// CHECK-NEXT:    %[[ARENA:.*]] = gpu.alloc () : memref<5120xi8>
// The size is checked against what the bound leaves for it (1024 f32s),
// not as a product that could wrap around 64 bits.
// CHECK:         %[[C1024:.*]] = arith.constant 1024 : index
// CHECK:         %[[OK:.*]] = arith.cmpi ule, %arg0, %[[C1024]] : index
// CHECK:         %[[FITS:.*]] = arith.ori %[[OK]], %{{.*}} : i1
// CHECK:         cf.assert %[[FITS]], "memlint emit: %a is larger than the bound its arena slot was planned for (--assume)"
// CHECK:         memref.view %[[ARENA]][%{{.*}}][%arg0] : memref<5120xi8> to memref<?xf32>
// CHECK:         memref.view %[[ARENA]][%{{.*}}][] : memref<5120xi8> to memref<256xf32>
// CHECK-NOT:     gpu.dealloc %{{.*}} : memref<
// CHECK:         gpu.dealloc %[[ARENA]] : memref<5120xi8>
// CHECK-NEXT:    return

// NOCHECK-NOT: cf.assert

// UNBOUNDED:      gpu.alloc (%arg0) : memref<?xf32>
// UNBOUNDED-NEXT: gpu.alloc () : memref<256xf32>
// UNBOUNDED-NOT:  memref.view

// LLVM-LABEL: define void @dynamic(
// LLVM:         call ptr @mgpuMemAlloc(i64 5120,
// LLVM-NOT:     call ptr @mgpuMemAlloc
// LLVM:         ret void
func.func @dynamic(%n: index, %x: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %a = gpu.alloc (%n) : memref<?xf32>
  %b = gpu.alloc () : memref<256xf32>
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %n, %sy = %c1, %sz = %c1) {
    %v = memref.load %x[%tx] : memref<?xf32>
    memref.store %v, %a[%tx] : memref<?xf32>
    %w = memref.load %a[%tx] : memref<?xf32>
    memref.store %w, %b[%c0] : memref<256xf32>
    gpu.terminator
  }
  gpu.dealloc %a : memref<?xf32>
  gpu.dealloc %b : memref<256xf32>
  return
}
