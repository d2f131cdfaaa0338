// RUN: %memlint fix %s | FileCheck %s --strict-whitespace --match-full-lines
// RUN: %memlint fix %s | %memlint lint -
//
// A fix is proven against what happens for every value read from memory,
// not only against what the checks report (they stay silent where a path
// needs a loaded value to take one value). Here the loop replaces the
// carried buffer by a copy when a flag loaded from memory is set: a free of
// %a in the loop frees it again after the loop on the runs where the flag
// is never set, so %a is freed once, after the loop, where %r is last read.
// (Found by review: the fix used to free %a in the loop's else branch and
// after it.)

// CHECK-LABEL:func.func @f(%n: index, %c: i1) -> f32 {
// CHECK-NOT:{{.*}}memref.dealloc %a
// CHECK:  %o = memref.load %r[%c0] : memref<4xf32>
// CHECK-NEXT:  memref.dealloc %a : memref<4xf32>
// CHECK-NEXT:  %p = memref.load %b[%c0] : memref<4xf32>
// CHECK-NEXT:  memref.dealloc %b : memref<4xf32>
// CHECK-NOT:{{.*}}memref.dealloc
func.func @f(%n: index, %c: i1) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %z = arith.constant 0.5 : f32
  %a = memref.alloc() : memref<4xf32>
  %b = memref.alloc() : memref<4xf32>
  %fl = memref.alloca() : memref<1xf32>
  %cv = arith.uitofp %c : i1 to f32
  memref.store %cv, %fl[%c0] : memref<1xf32>
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%x = %a) -> (memref<4xf32>) {
    %ld = memref.load %fl[%c0] : memref<1xf32>
    %set = arith.cmpf ogt, %ld, %z : f32
    %y = scf.if %set -> memref<4xf32> {
      %t = memref.alloc() : memref<4xf32>
      memref.copy %x, %t : memref<4xf32> to memref<4xf32>
      scf.yield %t : memref<4xf32>
    } else {
      scf.yield %x : memref<4xf32>
    }
    scf.yield %y : memref<4xf32>
  }
  %o = memref.load %r[%c0] : memref<4xf32>
  %p = memref.load %b[%c0] : memref<4xf32>
  %s = arith.addf %o, %p : f32
  return %s : f32
}
