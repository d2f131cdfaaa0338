// Reproducer of a false finding (differential run, gen.py). Run:
//   $MEMLINT_LLVM_BIN/mlir-opt --buffer-deallocation-pipeline THIS.mlir | memlint lint -
//   (or: test/differential/run.py test/differential/repro/THIS.mlir)
// Runtime helper: none (both variants).
// memlint reports: two invalid-frees of function argument %arg1, the
//   guarded dealloc in the `do` region ("when %2 is true and %arg4 is
//   true") and the one after the loop ("when %arg4 is true and %2 is
//   false").
// Why wrong: the scf.while form of for_iter_arg_init.mlir. The ownership
//   flag enters as %false with %arg1 and becomes %true only with the fresh
//   buffer yielded by `do`; scf.condition forwards both unchanged.
func.func @f(%n: index, %arg: memref<8xf32>) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %res:2 = scf.while (%i = %c0, %buf = %arg) : (index, memref<8xf32>) -> (index, memref<8xf32>) {
    %cond = arith.cmpi slt, %i, %n : index
    scf.condition(%cond) %i, %buf : index, memref<8xf32>
  } do {
  ^bb0(%j: index, %b: memref<8xf32>):
    %fresh = memref.alloc() : memref<8xf32>
    memref.copy %b, %fresh : memref<8xf32> to memref<8xf32>
    %k = arith.addi %j, %c1 : index
    scf.yield %k, %fresh : index, memref<8xf32>
  }
  %r = memref.load %res#1[%c0] : memref<8xf32>
  return %r : f32
}
