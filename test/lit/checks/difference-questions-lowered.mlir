// RUN: %mlir-opt --lower-affine %s | %memlint lint --no-color - | FileCheck %s --allow-empty
//
// -lower-affine writes the affine.if's `d0 - s0 == 0` as
// `addi %k, muli(%m, -1) == 0`: the question `%k == %m`, which the free
// after it asks negated (difference-questions.mlir).

// CHECK-NOT: warning
// CHECK-NOT: error
func.func @affine_if_eq(%k: index, %m: index) {
  %a = memref.alloc() : memref<4xf32>
  affine.if affine_set<(d0)[s0] : (d0 - s0 == 0)>(%k)[%m] {
    memref.dealloc %a : memref<4xf32>
  }
  %q = arith.cmpi ne, %k, %m : index
  scf.if %q {
    memref.dealloc %a : memref<4xf32>
  }
  return
}
