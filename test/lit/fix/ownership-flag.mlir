// The ownership-flag fix of invalid-free: a block argument that merges heap
// buffers with stack, global or argument memory, freed after the merge.
// RUN: not %memlint fix %s > %t.safe 2> %t.err
// RUN: FileCheck %s --strict-whitespace --match-full-lines --check-prefixes=CHECK,SAFE < %t.safe
// RUN: FileCheck %s --check-prefix=LEFT < %t.err
// RUN: %memlint fix --unsafe-fixes %s > %t.unsafe 2> %t.err
// RUN: FileCheck %s --strict-whitespace --match-full-lines --check-prefixes=CHECK,UNSAFE < %t.unsafe
// RUN: FileCheck %s --check-prefix=LEFT-UNSAFE --allow-empty < %t.err
// With the unsafe fixes nothing is left, and fixing again changes nothing.
// RUN: %memlint lint %t.unsafe
// RUN: %memlint fix --unsafe-fixes --check %t.unsafe
// The fix for an argument is marked unsafe in the JSON output too.
// RUN: not %memlint lint --format=json %s | FileCheck %s --check-prefix=JSON

// LEFT: {{.*}}: 1 finding left that no safe fix removes; see memlint lint
// LEFT-UNSAFE-NOT: left
// JSON: "safe": true,
// JSON-NEXT: "title": "Free %m only when it holds a heap buffer (pass an ownership flag with it)"
// JSON-COUNT-4: "safe": true,
// JSON: "safe": false,
// JSON-NEXT: "title": "Free %m only when it holds a heap buffer (pass an ownership flag with it)"
// JSON: "safe": true,
// JSON-NEXT: "title": "Free %prev only when it holds a heap buffer (pass an ownership flag with it)"
// JSON-NOT: "safe"

memref.global "private" @table : memref<4xf32> = dense<1.0>

// A cf.switch case passes the global, the default a heap copy: no i1 tells
// the paths apart at the free, so the merge block gets one.
// CHECK-LABEL:func.func @switch_global(%k: i32) -> f32 {
// CHECK-NEXT:  %c0 = arith.constant 0 : index
// CHECK-NEXT:  %g = memref.get_global @table : memref<4xf32>
// CHECK-NEXT:  %memlint_false0 = arith.constant false
// CHECK-NEXT:  cf.switch %k : i32, [
// CHECK-NEXT:    default: ^copy,
// CHECK-NEXT:    1: ^exit(%g, %memlint_false0 : memref<4xf32>, i1)
// CHECK-NEXT:  ]
// CHECK-NEXT:^copy:
// CHECK-NEXT:  %b = memref.alloc() : memref<4xf32>
// CHECK-NEXT:  memref.copy %g, %b : memref<4xf32> to memref<4xf32>
// CHECK-NEXT:  %memlint_true0 = arith.constant true
// CHECK-NEXT:  cf.br ^exit(%b, %memlint_true0 : memref<4xf32>, i1)
// CHECK-NEXT:^exit(%m: memref<4xf32>, %memlint_owned0: i1):  // the merged buffer
// CHECK-NEXT:  %r = memref.load %m[%c0] : memref<4xf32>
// CHECK-NEXT:  scf.if %memlint_owned0 {
// CHECK-NEXT:    memref.dealloc %m : memref<4xf32>
// CHECK-NEXT:  }
// CHECK-NEXT:  return %r : f32
// CHECK-NEXT:}
func.func @switch_global(%k: i32) -> f32 {
  %c0 = arith.constant 0 : index
  %g = memref.get_global @table : memref<4xf32>
  cf.switch %k : i32, [
    default: ^copy,
    1: ^exit(%g : memref<4xf32>)
  ]
^copy:
  %b = memref.alloc() : memref<4xf32>
  memref.copy %g, %b : memref<4xf32> to memref<4xf32>
  cf.br ^exit(%b : memref<4xf32>)
^exit(%m: memref<4xf32>):  // the merged buffer
  %r = memref.load %m[%c0] : memref<4xf32>
  memref.dealloc %m : memref<4xf32>
  return %r : f32
}

