// A transformer block's temporaries, hand-written the way kernels are:
// a static 128x4096 bf16 activation in on-chip SRAM, a dynamic
// [seq_len x 4096] f32 buffer, and same-sized temporaries whose lifetimes
// never overlap. It has two bugs on purpose: `memlint lint` finds them.

func.func @attention_scores(%seq_len: index, %use_bias: i1) {
  %act = memref.alloc() : memref<128x4096xbf16, "SRAM">
  %scores = memref.alloc(%seq_len) : memref<?x4096xf32>
  "my_npu.matmul"(%act, %act, %scores)
      : (memref<128x4096xbf16, "SRAM">, memref<128x4096xbf16, "SRAM">, memref<?x4096xf32>) -> ()
  scf.if %use_bias {
    "my_npu.bias_add"(%scores) : (memref<?x4096xf32>) -> ()
    // Bug: the scores are freed only when a bias is used.
    memref.dealloc %scores : memref<?x4096xf32>
  }
  memref.dealloc %act : memref<128x4096xbf16, "SRAM">
  return
}

func.func @softmax_then_norm(%x: memref<64x64xf32>) {
  // Two temporaries of the same size with disjoint lifetimes.
  %exp = memref.alloc() : memref<64x64xf32>
  "my_npu.exp"(%x, %exp) : (memref<64x64xf32>, memref<64x64xf32>) -> ()
  "my_npu.normalize"(%exp, %x) : (memref<64x64xf32>, memref<64x64xf32>) -> ()
  memref.dealloc %exp : memref<64x64xf32>
  %mean = memref.alloc() : memref<64x64xf32>
  "my_npu.layer_norm"(%x, %mean) : (memref<64x64xf32>, memref<64x64xf32>) -> ()
  memref.dealloc %mean : memref<64x64xf32>
  // Bug: freed twice.
  memref.dealloc %mean : memref<64x64xf32>
  return
}
