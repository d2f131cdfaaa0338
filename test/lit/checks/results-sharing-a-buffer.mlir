// RUN: %memlint lint --verify-diagnostics %s
// RUN: %memlint fix %s | %memlint lint -
//
// A function that returns one buffer through two results (the buffer
// twice, or the buffer and a cast or view of it) hands out one buffer:
// callers that took each result for a fresh buffer of its own reported
// the one they did not free as leaked, and `memlint fix` freed it a second
// time. Where the later result is the earlier one's buffer at every return
// (upstream's bufferization returns one tensor twice so), callers follow
// one buffer through both; where they share a buffer on some paths only,
// neither is fresh (not followed: no guess).

func.func @make_two(%x: f32) -> (memref<4xf32>, memref<4xf32>) {
  %c0 = arith.constant 0 : index
  %b = memref.alloc() : memref<4xf32>
  memref.store %x, %b[%c0] : memref<4xf32>
  return %b, %b : memref<4xf32>, memref<4xf32>
}

func.func @make_and_cast() -> (memref<4xf32>, memref<?xf32>) {
  %b = memref.alloc() : memref<4xf32>
  %c = memref.cast %b : memref<4xf32> to memref<?xf32>
  return %b, %c : memref<4xf32>, memref<?xf32>
}

func.func @frees_one(%x: f32) -> f32 {
  %c0 = arith.constant 0 : index
  %r:2 = func.call @make_two(%x) : (f32) -> (memref<4xf32>, memref<4xf32>)
  %v = memref.load %r#1[%c0] : memref<4xf32>
  memref.dealloc %r#0 : memref<4xf32>
  %s:2 = func.call @make_and_cast() : () -> (memref<4xf32>, memref<?xf32>)
  memref.dealloc %s#1 : memref<?xf32>
  return %v : f32
}

// A function returning two different buffers still hands out two.
func.func @make_pair() -> (memref<4xf32>, memref<4xf32>) {
  %a = memref.alloc() : memref<4xf32>
  %b = memref.alloc() : memref<4xf32>
  return %a, %b : memref<4xf32>, memref<4xf32>
}

func.func @frees_one_of_a_pair() {
  %r:2 = func.call @make_pair() : () -> (memref<4xf32>, memref<4xf32>) // expected-warning {{buffer %r#1 is never freed [leak]}}
  memref.dealloc %r#0 : memref<4xf32>
  return // expected-note {{the function exits here with %r#1 still allocated}}
}

// The one buffer is followed through both results: freed through neither,
// or through both.
func.func @frees_none(%x: f32) -> f32 {
  %c0 = arith.constant 0 : index
  %r:2 = func.call @make_two(%x) : (f32) -> (memref<4xf32>, memref<4xf32>) // expected-warning {{buffer %r#0 is never freed [leak]}}
  %v = memref.load %r#1[%c0] : memref<4xf32>
  return %v : f32 // expected-note {{the function exits here with %r#0 still allocated}}
}

func.func @frees_both(%x: f32) {
  %r:2 = func.call @make_two(%x) : (f32) -> (memref<4xf32>, memref<4xf32>) // expected-note {{%r#0 allocated here}}
  memref.dealloc %r#0 : memref<4xf32> // expected-note {{first freed here}}
  memref.dealloc %r#1 : memref<4xf32> // expected-error {{buffer %r#0 is freed twice (through its alias %r#1) [double-free]}}
  return
}

func.func @uses_cast_after_free() -> f32 {
  %c0 = arith.constant 0 : index
  %s:2 = func.call @make_and_cast() : () -> (memref<4xf32>, memref<?xf32>) // expected-note {{%s#0 allocated here}}
  memref.dealloc %s#0 : memref<4xf32> // expected-note {{freed here}}
  %v = memref.load %s#1[%c0] : memref<?xf32> // expected-error {{'memref.load' uses buffer %s#0 after it was freed (through its alias %s#1) [use-after-free]}}
  return %v : f32
}

// One buffer twice on one path, two buffers on the other: a caller cannot
// tell whether freeing both is right.
func.func @twice_or_a_pair(%c: i1) -> (memref<4xf32>, memref<4xf32>) {
  %a = memref.alloc() : memref<4xf32>
  cf.cond_br %c, ^same, ^other
^same:
  return %a, %a : memref<4xf32>, memref<4xf32>
^other:
  %b = memref.alloc() : memref<4xf32>
  return %a, %b : memref<4xf32>, memref<4xf32>
}

func.func @frees_both_of_either(%c: i1) {
  %r:2 = func.call @twice_or_a_pair(%c) : (i1) -> (memref<4xf32>, memref<4xf32>)
  memref.dealloc %r#0 : memref<4xf32>
  memref.dealloc %r#1 : memref<4xf32>
  return
}
