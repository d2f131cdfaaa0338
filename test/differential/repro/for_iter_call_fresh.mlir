// Reproducer of a false finding (differential run, gen.py). Run:
//   $MEMLINT_LLVM_BIN/mlir-opt --buffer-deallocation-pipeline THIS.mlir | memlint lint -
//   (or: test/differential/run.py test/differential/repro/THIS.mlir)
// Runtime helper: helper-fn+ptr-cmp in both variants (known-limitation).
// memlint reports: invalid-free of function argument %arg1 in the loop
//   ("when the loop runs and %arg4 is true and %3 is true").
// Why wrong: the fresh buffer comes from a private callee rather than a
//   memref.alloc in the loop; as in for_iter_arg_init.mlir the carried flag
//   is false as long as the carried buffer is %arg1.
func.func @f(%n: index, %arg: memref<8xf32>) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %res = scf.for %i = %c0 to %n step %c1 iter_args(%buf = %arg) -> (memref<8xf32>) {
    %next = func.call @fresh() : () -> memref<8xf32>
    memref.copy %buf, %next : memref<8xf32> to memref<8xf32>
    scf.yield %next : memref<8xf32>
  }
  %r = memref.load %res[%c0] : memref<8xf32>
  return %r : f32
}
func.func private @fresh() -> memref<8xf32> {
  %a = memref.alloc() : memref<8xf32>
  return %a : memref<8xf32>
}
