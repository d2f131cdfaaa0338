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

// Two regions run in order: both free the same buffer.
func.func @freed_in_both_regions() {
  %a = memref.alloc() : memref<4xf32> // expected-note {{%a allocated here}}
  "my.both"() ({
    memref.dealloc %a : memref<4xf32> // expected-note {{first freed here}}
  }, {
    memref.dealloc %a : memref<4xf32> // expected-error {{buffer %a is freed twice [double-free]}}
  }) : () -> ()
  return
}
