// RUN: %memlint lint %s
// RUN: sed 's/arith.cmpi sgt, %1, %arg0/arith.cmpi sge, %1, %arg0/' %s | not %memlint lint - | FileCheck %s --check-prefix=OVERLAP
//
// An affine.apply of constants is that constant (-affine-loop-unroll
// writes `affine.apply #map(%c0)` for an unrolled copy's counter): the
// affine.if's `-d0 + s0 >= 0` on it is `%arg0 >= 1`, and `1 > %arg0` its
// complement, so each path frees once (helper-134, runtime-checked for
// %arg0 = -3, 0, 1, 5). With `1 >= %arg0` both free when %arg0 is 1.
// OVERLAP: error: buffer %alloc_0 is freed twice

#map = affine_map<(d0) -> (d0 + 1)>
#set2 = affine_set<(d0)[s0] : (-d0 + s0 >= 0)>
func.func @two_operands(%arg0: index) {
  %c0 = arith.constant 0 : index
  %1 = affine.apply #map(%c0)
  %alloc_0 = memref.alloc() : memref<4xf32>
  affine.if #set2(%1)[%arg0] {
    memref.dealloc %alloc_0 : memref<4xf32>
  }
  %2 = arith.cmpi sgt, %1, %arg0 : index
  scf.if %2 {
    memref.dealloc %alloc_0 : memref<4xf32>
  }
  return
}
