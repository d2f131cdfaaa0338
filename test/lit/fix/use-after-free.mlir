// RUN: %memlint fix %s | FileCheck %s --strict-whitespace --match-full-lines
// RUN: %memlint fix %s | %memlint lint -
// RUN: %memlint fix %s | %memlint fix --check -

// Freed before its last use: the free moves after it.
// CHECK-LABEL:func.func @early(%v: f32) -> f32 {
// CHECK-NEXT:  %c0 = arith.constant 0 : index
// CHECK-NEXT:  %a = memref.alloc() : memref<4xf32>
// CHECK-NEXT:  memref.store %v, %a[%c0] : memref<4xf32>
// CHECK-NEXT:  %x = memref.load %a[%c0] : memref<4xf32>
// CHECK-NEXT:  memref.dealloc %a : memref<4xf32>
// CHECK-NEXT:  return %x : f32
// CHECK-NEXT:}
func.func @early(%v: f32) -> f32 {
  %c0 = arith.constant 0 : index
  %a = memref.alloc() : memref<4xf32>
  memref.store %v, %a[%c0] : memref<4xf32>
  memref.dealloc %a : memref<4xf32>
  %x = memref.load %a[%c0] : memref<4xf32>
  return %x : f32
}

// Freed in a branch, used after the join.
// CHECK-LABEL:func.func @branch(%c: i1, %v: f32) -> f32 {
// CHECK-NEXT:  %c0 = arith.constant 0 : index
// CHECK-NEXT:  %a = memref.alloc() : memref<4xf32>
// CHECK-NEXT:  memref.store %v, %a[%c0] : memref<4xf32>
// CHECK-NEXT:  %x = memref.load %a[%c0] : memref<4xf32>
// CHECK-NEXT:  memref.dealloc %a : memref<4xf32>
// CHECK-NEXT:  return %x : f32
// CHECK-NEXT:}
func.func @branch(%c: i1, %v: f32) -> f32 {
  %c0 = arith.constant 0 : index
  %a = memref.alloc() : memref<4xf32>
  memref.store %v, %a[%c0] : memref<4xf32>
  scf.if %c {
    memref.dealloc %a : memref<4xf32>
  }
  %x = memref.load %a[%c0] : memref<4xf32>
  return %x : f32
}

// Used through a subview after the free.
// CHECK-LABEL:func.func @view(%v: f32) -> f32 {
// CHECK-NEXT:  %c0 = arith.constant 0 : index
// CHECK-NEXT:  %a = memref.alloc() : memref<8xf32>
// CHECK-NEXT:  %s = memref.subview %a[0] [4] [1] : memref<8xf32> to memref<4xf32, strided<[1]>>
// CHECK-NEXT:  memref.store %v, %s[%c0] : memref<4xf32, strided<[1]>>
// CHECK-NEXT:  %x = memref.load %s[%c0] : memref<4xf32, strided<[1]>>
// CHECK-NEXT:  memref.dealloc %a : memref<8xf32>
// CHECK-NEXT:  return %x : f32
// CHECK-NEXT:}
func.func @view(%v: f32) -> f32 {
  %c0 = arith.constant 0 : index
  %a = memref.alloc() : memref<8xf32>
  %s = memref.subview %a[0] [4] [1] : memref<8xf32> to memref<4xf32, strided<[1]>>
  memref.dealloc %a : memref<8xf32>
  memref.store %v, %s[%c0] : memref<4xf32, strided<[1]>>
  %x = memref.load %s[%c0] : memref<4xf32, strided<[1]>>
  return %x : f32
}

// Freed, then returned.
// CHECK-LABEL:func.func @returned() -> memref<4xf32> {
// CHECK-NEXT:  %a = memref.alloc() : memref<4xf32>
// CHECK-NEXT:  return %a : memref<4xf32>
// CHECK-NEXT:}
func.func @returned() -> memref<4xf32> {
  %a = memref.alloc() : memref<4xf32>
  memref.dealloc %a : memref<4xf32>
  return %a : memref<4xf32>
}

