// Where the counter may take a value twice, or the constraint cannot be
// kept, the double free is still found: an i8 loop whose step wraps past
// its bound (0, 100, -56, 44, ..., 44), and an scf.while (which leaves
// from its head) inside an scf.for, whose `%z == 3` holds once per outer
// iteration.
// (equality-once-per-loop.mlir has the loops where it holds once.)
// RUN: not %memlint lint %s 2>&1 | FileCheck %s
// CHECK-DAG: error: buffer %w is freed twice
// CHECK-DAG: error: buffer %v is freed twice
func.func @wrapping_i8_counter() {
  %c0 = arith.constant 0 : i8
  %k = arith.constant 44 : i8
  %step = arith.constant 100 : i8
  %ub = arith.constant 127 : i8
  %w = memref.alloc() : memref<4xf32>
  scf.for %i = %c0 to %ub step %step : i8 {
    %h = arith.cmpi eq, %i, %k : i8
    scf.if %h {
      memref.dealloc %w : memref<4xf32>
    }
  }
  return
}

func.func @while_in_for(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %v = memref.alloc() : memref<4xf32>
  scf.for %i = %c0 to %n step %c1 {
    %r = scf.while (%y = %c0) : (index) -> index {
      %g = arith.cmpi slt, %y, %n : index
      scf.condition(%g) %y : index
    } do {
    ^bb0(%z: index):
      %e = arith.cmpi eq, %z, %c3 : index
      scf.if %e {
        memref.dealloc %v : memref<4xf32>
      }
      %nz = arith.addi %z, %c1 : index
      scf.yield %nz : index
    }
  }
  return
}

