// Buffers in several memory spaces (integer and attribute spaces); each
// must be freed with its own type.
func.func @memory_spaces(%i: index, %v: f32) -> f32 {
  %g = memref.alloc() : memref<16xf32, 1>
  %s = memref.alloc() : memref<16xf32, 3>
  %h = memref.alloc() : memref<16xf32>
  memref.store %v, %h[%i] : memref<16xf32>
  memref.copy %h, %g : memref<16xf32> to memref<16xf32, 1>
  memref.copy %g, %s : memref<16xf32, 1> to memref<16xf32, 3>
  %sv = memref.subview %s[0] [8] [1] : memref<16xf32, 3> to memref<8xf32, strided<[1]>, 3>
  %r = memref.load %sv[%i] : memref<8xf32, strided<[1]>, 3>
  return %r : f32
}
