// Reproducer of a false finding (differential run, gen.py). Run:
//   $MEMLINT_LLVM_BIN/mlir-opt --buffer-deallocation-pipeline THIS.mlir | memlint lint -
//   (or: test/differential/run.py test/differential/repro/THIS.mlir)
// Runtime helper: none (plain and dynamic-ownership give the same output).
// memlint reports: invalid-free "frees %base_buffer_0, which comes from
//   function argument %arg1: the caller owns it (when the loop runs and
//   %arg4 is true)" on the `scf.if %arg4 { memref.dealloc %base_buffer_0 }`
//   in the loop body.
// Why wrong: upstream carries iter_args(%arg3 = %arg1, %arg4 = %false) and
//   yields (%alloc, %true): %arg4 is true exactly when %arg3 is a buffer
//   allocated by an earlier iteration, never when it is still %arg1. The
//   flag is analysed apart from the buffer carried beside it, so memlint
//   pairs "%arg4 true" with the entry value of %arg3.
func.func @f(%n: index, %arg: memref<8xf32>) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %res = scf.for %i = %c0 to %n step %c1 iter_args(%buf = %arg) -> (memref<8xf32>) {
    %next = memref.alloc() : memref<8xf32>
    memref.copy %buf, %next : memref<8xf32> to memref<8xf32>
    scf.yield %next : memref<8xf32>
  }
  %r = memref.load %res[%c0] : memref<8xf32>
  return %r : f32
}