// Dynamic shape, freed too early on one CFG path.
// CHECK-LABEL:func.func @dynamic(%c: i1, %n: index, %v: f32) -> f32 {
// CHECK-NEXT:  %c0 = arith.constant 0 : index
// CHECK-NEXT:  %a = memref.alloc(%n) : memref<?xf32>
// CHECK-NEXT:  memref.store %v, %a[%c0] : memref<?xf32>
// CHECK-NEXT:  cf.cond_br %c, ^early, ^join
// CHECK-NEXT:^early:
// CHECK-NEXT:  cf.br ^join
// CHECK-NEXT:^join:
// CHECK-NEXT:  %x = memref.load %a[%c0] : memref<?xf32>
// CHECK-NEXT:  cf.cond_br %c, ^memlint_free0, ^late
// CHECK-NEXT:^memlint_free0:
// CHECK-NEXT:  memref.dealloc %a : memref<?xf32>
// CHECK-NEXT:  cf.br ^done
// CHECK-NEXT:^late:
// CHECK-NEXT:  memref.dealloc %a : memref<?xf32>
// CHECK-NEXT:  cf.br ^done
// CHECK-NEXT:^done:
// CHECK-NEXT:  return %x : f32
// CHECK-NEXT:}
func.func @dynamic(%c: i1, %n: index, %v: f32) -> f32 {
  %c0 = arith.constant 0 : index
  %a = memref.alloc(%n) : memref<?xf32>
  memref.store %v, %a[%c0] : memref<?xf32>
  cf.cond_br %c, ^early, ^join
^early:
  memref.dealloc %a : memref<?xf32>
  cf.br ^join
^join:
  %x = memref.load %a[%c0] : memref<?xf32>
  cf.cond_br %c, ^done, ^late
^late:
  memref.dealloc %a : memref<?xf32>
  cf.br ^done
^done:
  return %x : f32
}

// A loop-carried buffer freed too early on one path: the free moves after
// the last use, on both paths.
// CHECK-LABEL:func.func @carried(%c: i1) -> f32 {
// CHECK-NEXT:  %c0 = arith.constant 0 : index
// CHECK-NEXT:  %c1 = arith.constant 1 : index
// CHECK-NEXT:  %c3 = arith.constant 3 : index
// CHECK-NEXT:  %one = arith.constant 1.0 : f32
// CHECK-NEXT:  %init = memref.alloc() : memref<1xf32>
// CHECK-NEXT:  memref.store %one, %init[%c0] : memref<1xf32>
// CHECK-NEXT:  %last = scf.for %i = %c0 to %c3 step %c1 iter_args(%cur = %init) -> (memref<1xf32>) {
// CHECK-NEXT:    %nb = memref.alloc() : memref<1xf32>
// CHECK-NEXT:    %x = memref.load %cur[%c0] : memref<1xf32>
// CHECK-NEXT:    %y = arith.addf %x, %one : f32
// CHECK-NEXT:    memref.store %y, %nb[%c0] : memref<1xf32>
// CHECK-NEXT:    scf.if %c {
// CHECK-NEXT:      memref.dealloc %cur : memref<1xf32>
// CHECK-NEXT:    } else {
// CHECK-NEXT:      memref.dealloc %cur : memref<1xf32>
// CHECK-NEXT:    }
// CHECK-NEXT:    scf.yield %nb : memref<1xf32>
// CHECK-NEXT:  }
// CHECK-NEXT:  %r = memref.load %last[%c0] : memref<1xf32>
// CHECK-NEXT:  memref.dealloc %last : memref<1xf32>
// CHECK-NEXT:  return %r : f32
// CHECK-NEXT:}
func.func @carried(%c: i1) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %one = arith.constant 1.0 : f32
  %init = memref.alloc() : memref<1xf32>
  memref.store %one, %init[%c0] : memref<1xf32>
  %last = scf.for %i = %c0 to %c3 step %c1 iter_args(%cur = %init) -> (memref<1xf32>) {
    %nb = memref.alloc() : memref<1xf32>
    scf.if %c {
      memref.dealloc %cur : memref<1xf32>
    }
    %x = memref.load %cur[%c0] : memref<1xf32>
    %y = arith.addf %x, %one : f32
    memref.store %y, %nb[%c0] : memref<1xf32>
    scf.if %c {
    } else {
      memref.dealloc %cur : memref<1xf32>
    }
    scf.yield %nb : memref<1xf32>
  }
  %r = memref.load %last[%c0] : memref<1xf32>
  memref.dealloc %last : memref<1xf32>
  return %r : f32
}

