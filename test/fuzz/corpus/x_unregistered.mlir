// Unregistered ops: with successors, with regions, taking buffers.
func.func @opaque(%c: i1) {
  %a = memref.alloc() : memref<4xf32>
  %b = "test.make"() : () -> memref<4xf32>
  "test.use"(%a) : (memref<4xf32>) -> ()
  "test.br"()[^bb1, ^bb2] : () -> ()
^bb1:
  memref.dealloc %a : memref<4xf32>
  "test.region"() ({
    memref.dealloc %b : memref<4xf32>
    "test.yield"() : () -> ()
  }) : () -> ()
  cf.br ^bb3
^bb2:
  cf.br ^bb3
^bb3:
  memref.dealloc %a : memref<4xf32>
  return
}
