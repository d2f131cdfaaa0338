// RUN: %memlint lint --verify-diagnostics %s
// RUN: %memlint fix %s | %memlint lint -
//
// A function that returns one buffer through two results (the buffer
// twice, or the buffer and a cast or view of it) hands out one buffer:
// callers that took each result for a fresh buffer of its own reported
// the one they did not free as leaked, and `memlint fix` freed it a second
// time. Such results are fresh to no caller (not followed: no guess).

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
