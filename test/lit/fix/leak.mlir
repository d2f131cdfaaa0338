// RUN: %memlint fix %s | FileCheck %s --strict-whitespace --match-full-lines
// RUN: %memlint fix %s | %memlint lint -
// RUN: %memlint fix %s | %memlint fix --check -

// Never freed: the free goes right after the last use.
// CHECK-LABEL:func.func @straight(%v: f32) -> f32 {
// CHECK-NEXT:  %c0 = arith.constant 0 : index
// CHECK-NEXT:  %a = memref.alloc() : memref<4xf32>
// CHECK-NEXT:  memref.store %v, %a[%c0] : memref<4xf32>
// CHECK-NEXT:  %x = memref.load %a[%c0] : memref<4xf32>
// CHECK-NEXT:  memref.dealloc %a : memref<4xf32>
// CHECK-NEXT:  %y = arith.addf %x, %x : f32
// CHECK-NEXT:  return %y : f32
// CHECK-NEXT:}
func.func @straight(%v: f32) -> f32 {
  %c0 = arith.constant 0 : index
  %a = memref.alloc() : memref<4xf32>
  memref.store %v, %a[%c0] : memref<4xf32>
  %x = memref.load %a[%c0] : memref<4xf32>
  %y = arith.addf %x, %x : f32
  return %y : f32
}

// Freed in one branch only: the other branch gets an else region.
// CHECK-LABEL:func.func @one_branch(%c: i1) {
// CHECK-NEXT:  %a = memref.alloc() : memref<128x4096xbf16, "SRAM">
// CHECK-NEXT:  scf.if %c {
// CHECK-NEXT:    memref.dealloc %a : memref<128x4096xbf16, "SRAM">
// CHECK-NEXT:  } else {
// CHECK-NEXT:    memref.dealloc %a : memref<128x4096xbf16, "SRAM">
// CHECK-NEXT:  }
// CHECK-NEXT:  return
// CHECK-NEXT:}
func.func @one_branch(%c: i1) {
  %a = memref.alloc() : memref<128x4096xbf16, "SRAM">
  scf.if %c {
    memref.dealloc %a : memref<128x4096xbf16, "SRAM">
  }
  return
}

// The leaking branch exists but is written empty.
// CHECK-LABEL:func.func @empty_then(%c: i1) {
// CHECK-NEXT:  %a = memref.alloc() : memref<8xi8>
// CHECK-NEXT:  scf.if %c {
// CHECK-NEXT:    memref.dealloc %a : memref<8xi8>
// CHECK-NEXT:  } else {
// CHECK-NEXT:    memref.dealloc %a : memref<8xi8>
// CHECK-NEXT:  }
// CHECK-NEXT:  return
// CHECK-NEXT:}
func.func @empty_then(%c: i1) {
  %a = memref.alloc() : memref<8xi8>
  scf.if %c {
  } else {
    memref.dealloc %a : memref<8xi8>
  }
  return
}

// Nested regions: the inner scf.if frees on one path only.
// CHECK-LABEL:func.func @nested(%c: i1, %d: i1, %v: f32) {
// CHECK-NEXT:  %c0 = arith.constant 0 : index
// CHECK-NEXT:  scf.if %c {
// CHECK-NEXT:    %t = memref.alloc() : memref<4xf32>
// CHECK-NEXT:    memref.store %v, %t[%c0] : memref<4xf32>
// CHECK-NEXT:    scf.if %d {
// CHECK-NEXT:      memref.dealloc %t : memref<4xf32>
// CHECK-NEXT:    } else {
// CHECK-NEXT:      memref.dealloc %t : memref<4xf32>
// CHECK-NEXT:    }
// CHECK-NEXT:  }
// CHECK-NEXT:  return
// CHECK-NEXT:}
func.func @nested(%c: i1, %d: i1, %v: f32) {
  %c0 = arith.constant 0 : index
  scf.if %c {
    %t = memref.alloc() : memref<4xf32>
    memref.store %v, %t[%c0] : memref<4xf32>
    scf.if %d {
      memref.dealloc %t : memref<4xf32>
    }
  }
  return
}

