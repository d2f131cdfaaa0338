// Correct IR: memlint must stay silent.
// RUN: %memlint lint --verify-diagnostics %s

// Freed on every branch of an scf.if.
func.func @both_branches(%c: i1) {
  %a = memref.alloc() : memref<4xf32>
  scf.if %c {
    memref.dealloc %a : memref<4xf32>
  } else {
    memref.dealloc %a : memref<4xf32>
  }
  return
}

// Upstream's conditional deallocation: xori with true, then both guards.
func.func @xori_guard(%x: i1) {
  %true = arith.constant true
  %a = memref.alloc() : memref<4xf32>
  %nx = arith.xori %x, %true : i1
  scf.if %x {
    memref.dealloc %a : memref<4xf32>
  }
  scf.if %nx {
    memref.dealloc %a : memref<4xf32>
  }
  return
}

// andi/ori/select built from arguments, then branches on the same values.
func.func @formula_guards(%x: i1, %y: i1) {
  %a = memref.alloc() : memref<4xf32>
  %both = arith.andi %x, %y : i1
  %either = arith.ori %x, %y : i1
  %true = arith.constant true
  %none = arith.xori %either, %true : i1
  %xnoty = arith.select %y, %none, %x : i1
  // Exactly one of: x&y, x&!y, !x (covers all cases once).
  %notx = arith.xori %x, %true : i1
  scf.if %both {
    memref.dealloc %a : memref<4xf32>
  }
  scf.if %xnoty {
    memref.dealloc %a : memref<4xf32>
  }
  scf.if %notx {
    memref.dealloc %a : memref<4xf32>
  }
  return
}

// CFG diamond with block arguments carrying ownership.
func.func @cfg_ownership(%c: i1) {
  %true = arith.constant true
  %false = arith.constant false
  %a = memref.alloc() : memref<4xf32>
  cf.cond_br %c, ^bb1, ^bb2
^bb1:
  cf.br ^bb3(%true : i1)
^bb2:
  memref.dealloc %a : memref<4xf32>
  cf.br ^bb3(%false : i1)
^bb3(%own: i1):
  scf.if %own {
    memref.dealloc %a : memref<4xf32>
  }
  return
}

// Returned buffers belong to the caller.
func.func @returns_fresh(%c: i1) -> memref<4xf32> {
  %a = memref.alloc() : memref<4xf32>
  %b = memref.alloc() : memref<4xf32>
  %r = arith.select %c, %a, %b : memref<4xf32>
  scf.if %c {
    memref.dealloc %b : memref<4xf32>
  } else {
    memref.dealloc %a : memref<4xf32>
  }
  return %r : memref<4xf32>
}

// The caller frees what the callee returns.
func.func private @make() -> memref<4xf32> {
  %a = memref.alloc() : memref<4xf32>
  return %a : memref<4xf32>
}
func.func @caller_frees() {
  %b = call @make() : () -> memref<4xf32>
  "npu.use"(%b) : (memref<4xf32>) -> ()
  memref.dealloc %b : memref<4xf32>
  return
}

// Arguments are used, not freed; passing to a call does not hand over.
func.func private @consume(memref<4xf32>)
func.func @pass_to_call(%arg: memref<4xf32>) {
  %a = memref.alloc() : memref<4xf32>
  call @consume(%a) : (memref<4xf32>) -> ()
  call @consume(%arg) : (memref<4xf32>) -> ()
  memref.dealloc %a : memref<4xf32>
  return
}

// Loop-local buffers freed in the body; loop-carried buffer freed after.
func.func @loops(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %init = memref.alloc() : memref<4xf32>
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %init) -> (memref<4xf32>) {
    %t = memref.alloc() : memref<4xf32>
    memref.copy %acc, %t : memref<4xf32> to memref<4xf32>
    memref.copy %t, %acc : memref<4xf32> to memref<4xf32>
    memref.dealloc %t : memref<4xf32>
    scf.yield %acc : memref<4xf32>
  }
  memref.dealloc %r : memref<4xf32>
  return
}

// A while loop with a buffer per iteration.
func.func @while_loop(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = scf.while (%i = %c0) : (index) -> index {
    %p = memref.alloc() : memref<1xindex>
    memref.store %i, %p[%c0] : memref<1xindex>
    %v = memref.load %p[%c0] : memref<1xindex>
    memref.dealloc %p : memref<1xindex>
    %cond = arith.cmpi slt, %v, %n : index
    scf.condition(%cond) %v : index
  } do {
  ^bb0(%j: index):
    %next = arith.addi %j, %c1 : index
    scf.yield %next : index
  }
  return
}

// A CFG loop with a buffer per iteration.
func.func @cfg_loop(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  cf.br ^head(%c0 : index)
^head(%i: index):
  %more = arith.cmpi slt, %i, %n : index
  cf.cond_br %more, ^body, ^exit
^body:
  %t = memref.alloc() : memref<8xf32>
  "npu.compute"(%t) : (memref<8xf32>) -> ()
  memref.dealloc %t : memref<8xf32>
  %next = arith.addi %i, %c1 : index
  cf.br ^head(%next : index)
^exit:
  return
}

// A loop with constant bounds runs at least once.
func.func @const_loop() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %a = memref.alloc() : memref<4xf32>
  scf.for %i = %c0 to %c4 step %c1 {
    "npu.compute"(%a) : (memref<4xf32>) -> ()
  }
  memref.dealloc %a : memref<4xf32>
  return
}

