// cf.cond_br forwarding two different allocations as block operands of the
// same successor (the canonical "select between buffers" shape).
func.func @forward_operands(%c: i1, %i: index) -> f32 {
  %a = memref.alloc() : memref<4xf32>
  %b = memref.alloc() : memref<4xf32>
  cf.cond_br %c, ^bb1(%a : memref<4xf32>), ^bb1(%b : memref<4xf32>)
^bb1(%x: memref<4xf32>):
  %r = memref.load %x[%i] : memref<4xf32>
  return %r : f32
}