// A CFG diamond: the free goes into the branch block that forgot it.
// CHECK-LABEL:func.func @diamond(%c: i1, %v: f32) {
// CHECK-NEXT:  %c0 = arith.constant 0 : index
// CHECK-NEXT:  %a = memref.alloc() : memref<8xf32>
// CHECK-NEXT:  cf.cond_br %c, ^bb1, ^bb2
// CHECK-NEXT:^bb1:
// CHECK-NEXT:  memref.store %v, %a[%c0] : memref<8xf32>
// CHECK-NEXT:  memref.dealloc %a : memref<8xf32>
// CHECK-NEXT:  cf.br ^bb3
// CHECK-NEXT:^bb2:
// CHECK-NEXT:  memref.dealloc %a : memref<8xf32>
// CHECK-NEXT:  cf.br ^bb3
// CHECK-NEXT:^bb3:
// CHECK-NEXT:  return
// CHECK-NEXT:}
func.func @diamond(%c: i1, %v: f32) {
  %c0 = arith.constant 0 : index
  %a = memref.alloc() : memref<8xf32>
  cf.cond_br %c, ^bb1, ^bb2
^bb1:
  memref.store %v, %a[%c0] : memref<8xf32>
  memref.dealloc %a : memref<8xf32>
  cf.br ^bb3
^bb2:
  cf.br ^bb3
^bb3:
  return
}

// The leaking path is an edge straight into a shared block: it is split.
// CHECK-LABEL:func.func @edge(%c: i1, %v: f32) {
// CHECK-NEXT:  %c0 = arith.constant 0 : index
// CHECK-NEXT:  %a = memref.alloc() : memref<8xf32>
// CHECK-NEXT:  memref.store %v, %a[%c0] : memref<8xf32>
// CHECK-NEXT:  cf.cond_br %c, ^free, ^memlint_free0
// CHECK-NEXT:^memlint_free0:
// CHECK-NEXT:  memref.dealloc %a : memref<8xf32>
// CHECK-NEXT:  cf.br ^out(%v : f32)
// CHECK-NEXT:^free:
// CHECK-NEXT:  memref.dealloc %a : memref<8xf32>
// CHECK-NEXT:  cf.br ^out(%v : f32)
// CHECK-NEXT:^out(%r: f32):
// CHECK-NEXT:  return
// CHECK-NEXT:}
func.func @edge(%c: i1, %v: f32) {
  %c0 = arith.constant 0 : index
  %a = memref.alloc() : memref<8xf32>
  memref.store %v, %a[%c0] : memref<8xf32>
  cf.cond_br %c, ^free, ^out(%v : f32)
^free:
  memref.dealloc %a : memref<8xf32>
  cf.br ^out(%v : f32)
^out(%r: f32):
  return
}

// Allocated in a loop body and never freed there: freed in the body.
// CHECK-LABEL:func.func @in_loop(%n: index, %v: f32) {
// CHECK-NEXT:  %c0 = arith.constant 0 : index
// CHECK-NEXT:  %c1 = arith.constant 1 : index
// CHECK-NEXT:  scf.for %i = %c0 to %n step %c1 {
// CHECK-NEXT:    %t = memref.alloc() : memref<16xf32>
// CHECK-NEXT:    memref.store %v, %t[%i] : memref<16xf32>
// CHECK-NEXT:    memref.dealloc %t : memref<16xf32>
// CHECK-NEXT:  }
// CHECK-NEXT:  return
// CHECK-NEXT:}
func.func @in_loop(%n: index, %v: f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %c0 to %n step %c1 {
    %t = memref.alloc() : memref<16xf32>
    memref.store %v, %t[%i] : memref<16xf32>
  }
  return
}

// Used in a loop: freed after the loop, not inside it.
// CHECK-LABEL:func.func @around_loop(%n: index, %v: f32) {
// CHECK-NEXT:  %c0 = arith.constant 0 : index
// CHECK-NEXT:  %c1 = arith.constant 1 : index
// CHECK-NEXT:  %a = memref.alloc(%n) : memref<?xf32>
// CHECK-NEXT:  scf.for %i = %c0 to %n step %c1 {
// CHECK-NEXT:    memref.store %v, %a[%i] : memref<?xf32>
// CHECK-NEXT:  }
// CHECK-NEXT:  memref.dealloc %a : memref<?xf32>
// CHECK-NEXT:  return
// CHECK-NEXT:}
func.func @around_loop(%n: index, %v: f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %a = memref.alloc(%n) : memref<?xf32>
  scf.for %i = %c0 to %n step %c1 {
    memref.store %v, %a[%i] : memref<?xf32>
  }
  return
}

