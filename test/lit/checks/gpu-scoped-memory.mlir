// RUN: %memlint lint --verify-diagnostics %s
//
// A buffer in GPU workgroup (shared) or private memory lives as long as
// the workgroup or the thread: no free is owed. Upstream's promotion to
// workgroup memory (linalg::deallocateWorkgroupMemory) and IREE's GPU code
// generation free nothing; a leak reported there was false (helper-82).
// A free that is written is still followed.

func.func @shared_tile(%a: memref<16xf32>) {
  %s = memref.alloc() : memref<16xf32, #gpu.address_space<workgroup>>
  gpu.barrier
  memref.copy %a, %s : memref<16xf32> to memref<16xf32, #gpu.address_space<workgroup>>
  gpu.barrier
  return
}

func.func @private_scratch(%a: memref<4xf32>) {
  %p = memref.alloc() : memref<4xf32, #gpu.address_space<private>>
  memref.copy %a, %p : memref<4xf32> to memref<4xf32, #gpu.address_space<private>>
  return
}

func.func @shared_in_launch(%n: index) {
  %c1 = arith.constant 1 : index
  gpu.launch blocks(%bx, %by, %bz) in (%x = %n, %y = %c1, %z = %c1)
             threads(%tx, %ty, %tz) in (%u = %c1, %v = %c1, %w = %c1) {
    %s = memref.alloc() : memref<32xf32, #gpu.address_space<workgroup>>
    %f = arith.constant 1.0 : f32
    memref.store %f, %s[%tx] : memref<32xf32, #gpu.address_space<workgroup>>
    gpu.terminator
  }
  return
}

// Freed, it is followed like any buffer.
func.func @shared_freed_twice() {
  // expected-note @+1 {{%s allocated here (GPU workgroup memory)}}
  %s = memref.alloc() : memref<16xf32, #gpu.address_space<workgroup>>
  memref.dealloc %s : memref<16xf32, #gpu.address_space<workgroup>> // expected-note {{first freed here}}
  memref.dealloc %s : memref<16xf32, #gpu.address_space<workgroup>> // expected-error {{buffer %s is freed twice}}
  return
}

// Global GPU memory is owed its free.
func.func @global_leaks() {
  %g = memref.alloc() : memref<16xf32, #gpu.address_space<global>> // expected-warning {{buffer %g is never freed}}
  return // expected-note {{the function exits here with %g still allocated}}
}

// SPIR-V's spelling: -convert-memref-to-spirv makes a Workgroup alloc a
// module-scope variable (helper-83, MemRefToSPIRV/alloc.mlir and IREE).
func.func @spirv_workgroup(%i: index) -> f32 {
  %w = memref.alloc() : memref<4xf32, #spirv.storage_class<Workgroup>>
  %v = memref.load %w[%i] : memref<4xf32, #spirv.storage_class<Workgroup>>
  return %v : f32
}

func.func @spirv_function_storage(%i: index) -> f32 {
  %w = memref.alloc() : memref<4xf32, #spirv.storage_class<Function>>
  %v = memref.load %w[%i] : memref<4xf32, #spirv.storage_class<Function>>
  return %v : f32
}

// Memory every workgroup sees is owed its free.
func.func @spirv_cross_workgroup_leaks() {
  %g = memref.alloc() : memref<4xf32, #spirv.storage_class<CrossWorkgroup>> // expected-warning {{buffer %g is never freed}}
  return // expected-note {{the function exits here with %g still allocated}}
}
