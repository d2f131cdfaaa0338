// Stack buffers (memref.alloca) and a global mixed with heap buffers: only
// the heap allocations may be freed.
memref.global "private" constant @table : memref<4xf32> = dense<[1.0, 2.0, 3.0, 4.0]>

func.func @alloca_mixed(%c: i1, %i: index) -> f32 {
  %s = memref.alloca() : memref<4xf32>
  %g = memref.get_global @table : memref<4xf32>
  memref.copy %g, %s : memref<4xf32> to memref<4xf32>
  %h = memref.alloc() : memref<4xf32>
  %pick = scf.if %c -> (memref<4xf32>) {
    memref.copy %s, %h : memref<4xf32> to memref<4xf32>
    scf.yield %h : memref<4xf32>
  } else {
    scf.yield %s : memref<4xf32>
  }
  %r = memref.load %pick[%i] : memref<4xf32>
  return %r : f32
}
