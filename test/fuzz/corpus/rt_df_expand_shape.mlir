// BUG: double-free
// memref.expand_shape alias: in an scf.if with a result, the then-branch frees the base and yields its 2x2 view, which is freed again after the if.

func.func private @printI64(i64)
func.func private @printF32(f32)
func.func private @printNewline()
func.func private @memcount_begin()
func.func private @memcount_end()

func.func @f(%c: i1) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %v = arith.constant 3.25 : f32
  %a = memref.alloc() : memref<4xf32>
  %e = memref.expand_shape %a [[0, 1]] output_shape [2, 2] : memref<4xf32> into memref<2x2xf32>
  memref.store %v, %e[%c1, %c0] : memref<2x2xf32>
  %r = memref.load %e[%c1, %c0] : memref<2x2xf32>
  %m = scf.if %c -> (memref<2x2xf32>) {
    memref.dealloc %a : memref<4xf32>
    scf.yield %e : memref<2x2xf32>
  } else {
    scf.yield %e : memref<2x2xf32>
  }
  memref.dealloc %m : memref<2x2xf32>
  return %r : f32
}

func.func @main() {
  %false = arith.constant false
  %true = arith.constant true
  // input 0: false
  func.call @memcount_begin() : () -> ()
  %r0 = func.call @f(%false) : (i1) -> (f32)
  func.call @printF32(%r0) : (f32) -> ()
  func.call @printNewline() : () -> ()
  func.call @memcount_end() : () -> ()
  // input 1: true
  func.call @memcount_begin() : () -> ()
  %r1 = func.call @f(%true) : (i1) -> (f32)
  func.call @printF32(%r1) : (f32) -> ()
  func.call @printNewline() : () -> ()
  func.call @memcount_end() : () -> ()
  return
}
