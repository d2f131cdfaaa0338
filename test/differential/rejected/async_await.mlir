// REJECTED: ops with unknown memory side effects are not supported
// async.await has no memory effect interface, so any program that waits
// for an async.execute is refused, with or without memrefs in it.
func.func @async_await(%v: f32) -> f32 {
  %c0 = arith.constant 0 : index
  %t = async.execute {
    %a = memref.alloc() : memref<8xf32>
    memref.store %v, %a[%c0] : memref<8xf32>
    async.yield
  }
  async.await %t : !async.token
  return %v : f32
}
