// scf.if yielding a memref: one branch yields a fresh buffer, the other
// the outer one.
func.func @scf_if_memref_result(%c: i1, %i: index, %v: f32) -> f32 {
  %a = memref.alloc() : memref<16xf32>
  memref.store %v, %a[%i] : memref<16xf32>
  %r = scf.if %c -> (memref<16xf32>) {
    %t = memref.alloc() : memref<16xf32>
    memref.copy %a, %t : memref<16xf32> to memref<16xf32>
    scf.yield %t : memref<16xf32>
  } else {
    scf.yield %a : memref<16xf32>
  }
  %x = memref.load %r[%i] : memref<16xf32>
  return %x : f32
}