// The old buffer is read after memref.realloc freed it: keep it (alloc and
// copy instead) and free it after its last use.
// CHECK-LABEL:func.func @realloc(%c: i1, %v: f32) -> f32 {
// CHECK-NEXT:  %c0 = arith.constant 0 : index
// CHECK-NEXT:  %a = memref.alloc() : memref<4xf32>
// CHECK-NEXT:  memref.store %v, %a[%c0] : memref<4xf32>
// CHECK-NEXT:  %b = memref.alloc() : memref<8xf32>
// CHECK-NEXT:  %memlint_head0 = memref.subview %b[0] [4] [1] : memref<8xf32> to memref<4xf32, strided<[1]>>
// CHECK-NEXT:  memref.copy %a, %memlint_head0 : memref<4xf32> to memref<4xf32, strided<[1]>>
// CHECK-NEXT:  %r = scf.if %c -> (f32) {
// CHECK-NEXT:    %x = memref.load %a[%c0] : memref<4xf32>
// CHECK-NEXT:    memref.dealloc %a : memref<4xf32>
// CHECK-NEXT:    scf.yield %x : f32
// CHECK-NEXT:  } else {
// CHECK-NEXT:    memref.dealloc %a : memref<4xf32>
// CHECK-NEXT:    %y = memref.load %b[%c0] : memref<8xf32>
// CHECK-NEXT:    scf.yield %y : f32
// CHECK-NEXT:  }
// CHECK-NEXT:  memref.dealloc %b : memref<8xf32>
// CHECK-NEXT:  return %r : f32
// CHECK-NEXT:}
func.func @realloc(%c: i1, %v: f32) -> f32 {
  %c0 = arith.constant 0 : index
  %a = memref.alloc() : memref<4xf32>
  memref.store %v, %a[%c0] : memref<4xf32>
  %b = memref.realloc %a : memref<4xf32> to memref<8xf32>
  %r = scf.if %c -> (f32) {
    %x = memref.load %a[%c0] : memref<4xf32>
    scf.yield %x : f32
  } else {
    %y = memref.load %b[%c0] : memref<8xf32>
    scf.yield %y : f32
  }
  memref.dealloc %b : memref<8xf32>
  return %r : f32
}

// Shrinking: the copy reads a prefix of the old buffer.
// CHECK-LABEL:func.func @realloc_shrink(%v: f32) -> f32 {
// CHECK-NEXT:  %c0 = arith.constant 0 : index
// CHECK-NEXT:  %a = memref.alloc() : memref<8xf32>
// CHECK-NEXT:  memref.store %v, %a[%c0] : memref<8xf32>
// CHECK-NEXT:  %b = memref.alloc() : memref<2xf32>
// CHECK-NEXT:  %memlint_head0 = memref.subview %a[0] [2] [1] : memref<8xf32> to memref<2xf32, strided<[1]>>
// CHECK-NEXT:  memref.copy %memlint_head0, %b : memref<2xf32, strided<[1]>> to memref<2xf32>
// CHECK-NEXT:  %x = memref.load %a[%c0] : memref<8xf32>
// CHECK-NEXT:  memref.dealloc %a : memref<8xf32>
// CHECK-NEXT:  %y = memref.load %b[%c0] : memref<2xf32>
// CHECK-NEXT:  %r = arith.addf %x, %y : f32
// CHECK-NEXT:  memref.dealloc %b : memref<2xf32>
// CHECK-NEXT:  return %r : f32
// CHECK-NEXT:}
func.func @realloc_shrink(%v: f32) -> f32 {
  %c0 = arith.constant 0 : index
  %a = memref.alloc() : memref<8xf32>
  memref.store %v, %a[%c0] : memref<8xf32>
  %b = memref.realloc %a : memref<8xf32> to memref<2xf32>
  %x = memref.load %a[%c0] : memref<8xf32>
  %y = memref.load %b[%c0] : memref<2xf32>
  %r = arith.addf %x, %y : f32
  memref.dealloc %b : memref<2xf32>
  return %r : f32
}
