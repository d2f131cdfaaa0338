// scf.if whose branches both yield a freshly allocated buffer.
func.func @scf_if_both_fresh(%c: i1, %i: index, %v: f32) -> f32 {
  %r = scf.if %c -> (memref<16xf32>) {
    %t = memref.alloc() : memref<16xf32>
    memref.store %v, %t[%i] : memref<16xf32>
    scf.yield %t : memref<16xf32>
  } else {
    %e = memref.alloc() : memref<16xf32>
    scf.yield %e : memref<16xf32>
  }
  %x = memref.load %r[%i] : memref<16xf32>
  return %x : f32
}
