// A function the path-sensitive analysis gives up on still gets the bugs
// that need no path reasoning (lifetime/CoarseEvents): a free followed in
// its block by a free or a use of the same buffer, and an allocation that
// is only read and written and never freed. Here every function is over a
// budget of one BDD operation. The functions that must stay silent each
// have a bug the full analysis does report (FULL), on some paths only or
// through aliasing the coarse pass does not guess at: they are what it
// must leave alone, not clean code.
// RUN: %memlint lint --analysis-budget=1 --verify-diagnostics %s
// RUN: not %memlint lint --no-color %s 2>&1 | FileCheck %s --check-prefix=FULL --implicit-check-not='[not-checked]'
// RUN: not %memlint lint --analysis-budget=1 --format=json %s | FileCheck %s --check-prefix=JSON

// ---- Must flag ---------------------------------------------------------------

// expected-warning@+1 {{@free_then_free was checked only coarsely}}
func.func @free_then_free(%c: i1) {
  %a = memref.alloc() : memref<4xf32> // expected-note {{%a allocated here}}
  scf.if %c {
  }
  memref.dealloc %a : memref<4xf32> // expected-note {{first freed here}}
  %v = memref.cast %a : memref<4xf32> to memref<?xf32>
  // expected-error@+1 {{buffer %a is freed twice (through its alias %v) (coarse analysis: @free_then_free outgrew the path-sensitive budget) [double-free]}}
  memref.dealloc %v : memref<?xf32>
  return
}
// FULL: [[@LINE-3]]:3: error: buffer %a is freed twice (through its alias %v) [double-free]

// expected-warning@+1 {{@free_then_nested_use was checked only coarsely}}
func.func @free_then_nested_use(%c: i1) {
  %i = arith.constant 0 : index
  %a = memref.alloc() : memref<4xf32> // expected-note {{%a allocated here}}
  memref.dealloc %a : memref<4xf32> // expected-note {{freed here}}
  scf.if %c {
    // expected-error@+1 {{'memref.load' uses buffer %a after it was freed (coarse analysis: @free_then_nested_use outgrew the path-sensitive budget) [use-after-free]}}
    %x = memref.load %a[%i] : memref<4xf32>
  }
  return
}
// FULL: [[@LINE-4]]:10: error: 'memref.load' uses buffer %a after it was freed [use-after-free]

// expected-warning@+1 {{@kept_to_itself was checked only coarsely}}
func.func @kept_to_itself(%c: i1, %f: f32) {
  %i = arith.constant 0 : index
  // expected-warning@+1 {{buffer %a is never freed (coarse analysis: @kept_to_itself outgrew the path-sensitive budget) [leak]}}
  %a = memref.alloc() : memref<8xf32>
  %s = memref.subview %a[2] [4] [1] : memref<8xf32> to memref<4xf32, strided<[1], offset: 2>>
  memref.store %f, %s[%i] : memref<4xf32, strided<[1], offset: 2>>
  cf.cond_br %c, ^left, ^right
^left:
  // expected-note@+1 {{the function exits here with %a still allocated}}
  return
^right:
  %x = memref.load %a[%i] : memref<8xf32>
  // expected-note@+1 {{the function exits here with %a still allocated}}
  return
}
// FULL: [[@LINE-12]]:8: warning: buffer %a is never freed [leak]

// ---- Must leave alone (the full analysis flags each) -------------------------

// A free on some paths only, then one on every path.
// expected-warning@+1 {{@free_on_some_paths was checked only coarsely}}
func.func @free_on_some_paths(%c: i1) {
  %a = memref.alloc() : memref<4xf32>
  scf.if %c {
    memref.dealloc %a : memref<4xf32>
  }
  memref.dealloc %a : memref<4xf32>
  return
}
// FULL: [[@LINE-3]]:3: error: buffer %a is freed twice when %c is true [double-free]

// Freed again through a block argument.
// expected-warning@+1 {{@free_through_block_argument was checked only coarsely}}
func.func @free_through_block_argument(%c: i1) {
  %a = memref.alloc() : memref<4xf32>
  scf.if %c {
  }
  memref.dealloc %a : memref<4xf32>
  cf.br ^next(%a : memref<4xf32>)
^next(%b: memref<4xf32>):
  memref.dealloc %b : memref<4xf32>
  return
}
// FULL: [[@LINE-3]]:3: error: buffer %a is freed twice (through its alias %b) [double-free]

// Leaked through a region result.
// expected-warning@+1 {{@leak_through_region_result was checked only coarsely}}
func.func @leak_through_region_result(%c: i1) {
  %a = memref.alloc() : memref<4xf32>
  %r = scf.if %c -> memref<4xf32> {
    scf.yield %a : memref<4xf32>
  } else {
    scf.yield %a : memref<4xf32>
  }
  return
}
// FULL: [[@LINE-8]]:8: warning: buffer %a is never freed [leak]

// Used after a free that only a later iteration's path makes.
// expected-warning@+1 {{@use_before_free_in_loop was checked only coarsely}}
func.func @use_before_free_in_loop(%n: index) {
  %i = arith.constant 0 : index
  %one = arith.constant 1 : index
  %a = memref.alloc() : memref<4xf32>
  scf.for %k = %i to %n step %one {
    %x = memref.load %a[%i] : memref<4xf32>
    memref.dealloc %a : memref<4xf32>
  }
  return
}
// FULL: [[@LINE-7]]:8: warning: buffer %a is never freed when the loop at {{.*}} runs zero times
// FULL: [[@LINE-6]]:10: error: 'memref.load' uses buffer %a after it was freed when the loop at {{.*}} is past its first iteration
// FULL: [[@LINE-6]]:5: error: buffer %a is freed twice when the loop at {{.*}} is past its first iteration

// JSON:      "check": "double-free",
// JSON-NEXT: "fixes": [],
