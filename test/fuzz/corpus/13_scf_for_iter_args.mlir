// scf.for carrying a memref in iter_args; every iteration yields a fresh
// buffer and the previous one dies.
func.func @scf_for_iter_args(%n: index, %v: f32) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %init = memref.alloc() : memref<32xf32>
  memref.store %v, %init[%c0] : memref<32xf32>
  %res = scf.for %i = %c0 to %n step %c1 iter_args(%buf = %init) -> (memref<32xf32>) {
    %next = memref.alloc() : memref<32xf32>
    memref.copy %buf, %next : memref<32xf32> to memref<32xf32>
    scf.yield %next : memref<32xf32>
  }
  %r = memref.load %res[%c0] : memref<32xf32>
  return %r : f32
}
