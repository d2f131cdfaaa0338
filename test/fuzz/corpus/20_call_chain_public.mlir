// A call chain through public functions: @produce returns a fresh buffer,
// @transform takes a buffer, allocates a new one and returns it, and the
// top-level function drops both.
func.func @produce(%v: f32) -> memref<8xf32> {
  %c0 = arith.constant 0 : index
  %b = memref.alloc() : memref<8xf32>
  memref.store %v, %b[%c0] : memref<8xf32>
  return %b : memref<8xf32>
}

func.func @transform(%in: memref<8xf32>) -> memref<8xf32> {
  %out = memref.alloc() : memref<8xf32>
  memref.copy %in, %out : memref<8xf32> to memref<8xf32>
  return %out : memref<8xf32>
}

func.func @top(%v: f32) -> f32 {
  %c0 = arith.constant 0 : index
  %p = call @produce(%v) : (f32) -> memref<8xf32>
  %t = call @transform(%p) : (memref<8xf32>) -> memref<8xf32>
  %r = memref.load %t[%c0] : memref<8xf32>
  return %r : f32
}