// Uses through views count: the free comes after the last one.
// CHECK-LABEL:func.func @views(%v: f32) -> f32 {
// CHECK-NEXT:  %c0 = arith.constant 0 : index
// CHECK-NEXT:  %c16 = arith.constant 16 : index
// CHECK-NEXT:  %arena = memref.alloc() : memref<32xi8>
// CHECK-NEXT:  %p = memref.view %arena[%c16][] : memref<32xi8> to memref<4xf32>
// CHECK-NEXT:  %d = memref.cast %p : memref<4xf32> to memref<?xf32>
// CHECK-NEXT:  memref.store %v, %d[%c0] : memref<?xf32>
// CHECK-NEXT:  %x = memref.load %p[%c0] : memref<4xf32>
// CHECK-NEXT:  memref.dealloc %arena : memref<32xi8>
// CHECK-NEXT:  return %x : f32
// CHECK-NEXT:}
func.func @views(%v: f32) -> f32 {
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  %arena = memref.alloc() : memref<32xi8>
  %p = memref.view %arena[%c16][] : memref<32xi8> to memref<4xf32>
  %d = memref.cast %p : memref<4xf32> to memref<?xf32>
  memref.store %v, %d[%c0] : memref<?xf32>
  %x = memref.load %p[%c0] : memref<4xf32>
  return %x : f32
}

// Returned on one path: freed only on the other.
// CHECK-LABEL:func.func @escapes(%c: i1) -> memref<4xf32> {
// CHECK-NEXT:  %a = memref.alloc() : memref<4xf32>
// CHECK-NEXT:  %b = memref.alloc() : memref<4xf32>
// CHECK-NEXT:  cf.cond_br %c, ^ret_a, ^ret_b
// CHECK-NEXT:^ret_a:
// CHECK-NEXT:  memref.dealloc %b : memref<4xf32>
// CHECK-NEXT:  return %a : memref<4xf32>
// CHECK-NEXT:^ret_b:
// CHECK-NEXT:  memref.dealloc %a : memref<4xf32>
// CHECK-NEXT:  return %b : memref<4xf32>
// CHECK-NEXT:}
func.func @escapes(%c: i1) -> memref<4xf32> {
  %a = memref.alloc() : memref<4xf32>
  %b = memref.alloc() : memref<4xf32>
  cf.cond_br %c, ^ret_a, ^ret_b
^ret_a:
  return %a : memref<4xf32>
^ret_b:
  return %b : memref<4xf32>
}

// realloc: the grown buffer is the one to free.
// CHECK-LABEL:func.func @grown(%v: f32) {
// CHECK-NEXT:  %c5 = arith.constant 5 : index
// CHECK-NEXT:  %a = memref.alloc() : memref<4xf32>
// CHECK-NEXT:  %b = memref.realloc %a : memref<4xf32> to memref<8xf32>
// CHECK-NEXT:  memref.store %v, %b[%c5] : memref<8xf32>
// CHECK-NEXT:  memref.dealloc %b : memref<8xf32>
// CHECK-NEXT:  return
// CHECK-NEXT:}
func.func @grown(%v: f32) {
  %c5 = arith.constant 5 : index
  %a = memref.alloc() : memref<4xf32>
  %b = memref.realloc %a : memref<4xf32> to memref<8xf32>
  memref.store %v, %b[%c5] : memref<8xf32>
  return
}

// gpu.alloc is freed with gpu.dealloc.
// CHECK-LABEL:func.func @device(%n: index) {
// CHECK-NEXT:  %a = gpu.alloc (%n) : memref<?xf32, 1>
// CHECK-NEXT:  %b = gpu.alloc host_shared () : memref<16xf32>
// CHECK-NEXT:  "test.kernel"(%a, %b) : (memref<?xf32, 1>, memref<16xf32>) -> ()
// CHECK-NEXT:  gpu.dealloc %a : memref<?xf32, 1>
// CHECK-NEXT:  gpu.dealloc %b : memref<16xf32>
// CHECK-NEXT:  return
// CHECK-NEXT:}
func.func @device(%n: index) {
  %a = gpu.alloc (%n) : memref<?xf32, 1>
  %b = gpu.alloc host_shared () : memref<16xf32>
  "test.kernel"(%a, %b) : (memref<?xf32, 1>, memref<16xf32>) -> ()
  return
}

