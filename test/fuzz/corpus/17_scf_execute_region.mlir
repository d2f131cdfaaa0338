// scf.execute_region with two blocks inside (so the canonicalizer cannot
// inline it) yielding a memref, plus a temporary that dies in the region.
func.func @execute_region(%c: i1, %i: index, %v: f32) -> f32 {
  %a = memref.alloc() : memref<8xf32>
  memref.store %v, %a[%i] : memref<8xf32>
  %r = scf.execute_region -> memref<8xf32> {
    %tmp = memref.alloc() : memref<8xf32>
    memref.store %v, %tmp[%i] : memref<8xf32>
    cf.cond_br %c, ^fresh, ^reuse
  ^fresh:
    %t = memref.alloc() : memref<8xf32>
    memref.copy %tmp, %t : memref<8xf32> to memref<8xf32>
    scf.yield %t : memref<8xf32>
  ^reuse:
    memref.copy %tmp, %a : memref<8xf32> to memref<8xf32>
    scf.yield %a : memref<8xf32>
  }
  %x = memref.load %r[%i] : memref<8xf32>
  return %x : f32
}
