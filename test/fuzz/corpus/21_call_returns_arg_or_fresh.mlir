// A callee that returns either its argument or a fresh buffer; upstream
// must clone (or track ownership) so that the caller can free the result.
func.func private @maybe_copy(%c: i1, %in: memref<8xf32>) -> memref<8xf32> {
  %r = scf.if %c -> (memref<8xf32>) {
    %n = memref.alloc() : memref<8xf32>
    memref.copy %in, %n : memref<8xf32> to memref<8xf32>
    scf.yield %n : memref<8xf32>
  } else {
    scf.yield %in : memref<8xf32>
  }
  return %r : memref<8xf32>
}

func.func @caller(%c: i1, %v: f32) -> f32 {
  %c0 = arith.constant 0 : index
  %a = memref.alloc() : memref<8xf32>
  memref.store %v, %a[%c0] : memref<8xf32>
  %m = call @maybe_copy(%c, %a) : (i1, memref<8xf32>) -> memref<8xf32>
  %r = memref.load %m[%c0] : memref<8xf32>
  return %r : f32
}