// CHECK-LABEL:func.func @make(%n: index) -> memref<?xf32> {
// CHECK-NEXT:  %a = memref.alloc(%n) : memref<?xf32>
// CHECK-NEXT:  return %a : memref<?xf32>
// CHECK-NEXT:}
func.func @make(%n: index) -> memref<?xf32> {
  %a = memref.alloc(%n) : memref<?xf32>
  return %a : memref<?xf32>
}

// A call returning a fresh buffer.
// CHECK-LABEL:func.func @caller(%n: index, %v: f32) {
// CHECK-NEXT:  %c0 = arith.constant 0 : index
// CHECK-NEXT:  %m = func.call @make(%n) : (index) -> memref<?xf32>
// CHECK-NEXT:  memref.store %v, %m[%c0] : memref<?xf32>
// CHECK-NEXT:  memref.dealloc %m : memref<?xf32>
// CHECK-NEXT:  return
// CHECK-NEXT:}
func.func @caller(%n: index, %v: f32) {
  %c0 = arith.constant 0 : index
  %m = func.call @make(%n) : (index) -> memref<?xf32>
  memref.store %v, %m[%c0] : memref<?xf32>
  return
}

// Forwarded through iter_args: each iteration frees what it received.
// CHECK-LABEL:func.func @carried(%n: index) -> f32 {
// CHECK-NEXT:  %c0 = arith.constant 0 : index
// CHECK-NEXT:  %c1 = arith.constant 1 : index
// CHECK-NEXT:  %one = arith.constant 1.0 : f32
// CHECK-NEXT:  %init = memref.alloc() : memref<1xf32>
// CHECK-NEXT:  memref.store %one, %init[%c0] : memref<1xf32>
// CHECK-NEXT:  %last = scf.for %i = %c0 to %n step %c1 iter_args(%cur = %init) -> (memref<1xf32>) {
// CHECK-NEXT:    %x = memref.load %cur[%c0] : memref<1xf32>
// CHECK-NEXT:    memref.dealloc %cur : memref<1xf32>
// CHECK-NEXT:    %nb = memref.alloc() : memref<1xf32>
// CHECK-NEXT:    memref.store %x, %nb[%c0] : memref<1xf32>
// CHECK-NEXT:    scf.yield %nb : memref<1xf32>
// CHECK-NEXT:  }
// CHECK-NEXT:  %r = memref.load %last[%c0] : memref<1xf32>
// CHECK-NEXT:  memref.dealloc %last : memref<1xf32>
// CHECK-NEXT:  return %r : f32
// CHECK-NEXT:}
func.func @carried(%n: index) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %one = arith.constant 1.0 : f32
  %init = memref.alloc() : memref<1xf32>
  memref.store %one, %init[%c0] : memref<1xf32>
  %last = scf.for %i = %c0 to %n step %c1 iter_args(%cur = %init) -> (memref<1xf32>) {
    %x = memref.load %cur[%c0] : memref<1xf32>
    %nb = memref.alloc() : memref<1xf32>
    memref.store %x, %nb[%c0] : memref<1xf32>
    scf.yield %nb : memref<1xf32>
  }
  %r = memref.load %last[%c0] : memref<1xf32>
  memref.dealloc %last : memref<1xf32>
  return %r : f32
}

// A region result that is a fresh copy on one path and the original on the
// other: the original is freed where it dies on the copying path, and the
// result once after its last use.
// CHECK-LABEL:func.func @merged(%c: i1, %i: index, %v: f32) -> f32 {
// CHECK-NEXT:  %a = memref.alloc() : memref<16xf32>
// CHECK-NEXT:  memref.store %v, %a[%i] : memref<16xf32>
// CHECK-NEXT:  %r = scf.if %c -> (memref<16xf32>) {
// CHECK-NEXT:    %t = memref.alloc() : memref<16xf32>
// CHECK-NEXT:    memref.copy %a, %t : memref<16xf32> to memref<16xf32>
// CHECK-NEXT:    memref.dealloc %a : memref<16xf32>
// CHECK-NEXT:    scf.yield %t : memref<16xf32>
// CHECK-NEXT:  } else {
// CHECK-NEXT:    scf.yield %a : memref<16xf32>
// CHECK-NEXT:  }
// CHECK-NEXT:  %x = memref.load %r[%i] : memref<16xf32>
// CHECK-NEXT:  memref.dealloc %r : memref<16xf32>
// CHECK-NEXT:  return %x : f32
// CHECK-NEXT:}
func.func @merged(%c: i1, %i: index, %v: f32) -> f32 {
  %a = memref.alloc() : memref<16xf32>
  memref.store %v, %a[%i] : memref<16xf32>
  %r = scf.if %c -> (memref<16xf32>) {
    %t = memref.alloc() : memref<16xf32>
    memref.copy %a, %t : memref<16xf32> to memref<16xf32>
    scf.yield %t : memref<16xf32>
  } else {
    scf.yield %a : memref<16xf32>
  }
  %x = memref.load %r[%i] : memref<16xf32>
  return %x : f32
}

