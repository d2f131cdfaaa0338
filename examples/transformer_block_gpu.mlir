// One transformer block on a GPU, written the way hand-tuned serving code
// is: every temporary is its own `gpu.alloc`, freed right after its last
// use. Single-head attention (QKV projection, scaled scores, softmax,
// attention x V, output projection + residual), then a pre-norm feed
// forward (layer norm, ReLU(x W1), x W2 + residual). 128 tokens, model
// width 256, feed-forward width 1024, f32. Arguments are device buffers.
//
// Lint clean. The temporaries have many disjoint lifetimes, so
// `missed-reuse` would suggest merges one by one; that is the job of
// `memlint emit --target=cuda` here (one arena for all of them), so the
// allocations carry `memlint: ignore[missed-reuse]`.
//
//   memlint plan examples/transformer_block_gpu.mlir
//   memlint emit --target=cuda --emit=arena --stats examples/transformer_block_gpu.mlir
//   memlint emit --target=cuda --emit=ptx examples/transformer_block_gpu.mlir

func.func @transformer_block(
    %x: memref<128x256xf32>,
    %wq: memref<256x256xf32>, %wk: memref<256x256xf32>,
    %wv: memref<256x256xf32>, %wo: memref<256x256xf32>,
    %gamma: memref<256xf32>, %beta: memref<256xf32>,
    %w1: memref<256x1024xf32>, %w2: memref<1024x256xf32>,
    %out: memref<128x256xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c8 = arith.constant 8 : index
  %c128 = arith.constant 128 : index
  %c256 = arith.constant 256 : index
  %c1024 = arith.constant 1024 : index
  %zero = arith.constant 0.0 : f32
  %neg_inf = arith.constant 0xFF800000 : f32
  %scale = arith.constant 0.0625 : f32
  %inv_width = arith.constant 0.00390625 : f32
  %eps = arith.constant 1.0e-5 : f32

  // q, k, v = x Wq, x Wk, x Wv
  %q = gpu.alloc () : memref<128x256xf32>
  %k = gpu.alloc () : memref<128x256xf32>
  %v = gpu.alloc () : memref<128x256xf32>
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c128, %gy = %c2, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c128, %sy = %c1, %sz = %c1) {
    %col0 = arith.muli %by, %c128 : index
    %j = arith.addi %col0, %tx : index
    %acc:3 = scf.for %d = %c0 to %c256 step %c1
        iter_args(%aq = %zero, %ak = %zero, %av = %zero) -> (f32, f32, f32) {
      %xi = memref.load %x[%bx, %d] : memref<128x256xf32>
      %wqj = memref.load %wq[%d, %j] : memref<256x256xf32>
      %wkj = memref.load %wk[%d, %j] : memref<256x256xf32>
      %wvj = memref.load %wv[%d, %j] : memref<256x256xf32>
      %pq = arith.mulf %xi, %wqj : f32
      %pk = arith.mulf %xi, %wkj : f32
      %pv = arith.mulf %xi, %wvj : f32
      %nq = arith.addf %aq, %pq : f32
      %nk = arith.addf %ak, %pk : f32
      %nv = arith.addf %av, %pv : f32
      scf.yield %nq, %nk, %nv : f32, f32, f32
    }
    memref.store %acc#0, %q[%bx, %j] : memref<128x256xf32>
    memref.store %acc#1, %k[%bx, %j] : memref<128x256xf32>
    memref.store %acc#2, %v[%bx, %j] : memref<128x256xf32>
    gpu.terminator
  }

  // scores = q k^T / sqrt(256)
  %scores = gpu.alloc () : memref<128x128xf32>
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c128, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c128, %sy = %c1, %sz = %c1) {
    %dot = scf.for %d = %c0 to %c256 step %c1 iter_args(%a = %zero) -> (f32) {
      %qi = memref.load %q[%bx, %d] : memref<128x256xf32>
      %kj = memref.load %k[%tx, %d] : memref<128x256xf32>
      %p = arith.mulf %qi, %kj : f32
      %n = arith.addf %a, %p : f32
      scf.yield %n : f32
    }
    %s = arith.mulf %dot, %scale : f32
    memref.store %s, %scores[%bx, %tx] : memref<128x128xf32>
    gpu.terminator
  }
  gpu.dealloc %q : memref<128x256xf32>
  gpu.dealloc %k : memref<128x256xf32>

  // softmax over each row of the scores
  %row_max = gpu.alloc () : memref<128xf32> // memlint: ignore[missed-reuse]
  %row_sum = gpu.alloc () : memref<128xf32> // memlint: ignore[missed-reuse]
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c128, %sy = %c1, %sz = %c1) {
    %m = scf.for %j = %c0 to %c128 step %c1 iter_args(%a = %neg_inf) -> (f32) {
      %s = memref.load %scores[%tx, %j] : memref<128x128xf32>
      %n = arith.maximumf %a, %s : f32
      scf.yield %n : f32
    }
    %sum = scf.for %j = %c0 to %c128 step %c1 iter_args(%a = %zero) -> (f32) {
      %s = memref.load %scores[%tx, %j] : memref<128x128xf32>
      %t = arith.subf %s, %m : f32
      %e = math.exp %t : f32
      %n = arith.addf %a, %e : f32
      scf.yield %n : f32
    }
    memref.store %m, %row_max[%tx] : memref<128xf32>
    memref.store %sum, %row_sum[%tx] : memref<128xf32>
    gpu.terminator
  }
  %probs = gpu.alloc () : memref<128x128xf32>
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c128, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c128, %sy = %c1, %sz = %c1) {
    %s = memref.load %scores[%bx, %tx] : memref<128x128xf32>
    %m = memref.load %row_max[%bx] : memref<128xf32>
    %sum = memref.load %row_sum[%bx] : memref<128xf32>
    %t = arith.subf %s, %m : f32
    %e = math.exp %t : f32
    %p = arith.divf %e, %sum : f32
    memref.store %p, %probs[%bx, %tx] : memref<128x128xf32>
    gpu.terminator
  }
  gpu.dealloc %scores : memref<128x128xf32>
  gpu.dealloc %row_max : memref<128xf32>
  gpu.dealloc %row_sum : memref<128xf32>

  // attn = probs v
  %attn = gpu.alloc () : memref<128x256xf32>
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c128, %gy = %c2, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c128, %sy = %c1, %sz = %c1) {
    %col0 = arith.muli %by, %c128 : index
    %j = arith.addi %col0, %tx : index
    %dot = scf.for %t = %c0 to %c128 step %c1 iter_args(%a = %zero) -> (f32) {
      %p = memref.load %probs[%bx, %t] : memref<128x128xf32>
      %vj = memref.load %v[%t, %j] : memref<128x256xf32>
      %pv = arith.mulf %p, %vj : f32
      %n = arith.addf %a, %pv : f32
      scf.yield %n : f32
    }
    memref.store %dot, %attn[%bx, %j] : memref<128x256xf32>
    gpu.terminator
  }
  gpu.dealloc %probs : memref<128x128xf32>
  gpu.dealloc %v : memref<128x256xf32>

  // h = x + attn Wo
  %h = gpu.alloc () : memref<128x256xf32> // memlint: ignore[missed-reuse]
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c128, %gy = %c2, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c128, %sy = %c1, %sz = %c1) {
    %col0 = arith.muli %by, %c128 : index
    %j = arith.addi %col0, %tx : index
    %dot = scf.for %d = %c0 to %c256 step %c1 iter_args(%a = %zero) -> (f32) {
      %ai = memref.load %attn[%bx, %d] : memref<128x256xf32>
      %wj = memref.load %wo[%d, %j] : memref<256x256xf32>
      %p = arith.mulf %ai, %wj : f32
      %n = arith.addf %a, %p : f32
      scf.yield %n : f32
    }
    %xi = memref.load %x[%bx, %j] : memref<128x256xf32>
    %r = arith.addf %xi, %dot : f32
    memref.store %r, %h[%bx, %j] : memref<128x256xf32>
    gpu.terminator
  }
  gpu.dealloc %attn : memref<128x256xf32>

  // layer norm of h: per-row mean and 1/stddev, then scale and shift
  %mean = gpu.alloc () : memref<128xf32> // memlint: ignore[missed-reuse]
  %rstd = gpu.alloc () : memref<128xf32> // memlint: ignore[missed-reuse]
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c128, %sy = %c1, %sz = %c1) {
    %sum = scf.for %d = %c0 to %c256 step %c1 iter_args(%a = %zero) -> (f32) {
      %e = memref.load %h[%tx, %d] : memref<128x256xf32>
      %n = arith.addf %a, %e : f32
      scf.yield %n : f32
    }
    %mu = arith.mulf %sum, %inv_width : f32
    %sq = scf.for %d = %c0 to %c256 step %c1 iter_args(%a = %zero) -> (f32) {
      %e = memref.load %h[%tx, %d] : memref<128x256xf32>
      %c = arith.subf %e, %mu : f32
      %c2f = arith.mulf %c, %c : f32
      %n = arith.addf %a, %c2f : f32
      scf.yield %n : f32
    }
    %var = arith.mulf %sq, %inv_width : f32
    %ve = arith.addf %var, %eps : f32
    %rs = math.rsqrt %ve : f32
    memref.store %mu, %mean[%tx] : memref<128xf32>
    memref.store %rs, %rstd[%tx] : memref<128xf32>
    gpu.terminator
  }
  %ln = gpu.alloc () : memref<128x256xf32> // memlint: ignore[missed-reuse]
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c128, %gy = %c2, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c128, %sy = %c1, %sz = %c1) {
    %col0 = arith.muli %by, %c128 : index
    %j = arith.addi %col0, %tx : index
    %e = memref.load %h[%bx, %j] : memref<128x256xf32>
    %mu = memref.load %mean[%bx] : memref<128xf32>
    %rs = memref.load %rstd[%bx] : memref<128xf32>
    %g = memref.load %gamma[%j] : memref<256xf32>
    %b = memref.load %beta[%j] : memref<256xf32>
    %c = arith.subf %e, %mu : f32
    %nrm = arith.mulf %c, %rs : f32
    %sc = arith.mulf %nrm, %g : f32
    %y = arith.addf %sc, %b : f32
    memref.store %y, %ln[%bx, %j] : memref<128x256xf32>
    gpu.terminator
  }
  gpu.dealloc %mean : memref<128xf32>
  gpu.dealloc %rstd : memref<128xf32>

  // ffn = relu(ln W1)
  %ffn = gpu.alloc () : memref<128x1024xf32>
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c128, %gy = %c8, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c128, %sy = %c1, %sz = %c1) {
    %col0 = arith.muli %by, %c128 : index
    %j = arith.addi %col0, %tx : index
    %dot = scf.for %d = %c0 to %c256 step %c1 iter_args(%a = %zero) -> (f32) {
      %li = memref.load %ln[%bx, %d] : memref<128x256xf32>
      %wj = memref.load %w1[%d, %j] : memref<256x1024xf32>
      %p = arith.mulf %li, %wj : f32
      %n = arith.addf %a, %p : f32
      scf.yield %n : f32
    }
    %r = arith.maximumf %dot, %zero : f32
    memref.store %r, %ffn[%bx, %j] : memref<128x1024xf32>
    gpu.terminator
  }
  gpu.dealloc %ln : memref<128x256xf32>

  // out = h + ffn W2
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c128, %gy = %c2, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c128, %sy = %c1, %sz = %c1) {
    %col0 = arith.muli %by, %c128 : index
    %j = arith.addi %col0, %tx : index
    %dot = scf.for %d = %c0 to %c1024 step %c1 iter_args(%a = %zero) -> (f32) {
      %fi = memref.load %ffn[%bx, %d] : memref<128x1024xf32>
      %wj = memref.load %w2[%d, %j] : memref<1024x256xf32>
      %p = arith.mulf %fi, %wj : f32
      %n = arith.addf %a, %p : f32
      scf.yield %n : f32
    }
    %hi = memref.load %h[%bx, %j] : memref<128x256xf32>
    %r = arith.addf %hi, %dot : f32
    memref.store %r, %out[%bx, %j] : memref<128x256xf32>
    gpu.terminator
  }
  gpu.dealloc %ffn : memref<128x1024xf32>
  gpu.dealloc %h : memref<128x256xf32>
  return
}
