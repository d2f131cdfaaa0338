// scf.for without iter_args: a temporary allocated and dropped in every
// iteration, and one outer buffer used across iterations.
func.func @scf_for_plain(%n: index, %v: f32) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %acc = memref.alloc() : memref<64xf32>
  scf.for %i = %c0 to %n step %c1 {
    %t = memref.alloc() : memref<64xf32>
    memref.store %v, %t[%i] : memref<64xf32>
    memref.copy %t, %acc : memref<64xf32> to memref<64xf32>
  }
  %r = memref.load %acc[%c0] : memref<64xf32>
  return %r : f32
}
