// RUN: %memlint lint --verify-diagnostics %s
// RUN: sed 's/llvm.icmp "ne" %%ia, %%ib/llvm.icmp "eq" %%ia, %%ib/' %s | not %memlint lint - | FileCheck %s --check-prefix=SWAPPED
//
// -convert-arith-to-llvm lowers arith before memref and scf, and leaves
// `builtin.unrealized_conversion_cast` between an index and the i64 that
// stands for it. Either way, the cast is the same integer: a question on
// it is a question on the index (helper-84; each ran clean).

// `(i64)%i == 0` in a loop from 0: its first iteration, once.
func.func @first_iteration_through_cast() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %z = llvm.mlir.constant(0 : index) : i64
  %a = memref.alloc() : memref<4xf32>
  scf.for %i = %c0 to %c4 step %c1 {
    %x = builtin.unrealized_conversion_cast %i : index to i64
    %e = llvm.icmp "eq" %x, %z : i64
    scf.if %e {
      memref.dealloc %a : memref<4xf32>
    }
  }
  return
}

// `%k == 2` and `(i64)%k != 2`: one free on each path.
func.func @complementary_through_cast(%k: index) {
  %c2 = arith.constant 2 : index
  %two = llvm.mlir.constant(2 : index) : i64
  %a = memref.alloc() : memref<4xf32>
  %e = arith.cmpi eq, %k, %c2 : index
  scf.if %e {
    memref.dealloc %a : memref<4xf32>
  }
  %x = builtin.unrealized_conversion_cast %k : index to i64
  %n = llvm.icmp "ne" %x, %two : i64
  scf.if %n {
    memref.dealloc %a : memref<4xf32>
  }
  return
}

// `(i64)%k >= 2` overlaps `%k == 2`: freed twice when %k is 2.
func.func @overlapping_through_cast(%k: index) {
  %c2 = arith.constant 2 : index
  %two = llvm.mlir.constant(2 : index) : i64
  // expected-note @+2 {{%a allocated here}}
  // expected-warning @+1 {{buffer %a is never freed}}
  %a = memref.alloc() : memref<4xf32>
  %e = arith.cmpi eq, %k, %c2 : index
  scf.if %e {
    memref.dealloc %a : memref<4xf32> // expected-note {{first freed here}}
  }
  %x = builtin.unrealized_conversion_cast %k : index to i64
  %n = llvm.icmp "sge" %x, %two : i64
  scf.if %n {
    memref.dealloc %a : memref<4xf32> // expected-error {{buffer %a is freed twice}}
  }
  return // expected-note {{the function exits here with %a still allocated}}
}

// Loop bounds that are casts of `llvm.mlir.constant`: 0 to 4, the loop
// runs, and frees once in its first iteration.
func.func @constant_bounds_behind_casts() {
  %0 = llvm.mlir.constant(0 : index) : i64
  %lb = builtin.unrealized_conversion_cast %0 : i64 to index
  %1 = llvm.mlir.constant(1 : index) : i64
  %st = builtin.unrealized_conversion_cast %1 : i64 to index
  %4 = llvm.mlir.constant(4 : index) : i64
  %ub = builtin.unrealized_conversion_cast %4 : i64 to index
  %c0 = arith.constant 0 : index
  %a = memref.alloc() : memref<4xf32>
  scf.for %i = %lb to %ub step %st {
    %e = arith.cmpi eq, %i, %c0 : index
    scf.if %e {
      memref.dealloc %a : memref<4xf32>
    }
  }
  return
}

// A view at byte 0 (a cast of `llvm.mlir.constant(0)`) is the buffer
// itself: freeing it frees the buffer.
func.func @view_at_zero_behind_cast(%n: index) {
  %z = llvm.mlir.constant(0 : index) : i64
  %c0 = builtin.unrealized_conversion_cast %z : i64 to index
  %raw = memref.alloc(%n) : memref<?xi8>
  %v = memref.view %raw[%c0][] : memref<?xi8> to memref<2xf32>
  memref.dealloc %v : memref<2xf32>
  return
}

// At byte 8 it is inside the buffer: not a pointer the allocator gave.
func.func @view_inside_behind_cast(%n: index) {
  %e = llvm.mlir.constant(8 : index) : i64
  %c8 = builtin.unrealized_conversion_cast %e : i64 to index
  %raw = memref.alloc(%n) : memref<?xi8>
  %v = memref.view %raw[%c8][] : memref<?xi8> to memref<2xf32> // expected-note {{interior view created here}}
  memref.dealloc %v : memref<2xf32> // expected-error {{frees %v, an interior view of buffer %raw; free %raw itself}}
  return
}

// Upstream's deallocation pipeline compares the addresses of the buffer a
// loop carries and of the one it carries on (a realloc may hand back the
// same buffer), then -convert-arith-to-llvm makes that an `llvm.icmp` of
// the addresses cast to i64: still "the same buffer" (helper-87, ran
// clean). With the test reversed, the loop frees the buffer it carries on.
// SWAPPED: error: buffer %alloc is freed twice (through its alias %b)
func.func @address_compare_through_casts(%n: index) -> memref<?xf32> {
  %true = arith.constant true
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %alloc = memref.alloc(%c1) : memref<?xf32>
  %r:2 = scf.for %i = %c0 to %n step %c1 iter_args(%b = %alloc, %own = %true) -> (memref<?xf32>, i1) {
    %dim = memref.dim %b, %c0 : memref<?xf32>
    %grow = arith.cmpi ult, %dim, %i : index
    %nb = scf.if %grow -> (memref<?xf32>) {
      %x = memref.alloc(%i) : memref<?xf32>
      scf.yield %x : memref<?xf32>
    } else {
      %rc = memref.reinterpret_cast %b to offset: [0], sizes: [%i], strides: [1] : memref<?xf32> to memref<?xf32>
      scf.yield %rc : memref<?xf32>
    }
    %pa = memref.extract_aligned_pointer_as_index %b : memref<?xf32> -> index
    %ia = builtin.unrealized_conversion_cast %pa : index to i64
    %pb = memref.extract_aligned_pointer_as_index %nb : memref<?xf32> -> index
    %ib = arith.index_cast %pb : index to i64
    %ne = llvm.icmp "ne" %ia, %ib : i64
    %fr = arith.andi %ne, %own : i1
    scf.if %fr {
      memref.dealloc %b : memref<?xf32>
    }
    %eq = llvm.icmp "eq" %ia, %ib : i64
    %k = arith.andi %eq, %own : i1
    %o2 = arith.ori %k, %grow : i1
    scf.yield %nb, %o2 : memref<?xf32>, i1
  }
  %res = scf.if %r#1 -> (memref<?xf32>) {
    scf.yield %r#0 : memref<?xf32>
  } else {
    %cl = bufferization.clone %r#0 : memref<?xf32> to memref<?xf32>
    scf.yield %cl : memref<?xf32>
  }
  return %res : memref<?xf32>
}
