// Reproducer of a false finding (differential run, gen.py). Run:
//   $MEMLINT_LLVM_BIN/mlir-opt --buffer-deallocation-pipeline THIS.mlir | memlint lint -
//   (or: test/differential/run.py test/differential/repro/THIS.mlir)
// gen.py --seed 2, program 68, unreduced.
// Runtime helper: helper-fn+ptr-cmp (run.py: known-limitation).
// memlint reports: four invalid-frees of function argument %arg3, one of
//   them unconditional ("frees %base_buffer_28, which comes from function
//   argument %arg3: the caller owns it", no "when").
// Why wrong: the buffer freed after the loop is the loop's result, whose
//   ownership flag @dealloc_helper computes as "owned and not aliased with a
//   retained buffer"; the caller's %arg3 enters with ownership %false, so no
//   path frees it. Without the condition the finding is a plain error even
//   for a reader who trusts the guards.
func.func @main(%n: index, %c: i1, %v: f32, %a0: memref<?xf32>) -> memref<?xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %m1 = memref.alloc(%n) : memref<?xf32>
  memref.store %v, %m1[%c0] : memref<?xf32>
  scf.for %i2 = %c0 to %n step %c1 {
    memref.copy %m1, %a0 : memref<?xf32> to memref<?xf32>
  }
  %res4:3 = scf.for %i3 = %c0 to %n step %c1 iter_args(%b5 = %m1, %b6 = %a0, %b7 = %a0) -> (memref<?xf32>, memref<?xf32>, memref<?xf32>) {
    %w8 = memref.expand_shape %b7 [[0, 1]] output_shape [%n, 1] : memref<?xf32> into memref<?x1xf32>
    memref.store %v, %w8[%c0, %c0] : memref<?x1xf32>
    %y9 = scf.if %c -> (memref<?xf32>) {
      %m10 = memref.alloc(%n) : memref<?xf32>
      memref.copy %b5, %m10 : memref<?xf32> to memref<?xf32>
      scf.yield %m10 : memref<?xf32>
    } else {
      scf.yield %b5 : memref<?xf32>
    }
    scf.yield %y9, %b5, %b6 : memref<?xf32>, memref<?xf32>, memref<?xf32>
  }
  return %a0 : memref<?xf32>
}
