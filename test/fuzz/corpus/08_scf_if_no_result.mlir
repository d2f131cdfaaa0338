// scf.if without results: each branch allocates and drops a temporary.
func.func @scf_if_no_result(%c: i1, %i: index, %v: f32) -> f32 {
  %a = memref.alloc() : memref<16xf32>
  memref.store %v, %a[%i] : memref<16xf32>
  scf.if %c {
    %t = memref.alloc() : memref<16xf32>
    memref.copy %a, %t : memref<16xf32> to memref<16xf32>
  } else {
    %e = memref.alloc() : memref<4xf32>
    memref.store %v, %e[%i] : memref<4xf32>
  }
  %r = memref.load %a[%i] : memref<16xf32>
  return %r : f32
}
