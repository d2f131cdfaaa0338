// The package build registers a subset of upstream dialects
// (analysis/PackageDialects.cpp); each of these ops is in its custom syntax,
// which only a registered dialect parses. One leak: %leaked.
#map = affine_map<(d0) -> (d0)>
module attributes {dlti.dl_spec = #dlti.dl_spec<index = 64 : i64>} {
  func.func @dialects(%c: i1, %t: tensor<4xf32>, %v: vector<4xf32>,
                      %z: complex<f32>, %p: !llvm.ptr) -> f32 {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %i = index.constant 3
    %f = arith.constant 1.0 : f32
    %s = math.sqrt %f : f32
    %re = complex.re %z : complex<f32>
    %a = memref.alloc() : memref<4xf32>
    %leaked = memref.alloc() : memref<4xf32>
    linalg.fill ins(%f : f32) outs(%a : memref<4xf32>)
    affine.for %k = 0 to 4 {
      %x = affine.load %a[%k] : memref<4xf32>
      affine.store %x, %leaked[%k] : memref<4xf32>
    }
    scf.for %k = %c0 to %c4 step %c1 {
      memref.store %s, %a[%k] : memref<4xf32>
    }
    vector.transfer_write %v, %a[%c0] : vector<4xf32>, memref<4xf32>
    %e = tensor.extract %t[%c0] : tensor<4xf32>
    %b = bufferization.to_buffer %t : tensor<4xf32> to memref<4xf32>
    %l = llvm.load %p : !llvm.ptr -> f32
    %u = ub.poison : f32
    %g = gpu.alloc () : memref<4xf32>
    gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
               threads(%tx, %ty, %tz) in (%sx = %c4, %sy = %c1, %sz = %c1) {
      %tid = nvvm.read.ptx.sreg.tid.x : i32
      memref.store %f, %g[%tx] : memref<4xf32>
      gpu.terminator
    }
    gpu.dealloc %g : memref<4xf32>
    cf.cond_br %c, ^yes, ^no
  ^yes:
    memref.dealloc %a : memref<4xf32>
    cf.br ^out
  ^no:
    memref.dealloc %a : memref<4xf32>
    cf.br ^out
  ^out:
    %sum = arith.addf %e, %l : f32
    %r = arith.addf %sum, %re : f32
    return %r : f32
  }
}