// Dynamic shapes, memory spaces, views, stack and global memory.
memref.global "private" constant @w : memref<2xf32> = dense<[1.0, 2.0]>
func.func @misc(%seq_len: index) {
  %a = memref.alloc(%seq_len) : memref<?x4096xf32>
  %s = memref.alloc() : memref<128x4096xbf16, "SRAM">
  %v = memref.subview %a[0, 0] [1, 4096] [1, 1] : memref<?x4096xf32> to memref<1x4096xf32, strided<[4096, 1]>>
  %e = memref.collapse_shape %s [[0, 1]] : memref<128x4096xbf16, "SRAM"> into memref<524288xbf16, "SRAM">
  %st = memref.alloca() : memref<4xf32>
  %g = memref.get_global @w : memref<2xf32>
  "my_npu.compute"(%v, %e, %st, %g) : (memref<1x4096xf32, strided<[4096, 1]>>, memref<524288xbf16, "SRAM">, memref<4xf32>, memref<2xf32>) -> ()
  memref.dealloc %a : memref<?x4096xf32>
  memref.dealloc %e : memref<524288xbf16, "SRAM">
  return
}

// gpu buffers, freed once; async tokens.
func.func @gpu_ok() {
  %a = gpu.alloc () : memref<16xf32, 1>
  %t0 = gpu.wait async
  %b, %t1 = gpu.alloc async [%t0] () : memref<16xf32, 1>
  %t2 = gpu.dealloc async [%t1] %b : memref<16xf32, 1>
  gpu.wait [%t2]
  gpu.dealloc %a : memref<16xf32, 1>
  return
}

// Upstream's dealloc through the base buffer of extract_strided_metadata.
func.func @base_buffer_free() {
  %a = memref.alloc() : memref<2x8xf32>
  %base, %off, %sizes:2, %strides:2 = memref.extract_strided_metadata %a : memref<2x8xf32> -> memref<f32>, index, index, index, index, index
  memref.dealloc %base : memref<f32>
  return
}

// bufferization.dealloc with conditions and retained values.
func.func @bufferization_dealloc(%c: i1) -> memref<4xf32> {
  %a = memref.alloc() : memref<4xf32>
  %b = memref.alloc() : memref<4xf32>
  %true = arith.constant true
  %own = bufferization.dealloc (%a, %b : memref<4xf32>, memref<4xf32>) if (%true, %true) retain (%b : memref<4xf32>)
  return %b : memref<4xf32>
}

// An unknown op with a region runs it once.
func.func @opaque_region() {
  %a = memref.alloc() : memref<4xf32>
  "my_npu.kernel"() ({
    "my_npu.compute"(%a) : (memref<4xf32>) -> ()
    "my_npu.yield"() : () -> ()
  }) : () -> ()
  memref.dealloc %a : memref<4xf32>
  return
}

// Suppression comment.
func.func @suppressed() {
  %a = memref.alloc() : memref<4xf32> // memlint: ignore[leak]
  return
}

// A condition loaded from memory: memlint cannot know it, so it reports
// only what happens whatever the value is.
func.func @data_condition(%flags: memref<i1>) {
  %a = memref.alloc() : memref<4xf32>
  %c = memref.load %flags[] : memref<i1>
  scf.if %c {
    memref.dealloc %a : memref<4xf32>
  }
  return
}

// Ping-pong: each iteration frees the carried buffer and carries a new one.
func.func @carried_ok(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %init = memref.alloc() : memref<1xf32>
  %last = scf.for %i = %c0 to %n step %c1 iter_args(%cur = %init) -> (memref<1xf32>) {
    %nb = memref.alloc() : memref<1xf32>
    memref.copy %cur, %nb : memref<1xf32> to memref<1xf32>
    memref.dealloc %cur : memref<1xf32>
    scf.yield %nb : memref<1xf32>
  }
  memref.dealloc %last : memref<1xf32>
  return
}

// The same through a while loop and a CFG loop.
func.func @carried_while_ok(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %init = memref.alloc() : memref<1xf32>
  %r:2 = scf.while (%i = %c0, %buf = %init) : (index, memref<1xf32>) -> (index, memref<1xf32>) {
    %cond = arith.cmpi slt, %i, %n : index
    scf.condition(%cond) %i, %buf : index, memref<1xf32>
  } do {
  ^bb0(%j: index, %b: memref<1xf32>):
    %nb = memref.alloc() : memref<1xf32>
    memref.copy %b, %nb : memref<1xf32> to memref<1xf32>
    memref.dealloc %b : memref<1xf32>
    %nj = arith.addi %j, %c1 : index
    scf.yield %nj, %nb : index, memref<1xf32>
  }
  memref.dealloc %r#1 : memref<1xf32>
  return
}

func.func @carried_cfg_ok(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %init = memref.alloc() : memref<1xf32>
  cf.br ^head(%c0, %init : index, memref<1xf32>)
^head(%i: index, %buf: memref<1xf32>):
  %more = arith.cmpi slt, %i, %n : index
  cf.cond_br %more, ^body, ^exit
^body:
  %nb = memref.alloc() : memref<1xf32>
  memref.copy %buf, %nb : memref<1xf32> to memref<1xf32>
  memref.dealloc %buf : memref<1xf32>
  %next = arith.addi %i, %c1 : index
  cf.br ^head(%next, %nb : index, memref<1xf32>)
^exit:
  memref.dealloc %buf : memref<1xf32>
  return
}
