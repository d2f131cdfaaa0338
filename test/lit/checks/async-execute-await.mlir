// RUN: %memlint lint --verify-diagnostics %s
//
// An async.execute body may run until the host awaits it: a free made on
// the host between the execute and the await races with the body's uses
// of that buffer, a use after free reported at the await.

func.func @freed_before_await(%x: f32) {
  %c0 = arith.constant 0 : index
  %buf = memref.alloc() : memref<16xf32> // expected-note {{%buf allocated here}}
  %t = async.execute { // expected-note {{the body of this 'async.execute' may run and use %buf until this await}}
    memref.store %x, %buf[%c0] : memref<16xf32>
    async.yield
  }
  memref.dealloc %buf : memref<16xf32> // expected-note {{freed here}}
  async.await %t : !async.token // expected-error {{'async.await' uses buffer %buf after it was freed [use-after-free]}}
  return
}

// Inside a loop of the body that runs (a static trip count), through a
// view, and awaited through the value the body yields.
func.func @freed_before_value_await(%x: f32) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %buf = memref.alloc() : memref<16xf32> // expected-note {{%buf allocated here}}
  %view = memref.subview %buf[0] [8] [1] : memref<16xf32> to memref<8xf32, strided<[1]>>
  %t, %v = async.execute -> !async.value<f32> { // expected-note {{the body of this 'async.execute' may run and use %view until this await}}
    scf.for %i = %c0 to %c8 step %c1 {
      memref.store %x, %view[%i] : memref<8xf32, strided<[1]>>
    }
    async.yield %x : f32
  }
  memref.dealloc %buf : memref<16xf32> // expected-note {{freed here}}
  %r = async.await %v : !async.value<f32> // expected-error {{'async.await' uses buffer %buf after it was freed (through its alias %view) [use-after-free]}}
  return %r : f32
}

// Freed on one branch only: the path is named.
func.func @freed_on_a_branch(%x: f32, %c: i1) {
  %c0 = arith.constant 0 : index
  %buf = memref.alloc() : memref<16xf32> // expected-note {{%buf allocated here}}
  %t = async.execute { // expected-note {{the body of this 'async.execute' may run and use %buf until this await}}
    memref.store %x, %buf[%c0] : memref<16xf32>
    async.yield
  }
  scf.if %c {
    memref.dealloc %buf : memref<16xf32> // expected-note {{freed here}}
  }
  async.await %t : !async.token // expected-error {{'async.await' uses buffer %buf after it was freed when %c is true [use-after-free]}}
  scf.if %c {
  } else {
    memref.dealloc %buf : memref<16xf32>
  }
  return
}

// Correct: freed after the await.
func.func @freed_after_await(%x: f32) {
  %c0 = arith.constant 0 : index
  %buf = memref.alloc() : memref<16xf32>
  %t = async.execute {
    memref.store %x, %buf[%c0] : memref<16xf32>
    async.yield
  }
  async.await %t : !async.token
  memref.dealloc %buf : memref<16xf32>
  return
}

// Correct: the body frees the buffer itself; the host only waits.
func.func @freed_by_the_body(%x: f32) {
  %c0 = arith.constant 0 : index
  %buf = memref.alloc() : memref<16xf32>
  %t = async.execute {
    memref.store %x, %buf[%c0] : memref<16xf32>
    memref.dealloc %buf : memref<16xf32>
    async.yield
  }
  async.await %t : !async.token
  return
}

// Correct: the host frees a buffer the body does not touch.
func.func @other_buffer(%x: f32) {
  %c0 = arith.constant 0 : index
  %a = memref.alloc() : memref<16xf32>
  %b = memref.alloc() : memref<16xf32>
  %t = async.execute {
    memref.store %x, %a[%c0] : memref<16xf32>
    async.yield
  }
  memref.dealloc %b : memref<16xf32>
  async.await %t : !async.token
  memref.dealloc %a : memref<16xf32>
  return
}

// Correct: a first await ends the body; the free comes after it, before a
// second await of the same token.
func.func @second_await(%x: f32) {
  %c0 = arith.constant 0 : index
  %buf = memref.alloc() : memref<16xf32>
  %t = async.execute {
    memref.store %x, %buf[%c0] : memref<16xf32>
    async.yield
  }
  async.await %t : !async.token
  memref.dealloc %buf : memref<16xf32>
  async.await %t : !async.token
  return
}

