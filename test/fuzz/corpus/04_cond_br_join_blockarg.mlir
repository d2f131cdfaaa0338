// Diamond whose join block receives a memref block argument; each arm
// allocates the buffer that flows into the join.
func.func @join_blockarg(%c: i1, %i: index, %v: f32) -> f32 {
  cf.cond_br %c, ^then, ^else
^then:
  %t = memref.alloc() : memref<8xf32>
  memref.store %v, %t[%i] : memref<8xf32>
  cf.br ^join(%t : memref<8xf32>)
^else:
  %e = memref.alloc() : memref<8xf32>
  %z = arith.constant 0.0 : f32
  memref.store %z, %e[%i] : memref<8xf32>
  cf.br ^join(%e : memref<8xf32>)
^join(%x: memref<8xf32>):
  %r = memref.load %x[%i] : memref<8xf32>
  return %r : f32
}
