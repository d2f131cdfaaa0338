// A dynamically sized buffer returned to the caller, a mixed static/dynamic
// shape, and an aligned allocation.
func.func @dynamic_returned(%n: index, %v: f32) -> memref<?xf32> {
  %c0 = arith.constant 0 : index
  %mixed = memref.alloc(%n) {alignment = 64 : i64} : memref<4x?xf32>
  memref.store %v, %mixed[%c0, %c0] : memref<4x?xf32>
  %out = memref.alloc(%n) : memref<?xf32>
  %x = memref.load %mixed[%c0, %c0] : memref<4x?xf32>
  memref.store %x, %out[%c0] : memref<?xf32>
  return %out : memref<?xf32>
}
