// Reproducer of a false finding (differential run, gen.py). Run:
//   $MEMLINT_LLVM_BIN/mlir-opt --buffer-deallocation-pipeline THIS.mlir | memlint lint -
//   (or: test/differential/run.py test/differential/repro/THIS.mlir)
// Runtime helper: none (both variants).
// memlint reports: invalid-free "frees %base_buffer_0, which is stack memory
//   from 'memref.alloca' (when the loop runs and %arg4 is true)".
// Why wrong: for_iter_arg_init.mlir with a stack buffer as the loop init:
//   upstream gives it ownership %false, the flag turns %true only with the
//   fresh heap buffer, so the guarded dealloc never sees the alloca.
func.func @f(%n: index, %v: f32) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %s = memref.alloca() : memref<8xf32>
  memref.store %v, %s[%c0] : memref<8xf32>
  %res = scf.for %i = %c0 to %n step %c1 iter_args(%buf = %s) -> (memref<8xf32>) {
    %next = memref.alloc() : memref<8xf32>
    memref.copy %buf, %next : memref<8xf32> to memref<8xf32>
    scf.yield %next : memref<8xf32>
  }
  %r = memref.load %res[%c0] : memref<8xf32>
  return %r : f32
}