// Not reported: the body uses the buffer only under a branch of its own,
// whose path the await cannot tell (here it is exactly the paths that do
// not free).
func.func @used_under_a_branch_of_the_body(%x: f32, %c: i1) {
  %c0 = arith.constant 0 : index
  %buf = memref.alloc() : memref<16xf32>
  %t = async.execute {
    scf.if %c {
      memref.store %x, %buf[%c0] : memref<16xf32>
    }
    async.yield
  }
  scf.if %c {
  } else {
    memref.dealloc %buf : memref<16xf32>
  }
  async.await %t : !async.token
  scf.if %c {
    memref.dealloc %buf : memref<16xf32>
  }
  return
}

// Uses nested in ops whose region surely runs: an affine.for with constant
// bounds, an scf.execute_region.
func.func @affine_loop_in_body() {
  %a = memref.alloc () : memref<8xf32> // expected-note {{%a allocated here}}
  %t = async.execute { // expected-note {{the body of this 'async.execute' may run and use %a until this await}}
    affine.for %i = 0 to 8 {
      %v = affine.load %a[%i] : memref<8xf32>
    }
    async.yield
  }
  memref.dealloc %a : memref<8xf32> // expected-note {{freed here}}
  async.await %t : !async.token // expected-error {{'async.await' uses buffer %a after it was freed [use-after-free]}}
  return
}

func.func @execute_region_in_body() {
  %a = memref.alloc () : memref<8xf32> // expected-note {{%a allocated here}}
  %t = async.execute { // expected-note {{the body of this 'async.execute' may run and use %a until this await}}
    scf.execute_region {
      "npu.fill"(%a) : (memref<8xf32>) -> ()
      scf.yield
    }
    async.yield
  }
  memref.dealloc %a : memref<8xf32> // expected-note {{freed here}}
  async.await %t : !async.token // expected-error {{'async.await' uses buffer %a after it was freed [use-after-free]}}
  return
}

// Through an operand's future bound to the body's argument.
func.func @bound_operand() {
  %a = memref.alloc () : memref<8xf32> // expected-note {{%a allocated here}}
  %t1, %v = async.execute -> !async.value<memref<8xf32>> {
    async.yield %a : memref<8xf32>
  }
  %t2 = async.execute (%v as %x : !async.value<memref<8xf32>>) { // expected-note {{the body of this 'async.execute' may run and use %x until this await}}
    "npu.fill"(%x) : (memref<8xf32>) -> ()
    async.yield
  }
  memref.dealloc %a : memref<8xf32> // expected-note {{freed here}}
  async.await %t2 : !async.token // expected-error {{'async.await' uses buffer %a after it was freed (through its alias %x) [use-after-free]}}
  return
}

// Not reported (a miss): an affine.for that may run zero times; whether it
// runs is not known at the await.
func.func @affine_loop_may_not_run(%n: index) {
  %a = memref.alloc () : memref<8xf32>
  %t = async.execute {
    affine.for %i = 0 to %n {
      %v = affine.load %a[0] : memref<8xf32>
    }
    async.yield
  }
  memref.dealloc %a : memref<8xf32>
  async.await %t : !async.token
  return
}

// Awaiting a body that depends on another (its token, or a value it
// yields) waits for that one too.
func.func @dependent_body_awaited() {
  %a = memref.alloc () : memref<8xf32> // expected-note {{%a allocated here}}
  %t1 = async.execute { // expected-note {{the body of this 'async.execute' may run and use %a until this await}}
    "npu.fill"(%a) : (memref<8xf32>) -> ()
    async.yield
  }
  %t2 = async.execute [%t1] {
    async.yield
  }
  memref.dealloc %a : memref<8xf32> // expected-note {{freed here}}
  async.await %t2 : !async.token // expected-error {{'async.await' uses buffer %a after it was freed [use-after-free]}}
  return
}

// Correct: freed after the await of the dependent body, or after an await
// of the first body itself.
func.func @dependent_body_freed_after() {
  %a = memref.alloc () : memref<8xf32>
  %t1 = async.execute {
    "npu.fill"(%a) : (memref<8xf32>) -> ()
    async.yield
  }
  %t2 = async.execute [%t1] {
    async.yield
  }
  async.await %t2 : !async.token
  memref.dealloc %a : memref<8xf32>
  return
}

