// affine.for / affine.if around allocations and frees.
func.func @affine(%n: index, %v: f32) {
  %a = memref.alloc() : memref<16xf32>
  affine.for %i = 0 to 16 {
    affine.store %v, %a[%i] : memref<16xf32>
  }
  affine.if affine_set<(d0) : (d0 - 4 >= 0)>(%n) {
    memref.dealloc %a : memref<16xf32>
  } else {
    %t = memref.alloc() : memref<4xf32>
    memref.dealloc %t : memref<4xf32>
  }
  affine.for %j = 0 to %n {
    %l = affine.load %a[%j] : memref<16xf32>
  }
  return
}
