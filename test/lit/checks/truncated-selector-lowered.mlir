// RUN: %mlir-opt --convert-scf-to-cf %s | not %memlint lint --no-color - | FileCheck %s
//
// -convert-scf-to-cf lowers an scf.index_switch to a cf.switch on
// `index_cast %k : index to i32`; its case 1 is `%k == 1` wherever %k
// fits in i32 (truncated-selector.mlir).

// After the lowering the switch takes case 1 where `%k == 1`: no use
// after free nor double free. Only the leak where %k does not fit in i32
// and its truncation is 1 (so neither free runs) is left, and it is real.
// CHECK-NOT: use-after-free
// CHECK-NOT: double-free
// CHECK: warning: buffer %alloc is never freed when {{.*}} does not fit in i32 {{.*}}[leak]
// CHECK-NOT: use-after-free
// CHECK-NOT: double-free
func.func @index_switch(%n: index, %k: index) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %a = memref.alloc(%n) : memref<?xf32>
  %is1 = arith.cmpi eq, %k, %c1 : index
  scf.if %is1 {
    memref.dealloc %a : memref<?xf32>
  }
  %r = scf.index_switch %k -> f32
  case 1 {
    %f = arith.constant 0.0 : f32
    scf.yield %f : f32
  }
  case 2 {
    %v = memref.load %a[%c0] : memref<?xf32>
    memref.dealloc %a : memref<?xf32>
    scf.yield %v : f32
  }
  default {
    %v = memref.load %a[%c0] : memref<?xf32>
    memref.dealloc %a : memref<?xf32>
    scf.yield %v : f32
  }
  return %r : f32
}

