// Origin: llvm/llvm-project, mlir/test/Dialect/GPU/async-region.mlir
//   (commit 45d17e2243e831916d778bcc7dfc4d91a252cfb1), inputs only.
// License: Apache-2.0 WITH LLVM-exception (LLVM Project).
// Trimmed: RUN/CHECK lines dropped; IR unchanged. Inputs of -gpu-async-region
// (which makes the synchronous GPU ops asynchronous); they free by hand.

module attributes {gpu.container_module} {

  gpu.module @kernels {
    gpu.func @kernel() kernel { gpu.return }
  }

  func.func private @foo() -> ()

  func.func @async(%sz : index) {
    gpu.launch_func @kernels::@kernel
        blocks in (%sz, %sz, %sz) threads in (%sz, %sz, %sz)
    gpu.launch_func @kernels::@kernel
        blocks in (%sz, %sz, %sz) threads in (%sz, %sz, %sz)
    %0 = gpu.alloc() : memref<7xf32>
    gpu.dealloc %0 : memref<7xf32>
    call @foo() : () -> ()
    return
  }

  func.func @defer_wait(%sz : index) {
    %a0 = async.execute {
      gpu.launch_func @kernels::@kernel
          blocks in (%sz, %sz, %sz) threads in (%sz, %sz, %sz)
      async.yield
    }

    %a1 = async.execute [%a0] {
      gpu.launch_func @kernels::@kernel
          blocks in (%sz, %sz, %sz) threads in (%sz, %sz, %sz)
      async.yield
    }

    async.await %a1 : !async.token
    return
  }

  func.func @defer_wait_blocked_by_side_effect(%sz : index) {
    %a = async.execute {
      gpu.launch_func @kernels::@kernel
          blocks in (%sz, %sz, %sz) threads in (%sz, %sz, %sz)
      func.call @foo() : () -> ()
      async.yield
    }

    async.await %a : !async.token
    return
  }

  func.func @defer_wait_pass_through(%sz : index) {
    %a0 = async.execute {
      gpu.launch_func @kernels::@kernel
          blocks in (%sz, %sz, %sz) threads in (%sz, %sz, %sz)
      async.yield
    }

    %a1 = async.execute [%a0] {
      async.yield
    }

    async.await %a1 : !async.token
    return
  }

  func.func @async_execute_with_result(%sz : index) -> index {
    %a0, %f0 = async.execute -> !async.value<index> {
      gpu.launch_func @kernels::@kernel
          blocks in (%sz, %sz, %sz) threads in (%sz, %sz, %sz)
      async.yield %sz : index
    }

    async.await %a0 : !async.token
    %x = async.await %f0 : !async.value<index>
    return %x : index
  }

  func.func @async_execute_no_use(%sz : index) {
    %a0 = async.execute {
      gpu.launch_func @kernels::@kernel
          blocks in (%sz, %sz, %sz) threads in (%sz, %sz, %sz)
      async.yield
    }
    return
  }

  func.func @async_execute_fork(%sz : index) {
    %a0 = async.execute {
      gpu.launch_func @kernels::@kernel
          blocks in (%sz, %sz, %sz) threads in (%sz, %sz, %sz)
      async.yield
    }
    %a1 = async.execute [%a0] {
      gpu.launch_func @kernels::@kernel
          blocks in (%sz, %sz, %sz) threads in (%sz, %sz, %sz)
      async.yield
    }
    %a2 = async.execute [%a0] {
      gpu.launch_func @kernels::@kernel
          blocks in (%sz, %sz, %sz) threads in (%sz, %sz, %sz)
      async.yield
    }
    return
  }

  func.func @existing_tokens() {
    %t0 = gpu.wait async
    %t1 = gpu.wait async [%t0]
    %0 = gpu.alloc [%t0] () : memref<7xf32>
    %t2 = gpu.dealloc async %0 : memref<7xf32>
    gpu.wait
    gpu.wait
    return
  }
}
