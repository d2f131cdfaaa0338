// RUN: %memlint lint --verify-diagnostics %s
//
// An async.execute that nothing awaits (its token goes only to other
// executes nothing awaits) may run after anything its function does after
// it: a free on the host after it races with the body's uses, as a free
// before an await of it would (helper-117).

func.func @freed_while_the_last_task_may_run() {
  %c0 = arith.constant 0 : index
  %f = arith.constant 1.0 : f32
  %a = memref.alloc() : memref<8xf32> // expected-note {{%a allocated here}}
  %t1 = async.execute {
    memref.store %f, %a[%c0] : memref<8xf32>
    async.yield
  }
  // expected-note@+1 {{this 'async.execute' body uses %a and may run until after the function returns}}
  %t2 = async.execute [%t1] {
    %x = memref.load %a[%c0] : memref<8xf32>
    async.yield
  }
  async.await %t1 : !async.token
  memref.dealloc %a : memref<8xf32> // expected-note {{freed here}}
  return // expected-error {{the body of an 'async.execute' that nothing awaits may use buffer %a after it was freed [use-after-free]}}
}

// Awaiting the last task waits for the one it depends on.
func.func @awaited_through_its_dependent() {
  %c0 = arith.constant 0 : index
  %f = arith.constant 1.0 : f32
  %a = memref.alloc() : memref<8xf32>
  %t1 = async.execute {
    memref.store %f, %a[%c0] : memref<8xf32>
    async.yield
  }
  %t2 = async.execute [%t1] {
    %x = memref.load %a[%c0] : memref<8xf32>
    async.yield
  }
  async.await %t2 : !async.token
  memref.dealloc %a : memref<8xf32>
  return
}

// Never awaited, but the free is in a body that starts after it ends.
func.func @freed_by_a_later_task() {
  %c0 = arith.constant 0 : index
  %f = arith.constant 1.0 : f32
  %a = memref.alloc() : memref<8xf32>
  %t1 = async.execute {
    memref.store %f, %a[%c0] : memref<8xf32>
    async.yield
  }
  %t2 = async.execute [%t1] {
    memref.dealloc %a : memref<8xf32>
    async.yield
  }
  return
}

// A token handed to the caller may be awaited there: not judged here.
func.func @token_returned(%a: memref<8xf32>) -> !async.token {
  %c0 = arith.constant 0 : index
  %f = arith.constant 1.0 : f32
  %t = async.execute {
    memref.store %f, %a[%c0] : memref<8xf32>
    async.yield
  }
  return %t : !async.token
}

// Never awaited, and nothing frees what it uses.
func.func @fire_and_forget(%a: memref<8xf32>) {
  %c0 = arith.constant 0 : index
  %f = arith.constant 1.0 : f32
  %t = async.execute {
    memref.store %f, %a[%c0] : memref<8xf32>
    async.yield
  }
  return
}
