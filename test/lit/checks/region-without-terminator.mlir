// RUN: %memlint lint --verify-diagnostics %s
//
// A custom op's region may have no terminator (unregistered ops allow it).
// Its last op is an op like the others: it runs once. A free there was
// applied twice, a false double free "in the previous iteration of the
// loop" of a region that is no loop (upstream's
// mlir/test/Dialect/Bufferization/canonicalize.mlir has such an op).

func.func @last_op_is_a_free() {
  "my.scope"() ({
    %1 = memref.alloc() : memref<4xf32>
    "use"(%1) : (memref<4xf32>) -> ()
    memref.dealloc %1 : memref<4xf32>
  }) : () -> ()
  return
}

// An unregistered last op, which might be a terminator, also runs once.
func.func @last_op_is_custom() {
  %a = memref.alloc() : memref<4xf32>
  "my.scope"() ({
    "use"(%a) : (memref<4xf32>) -> ()
  }) : () -> ()
  memref.dealloc %a : memref<4xf32>
  return
}

// Of two regions, which run is not known: an if/else (upstream's
// canonicalize.mlir, @clone_multiple_dealloc_of_clone) runs one. A double
// free of the two frees would rest on a guess (helper-86).
func.func @freed_in_both_regions() {
  %a = memref.alloc() : memref<4xf32>
  "my.if_else"() ({
    memref.dealloc %a : memref<4xf32>
  }, {
    memref.dealloc %a : memref<4xf32>
  }) : () -> ()
  return
}

// What holds whichever regions run is still found: a free in a region
// after the buffer was freed, a use there, a buffer no region frees.
func.func @freed_before_both_regions() {
  %a = memref.alloc() : memref<4xf32> // expected-note {{%a allocated here}}
  memref.dealloc %a : memref<4xf32> // expected-note {{first freed here}}
  "my.if_else"() ({
    memref.dealloc %a : memref<4xf32> // expected-error {{buffer %a is freed twice [double-free]}}
  }, {
    "use"() : () -> ()
  }) : () -> ()
  return
}

func.func @used_in_a_region_after_its_free() {
  %a = memref.alloc() : memref<4xf32> // expected-note {{%a allocated here}}
  memref.dealloc %a : memref<4xf32> // expected-note {{freed here}}
  "my.if_else"() ({
    "use"() : () -> ()
  }, {
    "use"(%a) : (memref<4xf32>) -> () // expected-error {{'use' uses buffer %a after it was freed [use-after-free]}}
  }) : () -> ()
  return
}

func.func @freed_by_no_region() {
  %a = memref.alloc() : memref<4xf32> // expected-warning {{buffer %a is never freed [leak]}}
  "my.if_else"() ({
    "use"(%a) : (memref<4xf32>) -> ()
  }, {
    "use"() : () -> ()
  }) : () -> ()
  return // expected-note {{the function exits here with %a still allocated}}
}