// The same through block arguments.
// CHECK-LABEL:func.func @merged_cfg(%c0: i1, %c1: i1, %i: index, %v: f32) -> f32 {
// CHECK-NEXT:  %a = memref.alloc() : memref<8xf32>
// CHECK-NEXT:  memref.store %v, %a[%i] : memref<8xf32>
// CHECK-NEXT:  cf.cond_br %c0, ^l, ^r
// CHECK-NEXT:^l:
// CHECK-NEXT:  %b = memref.alloc() : memref<8xf32>
// CHECK-NEXT:  memref.copy %a, %b : memref<8xf32> to memref<8xf32>
// CHECK-NEXT:  memref.dealloc %a : memref<8xf32>
// CHECK-NEXT:  cf.br ^j1(%b : memref<8xf32>)
// CHECK-NEXT:^r:
// CHECK-NEXT:  cf.br ^j1(%a : memref<8xf32>)
// CHECK-NEXT:^j1(%x: memref<8xf32>):
// CHECK-NEXT:  cf.cond_br %c1, ^l2, ^j2(%x : memref<8xf32>)
// CHECK-NEXT:^l2:
// CHECK-NEXT:  %d = memref.alloc() : memref<8xf32>
// CHECK-NEXT:  memref.copy %x, %d : memref<8xf32> to memref<8xf32>
// CHECK-NEXT:  memref.dealloc %x : memref<8xf32>
// CHECK-NEXT:  cf.br ^j2(%d : memref<8xf32>)
// CHECK-NEXT:^j2(%y: memref<8xf32>):
// CHECK-NEXT:  %r = memref.load %y[%i] : memref<8xf32>
// CHECK-NEXT:  memref.dealloc %y : memref<8xf32>
// CHECK-NEXT:  return %r : f32
// CHECK-NEXT:}
func.func @merged_cfg(%c0: i1, %c1: i1, %i: index, %v: f32) -> f32 {
  %a = memref.alloc() : memref<8xf32>
  memref.store %v, %a[%i] : memref<8xf32>
  cf.cond_br %c0, ^l, ^r
^l:
  %b = memref.alloc() : memref<8xf32>
  memref.copy %a, %b : memref<8xf32> to memref<8xf32>
  cf.br ^j1(%b : memref<8xf32>)
^r:
  cf.br ^j1(%a : memref<8xf32>)
^j1(%x: memref<8xf32>):
  cf.cond_br %c1, ^l2, ^j2(%x : memref<8xf32>)
^l2:
  %d = memref.alloc() : memref<8xf32>
  memref.copy %x, %d : memref<8xf32> to memref<8xf32>
  cf.br ^j2(%d : memref<8xf32>)
^j2(%y: memref<8xf32>):
  %r = memref.load %y[%i] : memref<8xf32>
  return %r : f32
}

// Freed through a select of two buffers: each other one is freed under the
// select's condition (no plain free of either is right on every path).
// CHECK-LABEL:func.func @through_select(%c: i1) {
// CHECK-NEXT:  %a = memref.alloc() : memref<16xf32>
// CHECK-NEXT:  %x = memref.alloc() : memref<16xf32>
// CHECK-NEXT:  %s = arith.select %c, %a, %x : memref<16xf32>
// CHECK-NEXT:  scf.if %c {} else { memref.dealloc %a : memref<16xf32> }
// CHECK-NEXT:  scf.if %c { memref.dealloc %x : memref<16xf32> }
// CHECK-NEXT:  memref.dealloc %s : memref<16xf32>
// CHECK-NEXT:  return
// CHECK-NEXT:}
func.func @through_select(%c: i1) {
  %a = memref.alloc() : memref<16xf32>
  %x = memref.alloc() : memref<16xf32>
  %s = arith.select %c, %a, %x : memref<16xf32>
  memref.dealloc %s : memref<16xf32>
  return
}
