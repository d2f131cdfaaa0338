// RUN: %memlint lint --verify-diagnostics %s
//
// A callee that returns one of its memref arguments (or a view of it) on
// every path hands the caller back the buffer it passed: freeing the
// result frees it, and using the result after freeing it is a use after
// free.

func.func private @id(%arg0: memref<4xf32>) -> memref<4xf32> {
  return %arg0 : memref<4xf32>
}

func.func private @head(%arg0: memref<8xf32>) -> memref<4xf32, strided<[1]>> {
  %s = memref.subview %arg0[0] [4] [1] : memref<8xf32> to memref<4xf32, strided<[1]>>
  return %s : memref<4xf32, strided<[1]>>
}

// Correct: freed through the result.
func.func @freed_through_result() -> f32 {
  %c0 = arith.constant 0 : index
  %a = memref.alloc() : memref<4xf32>
  %r = call @id(%a) : (memref<4xf32>) -> memref<4xf32>
  %v = memref.load %r[%c0] : memref<4xf32>
  memref.dealloc %r : memref<4xf32>
  return %v : f32
}

func.func @used_through_result_after_free() -> f32 {
  %c0 = arith.constant 0 : index
  %a = memref.alloc() : memref<4xf32> // expected-note {{%a allocated here}}
  %r = call @id(%a) : (memref<4xf32>) -> memref<4xf32>
  memref.dealloc %a : memref<4xf32> // expected-note {{freed here}}
  %v = memref.load %r[%c0] : memref<4xf32> // expected-error {{'memref.load' uses buffer %a after it was freed (through its alias %r) [use-after-free]}}
  return %v : f32
}

func.func @view_used_after_free() -> f32 {
  %c0 = arith.constant 0 : index
  %a = memref.alloc() : memref<8xf32> // expected-note {{%a allocated here}}
  %r = call @head(%a) : (memref<8xf32>) -> memref<4xf32, strided<[1]>>
  memref.dealloc %a : memref<8xf32> // expected-note {{freed here}}
  %v = memref.load %r[%c0] : memref<4xf32, strided<[1]>> // expected-error {{'memref.load' uses buffer %a after it was freed (through its alias %r) [use-after-free]}}
  return %v : f32
}

// Correct: returns its argument on one path only; nothing is said of %r.
func.func private @maybe(%arg0: memref<4xf32>, %c: i1) -> memref<4xf32> {
  %0 = scf.if %c -> (memref<4xf32>) {
    scf.yield %arg0 : memref<4xf32>
  } else {
    %g = memref.get_global @g : memref<4xf32>
    scf.yield %g : memref<4xf32>
  }
  return %0 : memref<4xf32>
}
memref.global "private" @g : memref<4xf32> = dense<0.0>

func.func @result_on_one_path(%c: i1) -> f32 {
  %c0 = arith.constant 0 : index
  %a = memref.alloc() : memref<4xf32>
  %r = call @maybe(%a, %c) : (memref<4xf32>, i1) -> memref<4xf32>
  %v = memref.load %r[%c0] : memref<4xf32>
  memref.dealloc %a : memref<4xf32>
  return %v : f32
}

// Correct: the callee returns one of its two arguments, which one is not
// known here; freeing the result frees it and the caller frees the other.
// Neither is reported as leaking (both are no longer tracked: the free of
// the result frees one of them).
func.func private @choose(%c: i1, %x: memref<4xf32>, %y: memref<4xf32>) -> memref<4xf32> {
  %r = arith.select %c, %x, %y : memref<4xf32>
  return %r : memref<4xf32>
}

func.func @frees_what_was_chosen(%c: i1) -> f32 {
  %c0 = arith.constant 0 : index
  %a = memref.alloc() : memref<4xf32>
  %b = memref.alloc() : memref<4xf32>
  %m = call @choose(%c, %a, %b) : (i1, memref<4xf32>, memref<4xf32>) -> memref<4xf32>
  %v = memref.load %m[%c0] : memref<4xf32>
  memref.dealloc %m : memref<4xf32>
  %o = arith.select %c, %b, %a : memref<4xf32>
  memref.dealloc %o : memref<4xf32>
  return %v : f32
}

// A result only read frees nothing: the buffers passed stay tracked, and
// one never freed leaks.
func.func @only_reads_what_was_chosen(%c: i1) -> f32 {
  %c0 = arith.constant 0 : index
  %a = memref.alloc() : memref<4xf32> // expected-warning {{buffer %a is never freed [leak]}}
  %b = memref.alloc() : memref<4xf32>
  %m = call @choose(%c, %a, %b) : (i1, memref<4xf32>, memref<4xf32>) -> memref<4xf32>
  %v = memref.load %m[%c0] : memref<4xf32>
  memref.dealloc %b : memref<4xf32>
  return %v : f32 // expected-note {{the function exits here with %a still allocated}}
}

// Correct: a wrapper that returns what such a callee returns may return
// what it was given as well: its callers stop tracking what they pass
// there too (the free of the result frees one of them).
func.func private @choose_wrapped(%c: i1, %x: memref<4xf32>, %y: memref<4xf32>) -> memref<4xf32> {
  %r = call @choose(%c, %x, %y) : (i1, memref<4xf32>, memref<4xf32>) -> memref<4xf32>
  %cast = memref.cast %r : memref<4xf32> to memref<?xf32>
  %back = memref.cast %cast : memref<?xf32> to memref<4xf32>
  return %back : memref<4xf32>
}

func.func @frees_what_the_wrapper_chose(%c: i1) -> f32 {
  %c0 = arith.constant 0 : index
  %a = memref.alloc() : memref<4xf32>
  %b = memref.alloc() : memref<4xf32>
  %m = call @choose_wrapped(%c, %a, %b) : (i1, memref<4xf32>, memref<4xf32>) -> memref<4xf32>
  %v = memref.load %m[%c0] : memref<4xf32>
  memref.dealloc %m : memref<4xf32>
  %o = arith.select %c, %b, %a : memref<4xf32>
  memref.dealloc %o : memref<4xf32>
  return %v : f32
}
