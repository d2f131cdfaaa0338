// RUN: %memlint lint --verify-diagnostics %s
//
// Buffers carried through non-memref values. A future of a memref
// (`!async.value<memref<...>>`) holds the buffer its async.execute yields;
// async.await of it and an execute operand bound `as` a block argument give
// the buffer back. Regions are taken in the order they appear. A buffer
// packed into a value memlint does not follow (an LLVM descriptor, a custom
// type) is no longer tracked: no finding is guessed for it.

// Allocated in one region, used in a second through an operand, freed in a
// third through an await: correct.
func.func @gpu_pipeline(%x: f32) {
  %c0 = arith.constant 0 : index
  %t0, %v0 = async.execute -> !async.value<memref<256xf32, 1>> {
    %d = gpu.alloc () : memref<256xf32, 1>
    async.yield %d : memref<256xf32, 1>
  }
  %t1 = async.execute [%t0] (%v0 as %buf: !async.value<memref<256xf32, 1>>) {
    memref.store %x, %buf[%c0] : memref<256xf32, 1>
    async.yield
  }
  %t2 = async.execute [%t1] {
    %d = async.await %v0 : !async.value<memref<256xf32, 1>>
    gpu.dealloc %d : memref<256xf32, 1>
    async.yield
  }
  async.await %t2 : !async.token
  return
}

// Host buffers: two futures out of one region, freed after awaiting them
// in the function body.
func.func @two_values(%x: f32) -> f32 {
  %c0 = arith.constant 0 : index
  %t, %va, %vb = async.execute -> (!async.value<memref<4xf32>>, !async.value<memref<4xf32>>) {
    %a = memref.alloc() : memref<4xf32>
    %b = memref.alloc() : memref<4xf32>
    memref.store %x, %a[%c0] : memref<4xf32>
    async.yield %a, %b : memref<4xf32>, memref<4xf32>
  }
  %a = async.await %va : !async.value<memref<4xf32>>
  %b = async.await %vb : !async.value<memref<4xf32>>
  %r = memref.load %a[%c0] : memref<4xf32>
  memref.dealloc %a : memref<4xf32>
  memref.dealloc %b : memref<4xf32>
  return %r : f32
}

// The same pipeline without the free: the buffer leaks.
func.func @gpu_pipeline_leak(%x: f32) {
  %c0 = arith.constant 0 : index
  %t0, %v0 = async.execute -> !async.value<memref<256xf32, 1>> {
    %d = gpu.alloc () : memref<256xf32, 1> // expected-warning {{buffer %d is never freed [leak]}}
    async.yield %d : memref<256xf32, 1>
  }
  %t1 = async.execute [%t0] (%v0 as %buf: !async.value<memref<256xf32, 1>>) {
    memref.store %x, %buf[%c0] : memref<256xf32, 1>
    async.yield
  }
  async.await %t1 : !async.token
  return // expected-note {{the function exits here with %d still allocated}}
}

// Freed in the second region, used in the third: a use after free.
func.func @gpu_pipeline_use_after_free(%x: f32) {
  %c0 = arith.constant 0 : index
  %t0, %v0 = async.execute -> !async.value<memref<256xf32, 1>> {
    %d = gpu.alloc () : memref<256xf32, 1>
    async.yield %d : memref<256xf32, 1>
  }
  %t1 = async.execute [%t0] {
    %d = async.await %v0 : !async.value<memref<256xf32, 1>>
    gpu.dealloc %d : memref<256xf32, 1>
    async.yield
  }
  %t2 = async.execute [%t1] (%v0 as %buf: !async.value<memref<256xf32, 1>>) {
    memref.store %x, %buf[%c0] : memref<256xf32, 1> // expected-error {{'memref.store' uses buffer %d after it was freed (through its alias %buf) [use-after-free]}}
    async.yield
  }
  async.await %t2 : !async.token
  return
}

// Returning the future hands the buffer to the caller.
func.func @returns_future() -> !async.value<memref<4xf32>> {
  %t, %v = async.execute -> !async.value<memref<4xf32>> {
    %a = memref.alloc() : memref<4xf32>
    async.yield %a : memref<4xf32>
  }
  return %v : !async.value<memref<4xf32>>
}

// Packed into an LLVM descriptor and freed through it: not followed, so
// nothing is reported for the buffer.
llvm.func @free(!llvm.ptr)
func.func @packed_into_descriptor() {
  %a = memref.alloc() : memref<4xf32>
  %desc = builtin.unrealized_conversion_cast %a : memref<4xf32> to !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
  %p = llvm.extractvalue %desc[0] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
  llvm.call @free(%p) : (!llvm.ptr) -> ()
  return
}

// Packed into a custom type: not followed either.
func.func @packed_into_custom_type() -> !my_rt.buffer {
  %a = memref.alloc() : memref<4xf32>
  %h = "my_rt.wrap"(%a) : (memref<4xf32>) -> !my_rt.buffer
  return %h : !my_rt.buffer
}

// A buffer that is not packed is still checked next to one that is.
func.func @packed_and_leaked() -> !my_rt.buffer {
  %a = memref.alloc() : memref<4xf32>
  %b = memref.alloc() : memref<4xf32> // expected-warning {{buffer %b is never freed [leak]}}
  %h = "my_rt.wrap"(%a) : (memref<4xf32>) -> !my_rt.buffer
  return %h : !my_rt.buffer // expected-note {{the function exits here with %b still allocated}}
}
