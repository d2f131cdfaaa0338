// A leak whose buffer an asynchronous op may still use at a point memlint
// cannot follow to its end (a GPU token passed on through an scf.if
// result, a DMA awaited in another block, a use in an async.execute body
// awaited through a group)
// gets no fix: no place for the free can be shown to come after that use.
// The file comes back unchanged, the leaks reported.
// RUN: not %memlint fix %s > %t
// RUN: diff %s %t
// RUN: not %memlint lint %s | FileCheck %s
// CHECK-DAG: buffer %h is never freed [leak]
// CHECK-DAG: buffer %b is never freed [leak]
// CHECK-DAG: buffer %a is never freed [leak]

func.func @token_through_if(%p: i1, %d: memref<16xf32>) {
  %h = memref.alloc() : memref<16xf32>
  %t0 = gpu.wait async
  %t = gpu.memcpy async [%t0] %d, %h : memref<16xf32>, memref<16xf32>
  %u = scf.if %p -> (!gpu.async.token) {
    scf.yield %t : !gpu.async.token
  } else {
    scf.yield %t : !gpu.async.token
  }
  gpu.wait [%u]
  return
}

func.func @dma_awaited_in_another_block(%src: memref<4xf32>) {
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %b = memref.alloc() : memref<4xf32, 1>
  %tag = memref.alloca() : memref<1xi32>
  affine.dma_start %src[%c0], %b[%c0], %tag[%c0], %c4 : memref<4xf32>, memref<4xf32, 1>, memref<1xi32>
  cf.br ^w
^w:
  affine.dma_wait %tag[%c0], %c4 : memref<1xi32>
  return
}

func.func @used_in_async_body_awaited_through_a_group(%v: f32) {
  %c1 = arith.constant 1 : index
  %a = memref.alloc() : memref<16xf32>
  %g = async.create_group %c1 : !async.group
  %t = async.execute {
    memref.store %v, %a[%c1] : memref<16xf32>
    async.yield
  }
  %i = async.add_to_group %t, %g : !async.token
  async.await_all %g
  return
}
