// scf.for carrying a memref whose replacement happens only on some
// iterations (an scf.if inside the loop body yields either the carried
// buffer or a fresh one).
func.func @scf_for_cond_replace(%n: index, %v: f32) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %init = memref.alloc() : memref<32xf32>
  %res = scf.for %i = %c0 to %n step %c1 iter_args(%buf = %init) -> (memref<32xf32>) {
    %rem = arith.remui %i, %c2 : index
    %even = arith.cmpi eq, %rem, %c0 : index
    %nb = scf.if %even -> (memref<32xf32>) {
      %fresh = memref.alloc() : memref<32xf32>
      memref.copy %buf, %fresh : memref<32xf32> to memref<32xf32>
      scf.yield %fresh : memref<32xf32>
    } else {
      scf.yield %buf : memref<32xf32>
    }
    scf.yield %nb : memref<32xf32>
  }
  %r = memref.load %res[%c0] : memref<32xf32>
  return %r : f32
}
