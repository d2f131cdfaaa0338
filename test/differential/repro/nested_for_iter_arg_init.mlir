// Reproducer of a false finding (differential run, gen.py). Run:
//   $MEMLINT_LLVM_BIN/mlir-opt --buffer-deallocation-pipeline THIS.mlir | memlint lint -
//   (or: test/differential/run.py test/differential/repro/THIS.mlir)
// Runtime helper: helper-fn+ptr-cmp (run.py: known-limitation), but the
//   finding is the same loop-carried flag problem, not pointer reasoning.
// memlint reports: three invalid-frees of function argument %arg1: in the
//   inner loop ("when the loop at 8:14 runs and %arg7 is true"), in the
//   outer body, and after the outer loop.
// Why wrong: the inner loop's flag %arg7 starts as %false (it gets the
//   outer %arg3 unowned) and is %true only after the inner loop replaced
//   the buffer; the outer flag is the inner loop's result flag.
func.func @f(%n: index, %arg: memref<8xf32>) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %res = scf.for %i = %c0 to %n step %c1 iter_args(%buf = %arg) -> (memref<8xf32>) {
    %inner = scf.for %j = %c0 to %n step %c1 iter_args(%b = %buf) -> (memref<8xf32>) {
      %next = memref.alloc() : memref<8xf32>
      memref.copy %b, %next : memref<8xf32> to memref<8xf32>
      scf.yield %next : memref<8xf32>
    }
    scf.yield %inner : memref<8xf32>
  }
  %r = memref.load %res[%c0] : memref<8xf32>
  return %r : f32
}
