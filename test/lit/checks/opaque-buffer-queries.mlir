// RUN: %memlint lint --verify-diagnostics %s
//
// A value an op memlint cannot see into computes from a buffer it is given
// may be read from that buffer, or be its address: mlir-hlo's
// -hlo-deallocation-to-scf guards each free with "deallocation.get_buffer"
// (non-null: owned), and memlint reported the free of the argument as an
// invalid free (helper-86). Such a condition is one from memory contents
// (docs/ownership-model.md): the same rule as for a load or
// memref.extract_aligned_pointer_as_index.

func.func @retain_nothing(%arg: memref<*xf32>) {
  %zero = arith.constant 0 : index
  %buf = "deallocation.get_buffer"(%arg) : (memref<*xf32>) -> index
  %nonnull = arith.cmpi ne, %buf, %zero : index
  scf.if %nonnull {
    memref.dealloc %arg : memref<*xf32>
  }
  return
}

// Freeing the caller's memory whatever the query says is still wrong.
func.func @frees_whatever_the_query_says(%arg: memref<4xf32>) {
  %owned = "rt.is_owned"(%arg) : (memref<4xf32>) -> i1
  scf.if %owned {
    "use"(%arg) : (memref<4xf32>) -> ()
  }
  memref.dealloc %arg : memref<4xf32> // expected-error {{frees %arg, which comes from function argument %arg: the caller owns it [invalid-free]}}
  return
}

// An op given scalars only computes from them, as a custom comparison
// does: the path it decides is still one to report.
func.func @custom_comparison(%x: i32, %y: i32) {
  %lt = "my.cmp_lt"(%x, %y) : (i32, i32) -> i1
  %a = memref.alloc() : memref<4xf32> // expected-warning {{buffer %a is never freed when %lt is false}}
  scf.if %lt {
    memref.dealloc %a : memref<4xf32>
  }
  return // expected-note {{the function exits here with %a still allocated}}
}
