// Path explanations name what decides the path where a finding is anchored:
// which loop runs how often, which branch. A condition that holds on every
// path reaching that point (the loop condition that is false at every exit
// of a while loop, the branch a free sits in) is never named.
// RUN: %memlint lint --verify-diagnostics %s
// RUN: not %memlint lint --no-color %s 2>&1 | FileCheck %s --implicit-check-not="%cond is" --implicit-check-not="%c is true"

// scf.while: the initial buffer is dropped once the body has run. The path
// that leaks is "the loop runs at least once", not "%cond is false" (which
// holds at every exit).
// CHECK: [[@LINE+2]]:11: warning: buffer %init is never freed when the loop at [[@LINE+3]]:8 runs at least once [leak]
func.func @while_init_dropped_once_body_ran() {
  %init = memref.alloc() : memref<1xf32> // expected-warning {{buffer %init is never freed when the loop at 14:8 runs at least once [leak]}}
  %r = scf.while (%cur = %init) : (memref<1xf32>) -> memref<1xf32> {
    %cond = "test.cond"() : () -> i1
    scf.condition(%cond) %cur : memref<1xf32>
  } do {
  ^bb0(%x: memref<1xf32>):
    // Inside the loop, which iteration it is decides.
    %nb = memref.alloc() : memref<1xf32> // expected-warning {{buffer %nb allocated in a loop is not freed before the next iteration allocates it again when the loop at 14:8 is past its first iteration [leak]}}
    scf.yield %nb : memref<1xf32> // expected-note {{the loop repeats here with %nb still allocated}}
  }
  memref.dealloc %r : memref<1xf32>
  return // expected-note {{the function exits here with %init still allocated}}
}

// scf.while whose body frees what it is handed: the initial buffer leaks
// only if the body never runs, the last new one only if it does.
func.func @while_body_frees(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %init = memref.alloc() : memref<1xf32> // expected-warning {{buffer %init is never freed when the loop at 33:10 runs zero times [leak]}}
  %r:2 = scf.while (%i = %c0, %cur = %init) : (index, memref<1xf32>) -> (index, memref<1xf32>) {
    %cond = arith.cmpi slt, %i, %n : index
    scf.condition(%cond) %i, %cur : index, memref<1xf32>
  } do {
  ^bb0(%j: index, %x: memref<1xf32>):
    memref.dealloc %x : memref<1xf32>
    %nb = memref.alloc() : memref<1xf32> // expected-warning {{buffer %nb is never freed when the loop at 33:10 runs at least once [leak]}}
    %next = arith.addi %j, %c1 : index
    scf.yield %next, %nb : index, memref<1xf32>
  }
  "test.use"(%r#1) : (memref<1xf32>) -> ()
  return // expected-note 2 {{the function exits here with}}
}

// scf.for: its body is its head, so after the loop what decides is whether
// the loop runs, and whether it runs more than once.
func.func @for_carried(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %init = memref.alloc() : memref<1xf32> // expected-warning {{buffer %init is never freed when the loop at 53:11 runs [leak]}}
  %last = scf.for %i = %c0 to %n step %c1 iter_args(%cur = %init) -> (memref<1xf32>) {
    "test.use"(%cur) : (memref<1xf32>) -> ()
    %nb = memref.alloc() : memref<1xf32> // expected-warning {{buffer %nb allocated in a loop is not freed before the next iteration allocates it again [leak]}}
    scf.yield %nb : memref<1xf32> // expected-note {{the loop repeats here with %nb still allocated when the loop at 53:11 is past its first iteration}}
  }
  memref.dealloc %last : memref<1xf32>
  return // expected-note {{the function exits here with %init still allocated}} expected-note {{the function exits here with %nb still allocated when the loop at 53:11 runs more than once}}
}

// A CFG loop whose header only tests: the same words as scf.while.
func.func @cfg_while_init_dropped() {
  %init = memref.alloc() : memref<1xf32> // expected-warning {{buffer %init is never freed when the loop at 67:11 runs at least once [leak]}}
  cf.br ^head(%init : memref<1xf32>)
^head(%cur: memref<1xf32>):
  %cond = "test.cond"() : () -> i1
  cf.cond_br %cond, ^body, ^exit
^body:
  %nb = memref.alloc() : memref<1xf32> // expected-warning {{buffer %nb allocated in a loop is not freed before the next iteration allocates it again when the loop at 67:11 is past its first iteration [leak]}}
  cf.br ^head(%nb : memref<1xf32>) // expected-note {{the loop repeats here with %nb still allocated}}
^exit:
  memref.dealloc %cur : memref<1xf32>
  return // expected-note {{the function exits here with %init still allocated}}
}

// A branch after the loop decides the leak: it is named, the loop's exit
// condition is not.
// CHECK: [[@LINE+2]]:11: warning: buffer %init is never freed when %c is false [leak]
func.func @branch_after_while(%c: i1) {
  %init = memref.alloc() : memref<1xf32> // expected-warning {{buffer %init is never freed when %c is false [leak]}}
  %r = scf.while (%cur = %init) : (memref<1xf32>) -> memref<1xf32> {
    %cond = "test.cond"() : () -> i1
    scf.condition(%cond) %cur : memref<1xf32>
  } do {
  ^bb0(%x: memref<1xf32>):
    scf.yield %x : memref<1xf32>
  }
  scf.if %c {
    memref.dealloc %r : memref<1xf32>
  }
  return // expected-note {{the function exits here with %init still allocated}}
}

// Every path reaching the second free takes the outer branch: only the
// inner one is named.
// CHECK: [[@LINE+7]]:5: error: buffer %a is freed twice when %d is true [double-free]
func.func @free_inside_branch(%c: i1, %d: i1) {
  %a = memref.alloc() : memref<4xf32>
  scf.if %c {
    scf.if %d {
      memref.dealloc %a : memref<4xf32> // expected-note {{first freed here}}
    }
    memref.dealloc %a : memref<4xf32> // expected-error {{buffer %a is freed twice when %d is true [double-free]}}
  } else {
    memref.dealloc %a : memref<4xf32>
  }
  return
}

// The exit is reached only when %c is true: the leak there is decided by
// %d alone.
// CHECK: [[@LINE+2]]:8: warning: buffer %a is never freed when %d is false (it is freed only on other paths) [leak]
func.func @exit_inside_branch(%c: i1, %d: i1) {
  %a = memref.alloc() : memref<4xf32> // expected-warning {{buffer %a is never freed when %d is false (it is freed only on other paths) [leak]}}
  cf.cond_br %c, ^then, ^else
^then:
  scf.if %d {
    memref.dealloc %a : memref<4xf32>
  }
  return // expected-note {{the function exits here with %a still allocated}}
^else:
  memref.dealloc %a : memref<4xf32>
  return
}
