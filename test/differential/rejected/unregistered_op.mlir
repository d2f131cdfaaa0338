// REJECTED: ops with unknown memory side effects are not supported
// MLIR-OPT-FLAGS: --allow-unregistered-dialect
// An op of an unregistered (accelerator) dialect taking a memref operand.
// memlint accepts unregistered dialects by default; upstream's deallocation
// pass refuses any op whose memory effects it cannot query.
func.func @unregistered(%i: index) -> f32 {
  %a = memref.alloc() : memref<4xf32>
  "accel.fill"(%a) : (memref<4xf32>) -> ()
  %r = memref.load %a[%i] : memref<4xf32>
  return %r : f32
}
