// RUN: %memlint lint --verify-diagnostics %s
//
// `gpu.return` ends a `gpu.func` (what -gpu-kernel-outlining makes of a
// `gpu.launch` body) as `func.return` ends a `func.func`, though it lacks
// the ReturnLike trait: what a kernel allocates on the device heap and
// does not free leaks there, as it does inside the `gpu.launch`.

gpu.module @kernels {
  gpu.func @frees_its_buffer(%arg0: memref<16xf32>) kernel {
    %t = gpu.thread_id x
    %a = memref.alloc() : memref<16xf32>
    %v = memref.load %arg0[%t] : memref<16xf32>
    memref.store %v, %a[%t] : memref<16xf32>
    memref.dealloc %a : memref<16xf32>
    gpu.return
  }

  gpu.func @never_frees(%arg0: memref<16xf32>) kernel {
    %t = gpu.thread_id x
    %a = memref.alloc() : memref<16xf32> // expected-warning {{buffer %a is never freed [leak]}}
    %v = memref.load %arg0[%t] : memref<16xf32>
    memref.store %v, %a[%t] : memref<16xf32>
    gpu.return // expected-note {{the function exits here with %a still allocated}}
  }

  // Workgroup memory lives as long as the workgroup: no free is owed.
  gpu.func @workgroup_buffer(%arg0: memref<16xf32>) workgroup(%w : memref<16xf32, #gpu.address_space<workgroup>>) kernel {
    %t = gpu.thread_id x
    %v = memref.load %arg0[%t] : memref<16xf32>
    memref.store %v, %w[%t] : memref<16xf32, #gpu.address_space<workgroup>>
    gpu.return
  }

  // A device function handing its buffer to its caller.
  gpu.func @returns_its_buffer() -> memref<16xf32> {
    %a = memref.alloc() : memref<16xf32>
    gpu.return %a : memref<16xf32>
  }

  gpu.func @frees_on_one_branch(%c: i1) kernel {
    %a = memref.alloc() : memref<16xf32> // expected-warning {{buffer %a is never freed (it is freed only on other paths) [leak]}}
    cf.cond_br %c, ^bb1, ^bb2
  ^bb1:
    memref.dealloc %a : memref<16xf32>
    gpu.return
  ^bb2:
    gpu.return // expected-note {{the function exits here with %a still allocated}}
  }
}
