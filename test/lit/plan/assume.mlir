// `plan` takes `--assume` as every command does: a dynamic buffer bounded
// by it is planned at its bound (it was "dynamic size, not in the arena").
// Bounds whose product passes 64 bits are a size no arena holds, as a
// static one past 64 bits is: refused by plan, over any capacity for lint
// (it was taken for unbounded, and no finding).
// RUN: %memlint plan --assume 'n<=4' --assume 'm<=4' %s | FileCheck %s --check-prefix=BOUNDED
// RUN: not %memlint plan --assume 'n<=4294967296' --assume 'm<=4294967296' %s 2>&1 | FileCheck %s --check-prefix=PAST
// RUN: not %memlint lint --assume 'n<=4294967296' --assume 'm<=4294967296' --capacity default=1000 %s | FileCheck %s --check-prefix=CAP
// BOUNDED: %a 14 <=64 0 14-15
// PAST: error: cannot plan @f, space default
// CAP: warning: cannot fit: the buffers of default add up to more bytes than 64 bits count, capacity 1000 [over-capacity]

func.func @f(%n: index, %m: index) {
  %a = memref.alloc(%n, %m) : memref<?x?xf32>
  memref.dealloc %a : memref<?x?xf32>
  return
}