func.func @first_body_awaited_before() {
  %a = memref.alloc () : memref<8xf32>
  %t1 = async.execute {
    "npu.fill"(%a) : (memref<8xf32>) -> ()
    async.yield
  }
  async.await %t1 : !async.token
  %t2 = async.execute [%t1] {
    async.yield
  }
  memref.dealloc %a : memref<8xf32>
  async.await %t2 : !async.token
  return
}

// A free in another body that runs beside this one (no dependency) races
// with it too; one in a body that depends on it does not (async-values.mlir,
// @gpu_pipeline).
func.func @freed_by_a_sibling_body() {
  %a = memref.alloc () : memref<8xf32> // expected-note {{%a allocated here}}
  %t1 = async.execute { // expected-note {{the body of this 'async.execute' may run and use %a until this await}}
    "npu.fill"(%a) : (memref<8xf32>) -> ()
    async.yield
  }
  %t2 = async.execute {
    memref.dealloc %a : memref<8xf32> // expected-note {{freed here}}
    async.yield
  }
  async.await %t1 : !async.token // expected-error {{'async.await' uses buffer %a after it was freed [use-after-free]}}
  async.await %t2 : !async.token
  return
}

func.func @freed_by_a_dependent_body() {
  %a = memref.alloc () : memref<8xf32>
  %t1 = async.execute {
    "npu.fill"(%a) : (memref<8xf32>) -> ()
    async.yield
  }
  %t2 = async.execute [%t1] {
    memref.dealloc %a : memref<8xf32>
    async.yield
  }
  async.await %t1 : !async.token
  async.await %t2 : !async.token
  return
}

// async.await_all of a group waits for every body added to it (the shape
// -async-parallel-for writes): a free before it races with their uses.
func.func @freed_before_await_all(%x: f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %buf = memref.alloc() : memref<16xf32> // expected-note {{%buf allocated here}}
  %g = async.create_group %c2 : !async.group
  %t1 = async.execute { // expected-note {{the body of this 'async.execute' may run and use %buf until this await}}
    memref.store %x, %buf[%c0] : memref<16xf32>
    async.yield
  }
  %i1 = async.add_to_group %t1, %g : !async.token
  %t2 = async.execute { // expected-note {{the body of this 'async.execute' may run and use %buf until this await}}
    memref.store %x, %buf[%c1] : memref<16xf32>
    async.yield
  }
  %i2 = async.add_to_group %t2, %g : !async.token
  memref.dealloc %buf : memref<16xf32> // expected-note {{freed here}}
  async.await_all %g // expected-error {{'async.await_all' uses buffer %buf after it was freed [use-after-free]}}
  return
}

func.func @freed_after_await_all(%x: f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %buf = memref.alloc() : memref<16xf32>
  %g = async.create_group %c1 : !async.group
  %t = async.execute {
    memref.store %x, %buf[%c0] : memref<16xf32>
    async.yield
  }
  %i = async.add_to_group %t, %g : !async.token
  async.await_all %g
  memref.dealloc %buf : memref<16xf32>
  return
}

// The body was awaited on its own before the free: the group's wait comes
// after it ended.
func.func @awaited_alone_before_the_group(%x: f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %buf = memref.alloc() : memref<16xf32>
  %g = async.create_group %c1 : !async.group
  %t = async.execute {
    memref.store %x, %buf[%c0] : memref<16xf32>
    async.yield
  }
  %i = async.add_to_group %t, %g : !async.token
  async.await %t : !async.token
  memref.dealloc %buf : memref<16xf32>
  async.await_all %g
  return
}

// Added to another group, which is awaited first.
func.func @other_group_awaited_first(%x: f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %buf = memref.alloc() : memref<16xf32>
  %g = async.create_group %c1 : !async.group
  %h = async.create_group %c1 : !async.group
  %t = async.execute {
    memref.store %x, %buf[%c0] : memref<16xf32>
    async.yield
  }
  %i = async.add_to_group %t, %h : !async.token
  %j = async.add_to_group %t, %g : !async.token
  async.await_all %h
  memref.dealloc %buf : memref<16xf32>
  async.await_all %g
  return
}
