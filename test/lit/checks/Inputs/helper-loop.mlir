// A loop that replaces the buffer it carries on every iteration: upstream
// cannot tell statically whether the buffer after the loop is the first one,
// so its frees after the loop go through the deallocation helper.
func.func @carried(%n: index, %v: f32) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %first = memref.alloc() : memref<32xf32>
  memref.store %v, %first[%c0] : memref<32xf32>
  %last = scf.for %i = %c0 to %n step %c1 iter_args(%buf = %first) -> (memref<32xf32>) {
    %next = memref.alloc() : memref<32xf32>
    memref.copy %buf, %next : memref<32xf32> to memref<32xf32>
    scf.yield %next : memref<32xf32>
  }
  %r = memref.load %last[%c0] : memref<32xf32>
  return %r : f32
}
