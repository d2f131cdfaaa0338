// cf.switch with block arguments, arith.select of buffers, a global.
memref.global "private" constant @g : memref<4xf32> = dense<1.0>
func.func @sw(%f: i32, %c: i1) -> memref<4xf32> {
  %a = memref.alloc() : memref<4xf32>
  %b = memref.alloc() : memref<4xf32>
  %g = memref.get_global @g : memref<4xf32>
  %s = arith.select %c, %a, %g : memref<4xf32>
  cf.switch %f : i32, [
    default: ^bb1(%a : memref<4xf32>),
    1: ^bb1(%b : memref<4xf32>),
    2: ^bb2
  ]
^bb1(%x: memref<4xf32>):
  memref.dealloc %x : memref<4xf32>
  cf.br ^bb3
^bb2:
  memref.dealloc %s : memref<4xf32>
  cf.br ^bb3
^bb3:
  %r = memref.realloc %b : memref<4xf32> to memref<8xf32>
  memref.dealloc %r : memref<8xf32>
  return %a : memref<4xf32>
}
