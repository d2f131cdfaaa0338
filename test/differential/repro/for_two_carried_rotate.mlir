// Reproducer of a false finding (differential run, gen.py). Run:
//   $MEMLINT_LLVM_BIN/mlir-opt --buffer-deallocation-pipeline THIS.mlir | memlint lint -
//   (or: test/differential/run.py test/differential/repro/THIS.mlir)
// Runtime helper: helper-fn+ptr-cmp (run.py: known-limitation).
// memlint reports: three invalid-frees of function argument %arg1 (in the
//   loop "when %arg6 is true and %5 is true", after it "when the loop runs
//   zero times and %3 is true", "when the loop runs and %4 is true").
// Why wrong: two buffers are carried and rotated (%a -> fresh, %b -> old
//   %a). The pipeline computes each ownership flag with @dealloc_helper
//   and aligned-pointer comparisons; a flag that is true never belongs to
//   %arg1 (its ownership enters as %false). Needs the flags tied to the
//   buffers they guard, as in for_iter_arg_init.mlir, plus the helper's
//   "not aliased with a retained value" result.
func.func @f(%n: index, %arg: memref<8xf32>) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %init = memref.alloc() : memref<8xf32>
  %res:2 = scf.for %i = %c0 to %n step %c1 iter_args(%a = %arg, %b = %init) -> (memref<8xf32>, memref<8xf32>) {
    %next = memref.alloc() : memref<8xf32>
    memref.copy %a, %next : memref<8xf32> to memref<8xf32>
    scf.yield %next, %a : memref<8xf32>, memref<8xf32>
  }
  %r = memref.load %res#1[%c0] : memref<8xf32>
  return %r : f32
}
