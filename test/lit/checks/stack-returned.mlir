// RUN: %memlint lint --verify-diagnostics %s
//
// Stack memory dies with the function's frame: returning it (or a view or
// cast of it, on some path) hands the caller memory that is already freed.

func.func @returns_alloca() -> memref<4xf32> {
  %s = memref.alloca() : memref<4xf32> // expected-note {{stack allocation here}}
  return %s : memref<4xf32> // expected-error {{'func.return' returns stack memory %s from 'memref.alloca', which is freed when the function returns [use-after-free]}}
}

func.func @returns_a_view(%c: i1, %h: memref<8xf32>) -> memref<4xf32, strided<[1]>> {
  %s = memref.alloca() : memref<8xf32> // expected-note {{stack allocation here}}
  %m = arith.select %c, %s, %h : memref<8xf32>
  %v = memref.subview %m[0] [4] [1] : memref<8xf32> to memref<4xf32, strided<[1]>>
  return %v : memref<4xf32, strided<[1]>> // expected-error {{'func.return' returns stack memory %s from 'memref.alloca', which is freed when the function returns (through its alias %v) when %c is true [use-after-free]}}
}

// Correct: stack memory used and dropped, a heap copy returned, and an
// alloca_scope's stack memory read before the return.
func.func @copies_out() -> memref<4xf32> {
  %s = memref.alloca() : memref<4xf32>
  %h = memref.alloc() : memref<4xf32>
  memref.copy %s, %h : memref<4xf32> to memref<4xf32>
  return %h : memref<4xf32>
}

func.func @scoped(%x: f32) -> f32 {
  %c0 = arith.constant 0 : index
  %r = memref.alloca_scope -> f32 {
    %s = memref.alloca() : memref<4xf32>
    memref.store %x, %s[%c0] : memref<4xf32>
    %v = memref.load %s[%c0] : memref<4xf32>
    memref.alloca_scope.return %v : f32
  }
  return %r : f32
}

// An allocation scope inside the function frees its stack memory when it
// ends (alloca_scope lowers to stacksave/stackrestore), and an
// async.execute body's stack goes with the body.
func.func @scope_escape() -> f32 {
  %r = memref.alloca_scope -> memref<8xf32> {
    %a = memref.alloca () : memref<8xf32> // expected-note {{stack allocation here}}
    memref.alloca_scope.return %a : memref<8xf32> // expected-error {{'memref.alloca_scope.return' returns stack memory %a from 'memref.alloca', which is freed when its 'memref.alloca_scope' ends [use-after-free]}}
  }
  %c0 = arith.constant 0 : index
  %x = memref.load %r[%c0] : memref<8xf32>
  return %x : f32
}

func.func @body_escape() -> f32 {
  %t, %v = async.execute -> !async.value<memref<8xf32>> {
    %a = memref.alloca () : memref<8xf32> // expected-note {{stack allocation here}}
    async.yield %a : memref<8xf32> // expected-error {{'async.yield' returns stack memory %a from 'memref.alloca', which is freed when its 'async.execute' ends [use-after-free]}}
  }
  %r = async.await %v : !async.value<memref<8xf32>>
  %c0 = arith.constant 0 : index
  %x = memref.load %r[%c0] : memref<8xf32>
  return %x : f32
}

// Correct: the function's stack memory passed through a scope and a body
// (it lives until the function returns), and a value read in the scope.
func.func @outer_stack_through_scopes(%y: f32) -> f32 {
  %c0 = arith.constant 0 : index
  %a = memref.alloca () : memref<8xf32>
  %r = memref.alloca_scope -> memref<8xf32> {
    memref.alloca_scope.return %a : memref<8xf32>
  }
  %t, %v = async.execute -> !async.value<memref<8xf32>> {
    memref.store %y, %a[%c0] : memref<8xf32>
    async.yield %a : memref<8xf32>
  }
  %b = async.await %v : !async.value<memref<8xf32>>
  %x = memref.load %b[%c0] : memref<8xf32>
  %z = memref.load %r[%c0] : memref<8xf32>
  %s = arith.addf %x, %z : f32
  return %s : f32
}

// Not reported: an op memlint cannot see into makes a memref of stack
// memory (it may copy it to the heap); taking its result for a view is a
// guess, not a finding.
func.func @through_custom_op() -> memref<8xf32> {
  %a = memref.alloca () : memref<8xf32>
  %h = "npu.to_heap"(%a) : (memref<8xf32>) -> memref<8xf32>
  return %h : memref<8xf32>
}

// Nested scopes: reported once, where the scope that frees it hands it
// out (the outer return hands on what is already freed, the same bug).
func.func @nested_scopes() -> f32 {
  %c0 = arith.constant 0 : index
  %r = memref.alloca_scope -> (memref<8xf32>) {
    %q = memref.alloca_scope -> (memref<8xf32>) {
      %a = memref.alloca() : memref<8xf32> // expected-note {{stack allocation here}}
      memref.alloca_scope.return %a : memref<8xf32> // expected-error {{'memref.alloca_scope.return' returns stack memory %a from 'memref.alloca', which is freed when its 'memref.alloca_scope' ends [use-after-free]}}
    }
    memref.alloca_scope.return %q : memref<8xf32>
  }
  %x = memref.load %r[%c0] : memref<8xf32>
  return %x : f32
}
