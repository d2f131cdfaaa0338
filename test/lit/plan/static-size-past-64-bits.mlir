// One buffer of 2^62 f32s: its byte count passes 64 bits. It was taken
// for a dynamic size (left out of the plan, no over-capacity finding);
// it is a static size larger than any arena.
// RUN: not %memlint plan %s 2>&1 | FileCheck %s
// RUN: not %memlint lint --capacity default=1 %s | FileCheck %s --check-prefix=CAP

// CHECK: error: cannot plan @f, space default: the buffers' sizes
// CHECK-SAME: arena offsets would overflow 64 bits
// CAP: warning: cannot fit: the buffers of default add up to more bytes than 64 bits count, capacity 1 [over-capacity]

func.func @f() {
  %a = memref.alloc() : memref<4611686018427387904xf32>
  memref.dealloc %a : memref<4611686018427387904xf32>
  return
}
