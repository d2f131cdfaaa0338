// cf.cond_br diamond without block arguments; each arm allocates its own
// temporary and both join at ^exit.
func.func @diamond(%c: i1, %i: index, %v: f32) -> f32 {
  %a = memref.alloc() : memref<8xf32>
  memref.store %v, %a[%i] : memref<8xf32>
  cf.cond_br %c, ^then, ^else
^then:
  %t = memref.alloc() : memref<8xf32>
  memref.copy %a, %t : memref<8xf32> to memref<8xf32>
  cf.br ^exit
^else:
  %e = memref.alloc() : memref<4xf32>
  memref.store %v, %e[%i] : memref<4xf32>
  cf.br ^exit
^exit:
  %r = memref.load %a[%i] : memref<8xf32>
  return %r : f32
}
