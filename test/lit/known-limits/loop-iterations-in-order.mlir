// RUN: %memlint lint --verify-diagnostics %s
// XFAIL: *
//
// A known false finding beside a true one, kept so that the fix shows
// (lit then reports an unexpected pass: drop the XFAIL line). A loop of
// constant bounds frees its buffer in the iteration before the last: the
// last iteration's store is a use after free (true), but memlint also
// reports a leak "when the loop runs at most once", which a loop of four
// iterations never does: the loop model does not know that the iteration
// that leaves (`%i == 3`) came after the one that freed (`%i == 2`), nor
// that the first iteration (`%i == 0`) is not the last.

func.func @freed_one_iteration_early(%f: f32) {
  %a = memref.alloc() : memref<4xf32> // expected-note {{%a allocated here}}
  affine.for %i = 0 to 4 {
    affine.store %f, %a[%i] : memref<4xf32> // expected-error {{'affine.store' uses buffer %a after it was freed}}
    affine.if affine_set<(d0) : (d0 - 2 == 0)>(%i) {
      memref.dealloc %a : memref<4xf32> // expected-note {{freed here}}
    }
  }
  return
}
