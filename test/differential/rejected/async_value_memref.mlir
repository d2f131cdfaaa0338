// REJECTED: region branch point has 2 operands, but region successor needs 1 inputs
// A buffer handed out of an async.execute region as !async.value<memref>.
// The pipeline adds an ownership i1 to the region's async.yield but not to
// the op's results, and the verifier refuses its own output. (async.await,
// needed to use such a value, is refused too: `ops with unknown memory side
// effects are not supported`.) So gen.py makes no async programs.
func.func @async_value(%v: f32) {
  %c0 = arith.constant 0 : index
  %t, %r = async.execute -> !async.value<memref<8xf32>> {
    %a = memref.alloc() : memref<8xf32>
    memref.store %v, %a[%c0] : memref<8xf32>
    async.yield %a : memref<8xf32>
  }
  return
}