// Three predecessors, other block arguments, a free through a cast: an i1
// constant already in scope is reused, new ones go before their branch.
// CHECK-LABEL:func.func @three_ways(%k: i32, %v: f32) {
// CHECK-NEXT:  %c0 = arith.constant 0 : index
// CHECK-NEXT:  %true = arith.constant true
// CHECK-NEXT:  cf.switch %k : i32, [
// CHECK-NEXT:    default: ^heap,
// CHECK-NEXT:    0: ^stack,
// CHECK-NEXT:    1: ^global
// CHECK-NEXT:  ]
// CHECK-NEXT:^heap:
// CHECK-NEXT:  %h = memref.alloc() : memref<4xf32>
// CHECK-NEXT:  cf.br ^join(%h, %v, %true : memref<4xf32>, f32, i1)
// CHECK-NEXT:^stack:
// CHECK-NEXT:  %s = memref.alloca() : memref<4xf32>
// CHECK-NEXT:  %memlint_false0 = arith.constant false
// CHECK-NEXT:  cf.br ^join(%s, %v, %memlint_false0 : memref<4xf32>, f32, i1)
// CHECK-NEXT:^global:
// CHECK-NEXT:  %g = memref.get_global @table : memref<4xf32>
// CHECK-NEXT:  %memlint_false1 = arith.constant false
// CHECK-NEXT:  cf.br ^join(%g, %v, %memlint_false1 : memref<4xf32>, f32, i1)
// CHECK-NEXT:^join(%m: memref<4xf32>, %x: f32, %memlint_owned0: i1):
// CHECK-NEXT:  %view = memref.cast %m : memref<4xf32> to memref<?xf32>
// CHECK-NEXT:  memref.store %x, %view[%c0] : memref<?xf32>
// CHECK-NEXT:  scf.if %memlint_owned0 {
// CHECK-NEXT:    memref.dealloc %view : memref<?xf32>
// CHECK-NEXT:  }
// CHECK-NEXT:  return
// CHECK-NEXT:}
func.func @three_ways(%k: i32, %v: f32) {
  %c0 = arith.constant 0 : index
  %true = arith.constant true
  cf.switch %k : i32, [
    default: ^heap,
    0: ^stack,
    1: ^global
  ]
^heap:
  %h = memref.alloc() : memref<4xf32>
  cf.br ^join(%h, %v : memref<4xf32>, f32)
^stack:
  %s = memref.alloca() : memref<4xf32>
  cf.br ^join(%s, %v : memref<4xf32>, f32)
^global:
  %g = memref.get_global @table : memref<4xf32>
  cf.br ^join(%g, %v : memref<4xf32>, f32)
^join(%m: memref<4xf32>, %x: f32):
  %view = memref.cast %m : memref<4xf32> to memref<?xf32>
  memref.store %x, %view[%c0] : memref<?xf32>
  memref.dealloc %view : memref<?xf32>
  return
}

// A merge of merges: ^mid's argument gets a flag too, and passes it on.
// CHECK-LABEL:func.func @merge_of_merges(%k: i32) -> f32 {
// CHECK-NEXT:  %c0 = arith.constant 0 : index
// CHECK-NEXT:  %g = memref.get_global @table : memref<4xf32>
// CHECK-NEXT:  %memlint_false0 = arith.constant false
// CHECK-NEXT:  cf.switch %k : i32, [
// CHECK-NEXT:    default: ^heap,
// CHECK-NEXT:    1: ^stack,
// CHECK-NEXT:    2: ^exit(%g, %memlint_false0 : memref<4xf32>, i1)
// CHECK-NEXT:  ]
// CHECK-NEXT:^heap:
// CHECK-NEXT:  %h = memref.alloc() : memref<4xf32>
// CHECK-NEXT:  %memlint_true0 = arith.constant true
// CHECK-NEXT:  cf.br ^mid(%h, %memlint_true0 : memref<4xf32>, i1)
// CHECK-NEXT:^stack:
// CHECK-NEXT:  %s = memref.alloca() : memref<4xf32>
// CHECK-NEXT:  cf.br ^mid(%s, %memlint_false0 : memref<4xf32>, i1)
// CHECK-NEXT:^mid(%x: memref<4xf32>, %memlint_owned1: i1):
// CHECK-NEXT:  cf.br ^exit(%x, %memlint_owned1 : memref<4xf32>, i1)
// CHECK-NEXT:^exit(%m: memref<4xf32>, %memlint_owned0: i1):
// CHECK-NEXT:  %r = memref.load %m[%c0] : memref<4xf32>
// CHECK-NEXT:  scf.if %memlint_owned0 {
// CHECK-NEXT:    memref.dealloc %m : memref<4xf32>
// CHECK-NEXT:  }
// CHECK-NEXT:  return %r : f32
// CHECK-NEXT:}
func.func @merge_of_merges(%k: i32) -> f32 {
  %c0 = arith.constant 0 : index
  %g = memref.get_global @table : memref<4xf32>
  cf.switch %k : i32, [
    default: ^heap,
    1: ^stack,
    2: ^exit(%g : memref<4xf32>)
  ]
^heap:
  %h = memref.alloc() : memref<4xf32>
  cf.br ^mid(%h : memref<4xf32>)
^stack:
  %s = memref.alloca() : memref<4xf32>
  cf.br ^mid(%s : memref<4xf32>)
^mid(%x: memref<4xf32>):
  cf.br ^exit(%x : memref<4xf32>)
^exit(%m: memref<4xf32>):
  %r = memref.load %m[%c0] : memref<4xf32>
  memref.dealloc %m : memref<4xf32>
  return %r : f32
}

