// Nested scf.for loops; the inner loop carries a memref, the outer loop
// allocates a per-iteration scratch buffer.
func.func @nested_for(%n: index, %v: f32) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %acc = memref.alloc() : memref<4xf32>
  scf.for %i = %c0 to %n step %c1 {
    %scratch = memref.alloc(%n) : memref<?xf32>
    %init = memref.alloc() : memref<4xf32>
    %res = scf.for %j = %c0 to %n step %c1 iter_args(%b = %init) -> (memref<4xf32>) {
      memref.store %v, %scratch[%j] : memref<?xf32>
      %nb = memref.alloc() : memref<4xf32>
      memref.copy %b, %nb : memref<4xf32> to memref<4xf32>
      scf.yield %nb : memref<4xf32>
    }
    memref.copy %res, %acc : memref<4xf32> to memref<4xf32>
  }
  %r = memref.load %acc[%c0] : memref<4xf32>
  return %r : f32
}
