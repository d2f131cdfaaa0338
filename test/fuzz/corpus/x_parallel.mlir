// scf.parallel, scf.forall and memref.alloca_scope.
func.func @par(%n: index, %v: f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %a = memref.alloc(%n) : memref<?xf32>
  scf.parallel (%i) = (%c0) to (%n) step (%c1) {
    %t = memref.alloc() : memref<4xf32>
    memref.store %v, %t[%c0] : memref<4xf32>
    memref.store %v, %a[%i] : memref<?xf32>
    memref.dealloc %t : memref<4xf32>
    scf.reduce
  }
  scf.forall (%j) in (%n) {
    memref.store %v, %a[%j] : memref<?xf32>
  }
  memref.alloca_scope {
    %s = memref.alloca() : memref<8xf32>
    memref.store %v, %s[%c0] : memref<8xf32>
  }
  memref.dealloc %a : memref<?xf32>
  memref.store %v, %a[%c0] : memref<?xf32>
  return
}