// The borrowed edge passes a function argument: with the flag the function
// stops freeing it, which is right only if the caller did not hand it over.
// So the fix is unsafe, applied with --unsafe-fixes only.
// SAFE-LABEL:func.func @argument(%k: i32, %a: memref<4xf32>) -> f32 {
// SAFE-NEXT:  %c0 = arith.constant 0 : index
// SAFE-NEXT:  cf.switch %k : i32, [
// SAFE-NEXT:    default: ^heap,
// SAFE-NEXT:    1: ^exit(%a : memref<4xf32>)
// SAFE-NEXT:  ]
// SAFE-NEXT:^heap:
// SAFE-NEXT:  %h = memref.alloc() : memref<4xf32>
// SAFE-NEXT:  cf.br ^exit(%h : memref<4xf32>)
// SAFE-NEXT:^exit(%m: memref<4xf32>):
// SAFE-NEXT:  %r = memref.load %m[%c0] : memref<4xf32>
// SAFE-NEXT:  memref.dealloc %m : memref<4xf32>
// SAFE-NEXT:  return %r : f32
// SAFE-NEXT:}
// UNSAFE-LABEL:func.func @argument(%k: i32, %a: memref<4xf32>) -> f32 {
// UNSAFE-NEXT:  %c0 = arith.constant 0 : index
// UNSAFE-NEXT:  %memlint_false0 = arith.constant false
// UNSAFE-NEXT:  cf.switch %k : i32, [
// UNSAFE-NEXT:    default: ^heap,
// UNSAFE-NEXT:    1: ^exit(%a, %memlint_false0 : memref<4xf32>, i1)
// UNSAFE-NEXT:  ]
// UNSAFE-NEXT:^heap:
// UNSAFE-NEXT:  %h = memref.alloc() : memref<4xf32>
// UNSAFE-NEXT:  %memlint_true0 = arith.constant true
// UNSAFE-NEXT:  cf.br ^exit(%h, %memlint_true0 : memref<4xf32>, i1)
// UNSAFE-NEXT:^exit(%m: memref<4xf32>, %memlint_owned0: i1):
// UNSAFE-NEXT:  %r = memref.load %m[%c0] : memref<4xf32>
// UNSAFE-NEXT:  scf.if %memlint_owned0 {
// UNSAFE-NEXT:    memref.dealloc %m : memref<4xf32>
// UNSAFE-NEXT:  }
// UNSAFE-NEXT:  return %r : f32
// UNSAFE-NEXT:}
func.func @argument(%k: i32, %a: memref<4xf32>) -> f32 {
  %c0 = arith.constant 0 : index
  cf.switch %k : i32, [
    default: ^heap,
    1: ^exit(%a : memref<4xf32>)
  ]
^heap:
  %h = memref.alloc() : memref<4xf32>
  cf.br ^exit(%h : memref<4xf32>)
^exit(%m: memref<4xf32>):
  %r = memref.load %m[%c0] : memref<4xf32>
  memref.dealloc %m : memref<4xf32>
  return %r : f32
}

// Around a loop: the flag is carried beside the buffer (false for the
// global on entry, true for the buffer the back edge carries), as upstream's
// deallocation pipeline does it; the analysis relates the two, so the edit
// is proved.
// CHECK-LABEL:func.func @loop(%n: index) {
// CHECK-NEXT:  %c0 = arith.constant 0 : index
// CHECK-NEXT:  %c1 = arith.constant 1 : index
// CHECK-NEXT:  %g = memref.get_global @table : memref<4xf32>
// CHECK-NEXT:  %memlint_false0 = arith.constant false
// CHECK-NEXT:  cf.br ^head(%g, %c0, %memlint_false0 : memref<4xf32>, index, i1)
// CHECK-NEXT:^head(%prev: memref<4xf32>, %i: index, %memlint_owned0: i1):
// CHECK-NEXT:  %next = memref.alloc() : memref<4xf32>
// CHECK-NEXT:  memref.copy %prev, %next : memref<4xf32> to memref<4xf32>
// CHECK-NEXT:  scf.if %memlint_owned0 {
// CHECK-NEXT:    memref.dealloc %prev : memref<4xf32>
// CHECK-NEXT:  }
// CHECK-NEXT:  %i1 = arith.addi %i, %c1 : index
// CHECK-NEXT:  %more = arith.cmpi slt, %i1, %n : index
// CHECK-NEXT:  %memlint_true0 = arith.constant true
// CHECK-NEXT:  cf.cond_br %more, ^head(%next, %i1, %memlint_true0 : memref<4xf32>, index, i1), ^done
// CHECK-NEXT:^done:
// CHECK-NEXT:  memref.dealloc %next : memref<4xf32>
// CHECK-NEXT:  return
// CHECK-NEXT:}
func.func @loop(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %g = memref.get_global @table : memref<4xf32>
  cf.br ^head(%g, %c0 : memref<4xf32>, index)
^head(%prev: memref<4xf32>, %i: index):
  %next = memref.alloc() : memref<4xf32>
  memref.copy %prev, %next : memref<4xf32> to memref<4xf32>
  memref.dealloc %prev : memref<4xf32>
  %i1 = arith.addi %i, %c1 : index
  %more = arith.cmpi slt, %i1, %n : index
  cf.cond_br %more, ^head(%next, %i1 : memref<4xf32>, index), ^done
^done:
  memref.dealloc %next : memref<4xf32>
  return
}
