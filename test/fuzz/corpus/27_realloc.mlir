// memref.realloc growing a buffer (static and dynamic). The pipeline
// expands each realloc into alloc + copy + dealloc of the old buffer.
func.func @realloc(%n: index, %i: index, %v: f32) -> f32 {
  %a = memref.alloc() : memref<4xf32>
  memref.store %v, %a[%i] : memref<4xf32>
  %b = memref.realloc %a : memref<4xf32> to memref<8xf32>
  memref.store %v, %b[%i] : memref<8xf32>
  %d = memref.alloc(%n) : memref<?xf32>
  %d2 = memref.realloc %d(%i) : memref<?xf32> to memref<?xf32>
  memref.store %v, %d2[%i] : memref<?xf32>
  %x = memref.load %b[%i] : memref<8xf32>
  %y = memref.load %d2[%i] : memref<?xf32>
  %s = arith.addf %x, %y : f32
  return %s : f32
}
