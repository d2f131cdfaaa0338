// Two diamonds in sequence; the second join receives either the buffer
// from the first join or a fresh one (block arguments on both joins).
func.func @cond_br_chain(%c0: i1, %c1: i1, %i: index, %v: f32) -> f32 {
  %a = memref.alloc() : memref<8xf32>
  memref.store %v, %a[%i] : memref<8xf32>
  cf.cond_br %c0, ^l, ^r
^l:
  %b = memref.alloc() : memref<8xf32>
  memref.copy %a, %b : memref<8xf32> to memref<8xf32>
  cf.br ^j1(%b : memref<8xf32>)
^r:
  memref.store %v, %a[%i] : memref<8xf32>
  cf.br ^j1(%a : memref<8xf32>)
^j1(%x: memref<8xf32>):
  cf.cond_br %c1, ^l2, ^j2(%x : memref<8xf32>)
^l2:
  %d = memref.alloc() : memref<8xf32>
  memref.copy %x, %d : memref<8xf32> to memref<8xf32>
  cf.br ^j2(%d : memref<8xf32>)
^j2(%y: memref<8xf32>):
  %r = memref.load %y[%i] : memref<8xf32>
  return %r : f32
}
