// A memory-space-1 buffer carried through scf.for and chosen by scf.if.
func.func @memory_space_scf(%c: i1, %n: index, %v: f32) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %init = memref.alloc() : memref<8xf32, 1>
  %res = scf.for %i = %c0 to %n step %c1 iter_args(%buf = %init) -> (memref<8xf32, 1>) {
    %n2 = memref.alloc() : memref<8xf32, 1>
    memref.copy %buf, %n2 : memref<8xf32, 1> to memref<8xf32, 1>
    scf.yield %n2 : memref<8xf32, 1>
  }
  %sel = scf.if %c -> (memref<8xf32, 1>) {
    scf.yield %res : memref<8xf32, 1>
  } else {
    %o = memref.alloc() : memref<8xf32, 1>
    scf.yield %o : memref<8xf32, 1>
  }
  %r = memref.load %sel[%c0] : memref<8xf32, 1>
  return %r : f32
}
