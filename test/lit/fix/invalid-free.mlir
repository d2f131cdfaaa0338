// Without --unsafe-fixes the free of the argument stays, and fix exits 1.
// RUN: not %memlint fix %s > %t.safe 2> %t.err
// RUN: FileCheck %s --strict-whitespace --match-full-lines --check-prefixes=CHECK,SAFE < %t.safe
// RUN: FileCheck %s --check-prefix=LEFT < %t.err
// RUN: %memlint fix --unsafe-fixes %s | FileCheck %s --strict-whitespace --match-full-lines --check-prefixes=CHECK,UNSAFE
// RUN: %memlint fix --unsafe-fixes %s | %memlint lint -
// RUN: %memlint fix --unsafe-fixes %s | %memlint fix --unsafe-fixes --check -

// LEFT: 1 finding left that no safe fix removes

memref.global "private" @table : memref<4xf32> = dense<1.0>

// Stack memory: removing the free is safe.
// CHECK-LABEL:func.func @stack(%v: f32) {
// CHECK-NEXT:  %c0 = arith.constant 0 : index
// CHECK-NEXT:  %a = memref.alloca() : memref<4xf32>
// CHECK-NEXT:  memref.store %v, %a[%c0] : memref<4xf32>
// CHECK-NEXT:  return
// CHECK-NEXT:}
func.func @stack(%v: f32) {
  %c0 = arith.constant 0 : index
  %a = memref.alloca() : memref<4xf32>
  memref.store %v, %a[%c0] : memref<4xf32>
  memref.dealloc %a : memref<4xf32>
  return
}

// A global: removing the free is safe.
// CHECK-LABEL:func.func @global() -> f32 {
// CHECK-NEXT:  %c0 = arith.constant 0 : index
// CHECK-NEXT:  %g = memref.get_global @table : memref<4xf32>
// CHECK-NEXT:  %x = memref.load %g[%c0] : memref<4xf32>
// CHECK-NEXT:  return %x : f32
// CHECK-NEXT:}
func.func @global() -> f32 {
  %c0 = arith.constant 0 : index
  %g = memref.get_global @table : memref<4xf32>
  %x = memref.load %g[%c0] : memref<4xf32>
  memref.dealloc %g : memref<4xf32>
  return %x : f32
}

// An argument: the caller may have handed it over, so removing the free is
// unsafe and only done with --unsafe-fixes.
// SAFE-LABEL:func.func @argument(%m: memref<4xf32>) {
// SAFE-NEXT:  memref.dealloc %m : memref<4xf32>
// SAFE-NEXT:  return
// SAFE-NEXT:}
// UNSAFE-LABEL:func.func @argument(%m: memref<4xf32>) {
// UNSAFE-NEXT:  return
// UNSAFE-NEXT:}
func.func @argument(%m: memref<4xf32>) {
  memref.dealloc %m : memref<4xf32>
  return
}

// An interior view: free the whole buffer.
// CHECK-LABEL:func.func @interior(%v: f32) {
// CHECK-NEXT:  %c0 = arith.constant 0 : index
// CHECK-NEXT:  %a = memref.alloc() : memref<8xf32>
// CHECK-NEXT:  %s = memref.subview %a[4] [4] [1] : memref<8xf32> to memref<4xf32, strided<[1], offset: 4>>
// CHECK-NEXT:  memref.store %v, %s[%c0] : memref<4xf32, strided<[1], offset: 4>>
// CHECK-NEXT:  memref.dealloc %a : memref<8xf32>
// CHECK-NEXT:  return
// CHECK-NEXT:}
func.func @interior(%v: f32) {
  %c0 = arith.constant 0 : index
  %a = memref.alloc() : memref<8xf32>
  %s = memref.subview %a[4] [4] [1] : memref<8xf32> to memref<4xf32, strided<[1], offset: 4>>
  memref.store %v, %s[%c0] : memref<4xf32, strided<[1], offset: 4>>
  memref.dealloc %s : memref<4xf32, strided<[1], offset: 4>>
  return
}

// Heap on one path, stack on the other: the free is kept for the heap path.
// CHECK-LABEL:func.func @join(%c: i1, %v: f32) {
// CHECK-NEXT:  %c0 = arith.constant 0 : index
// CHECK-NEXT:  cf.cond_br %c, ^heap, ^stack
// CHECK-NEXT:^heap:
// CHECK-NEXT:  %h = memref.alloc() : memref<4xf32>
// CHECK-NEXT:  cf.br ^join(%h : memref<4xf32>)
// CHECK-NEXT:^stack:
// CHECK-NEXT:  %s = memref.alloca() : memref<4xf32>
// CHECK-NEXT:  cf.br ^join(%s : memref<4xf32>)
// CHECK-NEXT:^join(%m: memref<4xf32>):
// CHECK-NEXT:  memref.store %v, %m[%c0] : memref<4xf32>
// CHECK-NEXT:  scf.if %c {
// CHECK-NEXT:    memref.dealloc %m : memref<4xf32>
// CHECK-NEXT:  }
// CHECK-NEXT:  return
// CHECK-NEXT:}
func.func @join(%c: i1, %v: f32) {
  %c0 = arith.constant 0 : index
  cf.cond_br %c, ^heap, ^stack
^heap:
  %h = memref.alloc() : memref<4xf32>
  cf.br ^join(%h : memref<4xf32>)
^stack:
  %s = memref.alloca() : memref<4xf32>
  cf.br ^join(%s : memref<4xf32>)
^join(%m: memref<4xf32>):
  memref.store %v, %m[%c0] : memref<4xf32>
  memref.dealloc %m : memref<4xf32>
  return
}

// Reallocating stack memory frees it: write it as the alloc and copy it
// does, without the free.
// CHECK-LABEL:func.func @realloc_stack(%v: f32) -> f32 {
// CHECK-NEXT:  %c0 = arith.constant 0 : index
// CHECK-NEXT:  %s = memref.alloca() : memref<2xf32>
// CHECK-NEXT:  memref.store %v, %s[%c0] : memref<2xf32>
// CHECK-NEXT:  %g = memref.alloc() : memref<4xf32>
// CHECK-NEXT:  %memlint_head0 = memref.subview %g[0] [2] [1] : memref<4xf32> to memref<2xf32, strided<[1]>>
// CHECK-NEXT:  memref.copy %s, %memlint_head0 : memref<2xf32> to memref<2xf32, strided<[1]>>
// CHECK-NEXT:  %x = memref.load %g[%c0] : memref<4xf32>
// CHECK-NEXT:  memref.dealloc %g : memref<4xf32>
// CHECK-NEXT:  return %x : f32
// CHECK-NEXT:}
func.func @realloc_stack(%v: f32) -> f32 {
  %c0 = arith.constant 0 : index
  %s = memref.alloca() : memref<2xf32>
  memref.store %v, %s[%c0] : memref<2xf32>
  %g = memref.realloc %s : memref<2xf32> to memref<4xf32>
  %x = memref.load %g[%c0] : memref<4xf32>
  memref.dealloc %g : memref<4xf32>
  return %x : f32
}
