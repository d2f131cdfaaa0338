// The caller passes its own buffers to a callee that reads and writes them
// but must not free them.
func.func private @fill(%dst: memref<16xf32>, %src: memref<16xf32>, %v: f32) {
  %c0 = arith.constant 0 : index
  memref.store %v, %src[%c0] : memref<16xf32>
  memref.copy %src, %dst : memref<16xf32> to memref<16xf32>
  return
}

func.func @caller(%v: f32) -> f32 {
  %c0 = arith.constant 0 : index
  %a = memref.alloc() : memref<16xf32>
  %b = memref.alloc() : memref<16xf32>
  call @fill(%a, %b, %v) : (memref<16xf32>, memref<16xf32>, f32) -> ()
  %r = memref.load %a[%c0] : memref<16xf32>
  return %r : f32
}
