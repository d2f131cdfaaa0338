// RUN: %memlint lint --verify-diagnostics %s
//
// Conditions read from memory (data atoms): one rule for every check. A
// finding is reported only when, on some path of branch decisions, it
// happens for every value memory may hold. A free executed only for some
// values of memory may be guarded by ownership read from memory: as a free
// of memory the function does not own it is judged from the function entry
// (no invalid free), and it never counts as the first free of a double
// free. Uses, exits and second frees are judged once reached.

// Dynamic ownership of an argument read from memory: may be right.
func.func @guarded_free_of_argument(%arg0: memref<?xf32>, %flags: memref<?xi1>, %i: index) {
  %own = memref.load %flags[%i] : memref<?xi1>
  scf.if %own {
    memref.dealloc %arg0 : memref<?xf32>
  }
  return
}

// The same free under a control condition is wrong on the path it runs.
func.func @control_guarded_free_of_argument(%arg0: memref<?xf32>, %c: i1) { // expected-note {{argument %arg0 declared here}}
  scf.if %c {
    memref.dealloc %arg0 : memref<?xf32> // expected-error {{frees %arg0, which comes from function argument %arg0: the caller owns it [invalid-free]}}
  }
  return
}

// A data-guarded free does not count as the first free of a double free.
func.func @guarded_first_free(%flags: memref<i1>) {
  %a = memref.alloc() : memref<4xf32>
  %own = memref.load %flags[] : memref<i1>
  scf.if %own {
    memref.dealloc %a : memref<4xf32>
  }
  memref.dealloc %a : memref<4xf32>
  return
}

// A second free is judged once reached, like a use: after an
// unconditional free, no value of memory makes freeing %a again right.
func.func @guarded_second_free(%flags: memref<i1>) {
  %a = memref.alloc() : memref<4xf32> // expected-note {{%a allocated here}}
  memref.dealloc %a : memref<4xf32> // expected-note {{first freed here}}
  %own = memref.load %flags[] : memref<i1>
  scf.if %own {
    memref.dealloc %a : memref<4xf32> // expected-error {{buffer %a is freed twice [double-free]}}
  }
  return
}

// Uses after free keep being judged once reached: no value of memory makes
// reading freed memory right.
func.func @guarded_use_after_free(%flags: memref<i1>) -> f32 {
  %c0 = arith.constant 0 : index
  %z = arith.constant 0.0 : f32
  %a = memref.alloc() : memref<4xf32>
  memref.dealloc %a : memref<4xf32>
  %f = memref.load %flags[] : memref<i1>
  %r = scf.if %f -> f32 {
    %x = memref.load %a[%c0] : memref<4xf32> // expected-error {{'memref.load' uses buffer %a after it was freed [use-after-free]}}
    scf.yield %x : f32
  } else {
    scf.yield %z : f32
  }
  return %r : f32
}

// A use after a data-guarded free is not reported (the free may not run).
func.func @use_after_guarded_free(%flags: memref<i1>) -> f32 {
  %c0 = arith.constant 0 : index
  %a = memref.alloc() : memref<4xf32>
  %own = memref.load %flags[] : memref<i1>
  scf.if %own {
    memref.dealloc %a : memref<4xf32>
  }
  %x = memref.load %a[%c0] : memref<4xf32>
  return %x : f32
}

// Leaks: an exit reached under a data condition still leaks what is live
// there whatever memory holds ...
func.func @leak_on_data_exit(%flags: memref<i1>) {
  %a = memref.alloc() : memref<4xf32> // expected-warning {{buffer %a is never freed (it is freed only on other paths) [leak]}}
  %f = memref.load %flags[] : memref<i1>
  cf.cond_br %f, ^early, ^late
^early:
  return // expected-note {{the function exits here with %a still allocated}}
^late:
  memref.dealloc %a : memref<4xf32>
  return
}

// ... but a buffer freed for some values of memory only is not reported.
func.func @data_guarded_free_then_return(%flags: memref<i1>) {
  %a = memref.alloc() : memref<4xf32>
  %f = memref.load %flags[] : memref<i1>
  scf.if %f {
    memref.dealloc %a : memref<4xf32>
  }
  return
}

// A leak is judged among the paths that allocated the buffer: one made
// only where memory says, and never freed, leaks whatever memory holds
// once it is made (helper-121: a custom op's region, whether it runs a
// value memlint cannot know, leaked its buffer unreported).
func.func @data_guarded_allocation_never_freed(%flags: memref<i1>) {
  %f = memref.load %flags[] : memref<i1>
  scf.if %f {
    %t = memref.alloc() : memref<4xf32> // expected-warning {{buffer %t is never freed when %f is true [leak]}}
  }
  return // expected-note {{the function exits here with %t still allocated}}
}

func.func @custom_region_allocation_never_freed() {
  "npu.phases"() ({
    %t = memref.alloc() : memref<4xf32> // expected-warning {{buffer %t is never freed when region 0 of the npu.phases at 116:3 runs [leak]}}
    "npu.yield"() : () -> ()
  }, {
    "npu.yield"() : () -> ()
  }) : () -> ()
  return // expected-note {{the function exits here with %t still allocated}}
}

// Made where memory says and freed where memory says again (another
// load): may be right.
func.func @data_guarded_allocation_and_free(%flags: memref<i1>, %own: memref<i1>) -> memref<4xf32> {
  %f = memref.load %flags[] : memref<i1>
  %r = scf.if %f -> memref<4xf32> {
    %t = memref.alloc() : memref<4xf32>
    scf.yield %t : memref<4xf32>
  } else {
    %g = memref.get_global @g : memref<4xf32>
    scf.yield %g : memref<4xf32>
  }
  %o = memref.load %own[] : memref<i1>
  scf.if %o {
    memref.dealloc %r : memref<4xf32>
  }
  %c = memref.alloc() : memref<4xf32>
  return %c : memref<4xf32>
}
memref.global "private" @g : memref<4xf32> = dense<0.0>

// Made in a loop where memory says: not judged from the allocation (the
// paths that reached it speak of iterations the return no longer knows).
func.func @data_guarded_allocation_in_loop(%flags: memref<?xi1>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %c0 to %n step %c1 {
    %f = memref.load %flags[%i] : memref<?xi1>
    scf.if %f {
      %t = memref.alloc() : memref<4xf32>
      memref.dealloc %t : memref<4xf32>
    }
  }
  return
}
