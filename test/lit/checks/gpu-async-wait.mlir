// RUN: %memlint lint --verify-diagnostics %s
//
// A GPU op run `async` may read and write its memrefs until its token is
// awaited on the host: a free before that wait is a use after free,
// reported at the wait.

module attributes {gpu.container_module} {
  gpu.module @k {
    gpu.func @f(%a: memref<16xf32>) kernel {
      gpu.return
    }
  }

  func.func @freed_before_wait() {
    %c1 = arith.constant 1 : index
    %m = gpu.alloc () : memref<16xf32> // expected-note {{%m allocated here}}
    %t = gpu.launch_func async @k::@f blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1) args(%m : memref<16xf32>) // expected-note {{'gpu.launch_func' runs asynchronously here and may use %m until this wait}}
    gpu.dealloc %m : memref<16xf32> // expected-note {{freed here}}
    gpu.wait [%t] // expected-error {{'gpu.wait' uses buffer %m after it was freed [use-after-free]}}
    return
  }

  func.func @copy_source_freed(%host: memref<16xf32>) {
    %m = gpu.alloc () : memref<16xf32> // expected-note {{%m allocated here}}
    %t0 = gpu.wait async
    %t = gpu.memcpy async [%t0] %host, %m : memref<16xf32>, memref<16xf32> // expected-note {{'gpu.memcpy' runs asynchronously here and may use %m until this wait}}
    gpu.dealloc %m : memref<16xf32> // expected-note {{freed here}}
    gpu.wait [%t] // expected-error {{'gpu.wait' uses buffer %m after it was freed [use-after-free]}}
    return
  }

  // Correct: freed after the wait.
  func.func @freed_after_wait() {
    %c1 = arith.constant 1 : index
    %m = gpu.alloc () : memref<16xf32>
    %t = gpu.launch_func async @k::@f blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1) args(%m : memref<16xf32>)
    gpu.wait [%t]
    gpu.dealloc %m : memref<16xf32>
    return
  }

  // Correct: the free runs on the device after the kernel (it takes the
  // kernel's token), and the wait waits for both.
  func.func @async_free_ordered_after() {
    %c1 = arith.constant 1 : index
    %m = gpu.alloc () : memref<16xf32>
    %t = gpu.launch_func async @k::@f blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1) args(%m : memref<16xf32>)
    %d = gpu.dealloc async [%t] %m : memref<16xf32>
    gpu.wait [%t, %d]
    return
  }

  // Correct: a synchronous launch that depends on the token waits for it
  // before the free; the later wait on the same token ends nothing more.
  func.func @awaited_by_a_sync_op() {
    %c1 = arith.constant 1 : index
    %m = gpu.alloc () : memref<16xf32>
    %n = gpu.alloc () : memref<16xf32>
    %t = gpu.launch_func async @k::@f blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1) args(%m : memref<16xf32>)
    gpu.launch_func [%t] @k::@f blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1) args(%n : memref<16xf32>)
    gpu.dealloc %m : memref<16xf32>
    gpu.wait [%t]
    gpu.dealloc %n : memref<16xf32>
    return
  }

  // Awaited on one path before the free: the token's other taker is in a
  // region, so the final wait is not taken for a use (nothing reported).
  func.func @awaited_in_a_branch(%p: i1) {
    %c1 = arith.constant 1 : index
    %m = gpu.alloc () : memref<16xf32>
    %t = gpu.launch_func async @k::@f blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1) args(%m : memref<16xf32>)
    scf.if %p {
      gpu.wait [%t]
    }
    gpu.dealloc %m : memref<16xf32>
    gpu.wait [%t]
    return
  }

  // The token reaches the wait through a block argument: not followed,
  // nothing reported.
  func.func @wait_in_another_block(%p: i1) {
    %c1 = arith.constant 1 : index
    %m = gpu.alloc () : memref<16xf32>
    %t = gpu.launch_func async @k::@f blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1) args(%m : memref<16xf32>)
    gpu.dealloc %m : memref<16xf32>
    cf.br ^b(%t : !gpu.async.token)
  ^b(%u: !gpu.async.token):
    gpu.wait [%u]
    return
  }

  // An async gpu.launch's kernel body uses what it captures until the wait.
  func.func @launch_body_freed_before_wait() {
    %c1 = arith.constant 1 : index
    %d = gpu.alloc host_shared () : memref<16xf32> // expected-note {{%d allocated here}}
    %t0 = gpu.wait async
    %t = gpu.launch async [%t0] blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1) threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) { // expected-note {{'gpu.launch' runs asynchronously here and may use %d until this wait}}
      %z = arith.constant 0.0 : f32
      memref.store %z, %d[%tx] : memref<16xf32>
      gpu.terminator
    }
    gpu.dealloc %d : memref<16xf32> // expected-note {{freed here}}
    gpu.wait [%t] // expected-error {{'gpu.wait' uses buffer %d after it was freed [use-after-free]}}
    return
  }

  func.func @launch_body_freed_after_wait() {
    %c1 = arith.constant 1 : index
    %d = gpu.alloc host_shared () : memref<16xf32>
    %t0 = gpu.wait async
    %t = gpu.launch async [%t0] blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1) threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
      %z = arith.constant 0.0 : f32
      memref.store %z, %d[%tx] : memref<16xf32>
      gpu.terminator
    }
    gpu.wait [%t]
    gpu.dealloc %d : memref<16xf32>
    return
  }

  // Correct: a synchronous op with dependencies waits for them before it
  // does its own work; here the work is the free (helper-73's class 2: the
  // free came before the wait, a use after free at one op).
  func.func @sync_free_waits_first() {
    %c1 = arith.constant 1 : index
    %m = gpu.alloc () : memref<16xf32>
    %t0 = gpu.wait async
    %t = gpu.launch_func async [%t0] @k::@f blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1) args(%m : memref<16xf32>)
    gpu.dealloc [%t] %m : memref<16xf32>
    return
  }

  // Correct: only a GPU op run `async` stands for work its token ends; an
  // scf.if, a call or an scf.execute_region that returns a token ran on the
  // host (helper-73's class 1).
  func.func @token_of_an_if(%c: i1, %v: f32) {
    %c0 = arith.constant 0 : index
    %a = memref.alloc() : memref<16xf32>
    %t = scf.if %c -> !gpu.async.token {
      memref.store %v, %a[%c0] : memref<16xf32>
      %t0 = gpu.wait async
      scf.yield %t0 : !gpu.async.token
    } else {
      %t1 = gpu.wait async
      scf.yield %t1 : !gpu.async.token
    }
    memref.dealloc %a : memref<16xf32>
    gpu.wait [%t]
    return
  }
  func.func private @store_then_token(%a: memref<16xf32>) -> !gpu.async.token {
    %c0 = arith.constant 0 : index
    %v = arith.constant 1.0 : f32
    memref.store %v, %a[%c0] : memref<16xf32>
    %t = gpu.wait async
    return %t : !gpu.async.token
  }
  func.func @token_of_a_call() {
    %a = memref.alloc() : memref<16xf32>
    %t = call @store_then_token(%a) : (memref<16xf32>) -> !gpu.async.token
    memref.dealloc %a : memref<16xf32>
    gpu.wait [%t]
    return
  }

  // A free before the wait that ends a kernel's use is still found when a
  // synchronous op with the dependency frees another buffer.
  func.func @sync_free_of_another() {
    %c1 = arith.constant 1 : index
    %m = gpu.alloc () : memref<16xf32> // expected-note {{%m allocated here}}
    %n = gpu.alloc () : memref<16xf32>
    %t0 = gpu.wait async
    %t = gpu.launch_func async [%t0] @k::@f blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1) args(%m : memref<16xf32>) // expected-note {{'gpu.launch_func' runs asynchronously here and may use %m until this wait}}
    gpu.dealloc %m : memref<16xf32> // expected-note {{freed here}}
    gpu.dealloc [%t] %n : memref<16xf32> // expected-error {{'gpu.dealloc' uses buffer %m after it was freed [use-after-free]}}
    return
  }

  // A token an scf.if, a loop, an scf.execute_region or a call hands out of
  // an async launch still stands for the launch's work (helper-74: these
  // were missed once only GPU ops were taken to make tokens).
  func.func private @launch(%m: memref<16xf32>) -> !gpu.async.token {
    %c1 = arith.constant 1 : index
    %t = gpu.launch_func async @k::@f blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1) args(%m : memref<16xf32>)
    return %t : !gpu.async.token
  }
  func.func @launch_in_if(%c: i1) {
    %c1 = arith.constant 1 : index
    %m = gpu.alloc () : memref<16xf32> // expected-note {{%m allocated here}}
    %t = scf.if %c -> !gpu.async.token {
      %t0 = gpu.launch_func async @k::@f blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1) args(%m : memref<16xf32>) // expected-note {{'gpu.launch_func' runs asynchronously here and may use %m until this wait}}
      scf.yield %t0 : !gpu.async.token
    } else {
      %t1 = gpu.wait async
      scf.yield %t1 : !gpu.async.token
    }
    gpu.dealloc %m : memref<16xf32> // expected-note {{freed here}}
    gpu.wait [%t] // expected-error {{'gpu.wait' uses buffer %m after it was freed [use-after-free]}}
    return
  }
  func.func @launch_in_for(%n: index) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %m = gpu.alloc () : memref<16xf32> // expected-note {{%m allocated here}}
    %t0 = gpu.wait async
    %tf = scf.for %i = %c0 to %n step %c1 iter_args(%tk = %t0) -> !gpu.async.token {
      %tn = gpu.launch_func async [%tk] @k::@f blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1) args(%m : memref<16xf32>) // expected-note {{'gpu.launch_func' runs asynchronously here and may use %m until this wait}}
      scf.yield %tn : !gpu.async.token
    }
    gpu.dealloc %m : memref<16xf32> // expected-note {{freed here}}
    gpu.wait [%tf] // expected-error {{'gpu.wait' uses buffer %m after it was freed [use-after-free]}}
    return
  }
  func.func @launch_in_call() {
    %m = gpu.alloc () : memref<16xf32> // expected-note {{%m allocated here}}
    %t = func.call @launch(%m) : (memref<16xf32>) -> !gpu.async.token // expected-note {{'func.call' runs asynchronously here and may use %m until this wait}}
    gpu.dealloc %m : memref<16xf32> // expected-note {{freed here}}
    gpu.wait [%t] // expected-error {{'gpu.wait' uses buffer %m after it was freed [use-after-free]}}
    return
  }
  // Correct: the launch's token is waited for inside the region; the token
  // handed out is another, of no work.
  func.func @launch_awaited_in_if(%c: i1) {
    %c1 = arith.constant 1 : index
    %m = gpu.alloc () : memref<16xf32>
    %t = scf.if %c -> !gpu.async.token {
      %t0 = gpu.launch_func async @k::@f blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1) args(%m : memref<16xf32>)
      gpu.wait [%t0]
      %t2 = gpu.wait async
      scf.yield %t2 : !gpu.async.token
    } else {
      %t1 = gpu.wait async
      scf.yield %t1 : !gpu.async.token
    }
    gpu.dealloc %m : memref<16xf32>
    gpu.wait [%t]
    return
  }
}
