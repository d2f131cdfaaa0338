// Dynamically sized buffers (memref<?xf32>, memref<?x?xf32>) sized by
// index arguments and by memref.dim.
func.func @dynamic(%n: index, %m: index, %i: index, %v: f32) -> f32 {
  %c0 = arith.constant 0 : index
  %a = memref.alloc(%n) : memref<?xf32>
  memref.store %v, %a[%i] : memref<?xf32>
  %d = memref.dim %a, %c0 : memref<?xf32>
  %b = memref.alloc(%d) : memref<?xf32>
  memref.copy %a, %b : memref<?xf32> to memref<?xf32>
  %m2 = memref.alloc(%n, %m) : memref<?x?xf32>
  memref.store %v, %m2[%i, %i] : memref<?x?xf32>
  %x = memref.load %b[%i] : memref<?xf32>
  %y = memref.load %m2[%i, %i] : memref<?x?xf32>
  %s = arith.addf %x, %y : f32
  return %s : f32
}
