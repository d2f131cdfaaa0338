// Reproducer of a MISSED finding (differential run, gen.py). Run:
//   $MEMLINT_LLVM_BIN/mlir-opt --buffer-deallocation-pipeline=private-function-dynamic-ownership=true THIS.mlir
//   then delete the guarded `memref.dealloc %base_buffer` and lint:
//   test/differential/run.py --variant dynamic-ownership test/differential/repro/THIS.mlir
// Runtime helper: none.
// memlint reported: nothing for the mutant without the guarded dealloc of
//   the call result (and no double-free when it is doubled). Fixed: the
//   summary of @choose says its memref result is its own buffer exactly
//   when its i1 result holds, and that flag is its argument %c
//   (FunctionSummary::ownedWhen, sameAsArgument).
// Why wrong: with dynamic ownership @choose returns (%buf, %c): the flag is
//   its own i1 argument, true exactly when it returned its fresh alloc. The
//   caller frees the result under that flag; without the free the fresh
//   buffer leaks on every iteration where %i == 2. (Contrast @ident-style
//   callees returning %false: there the dealloc is dead and silence is
//   right, see gen-known-failures.txt.)
func.func @f(%n: index, %v: f32) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %a = memref.alloc() : memref<8xf32>
  memref.store %v, %a[%c0] : memref<8xf32>
  scf.for %i = %c0 to %n step %c1 {
    %p = arith.cmpi eq, %i, %c2 : index
    %r = func.call @choose(%p, %v, %a) : (i1, f32, memref<8xf32>) -> memref<8xf32>
  }
  %x = memref.load %a[%c0] : memref<8xf32>
  return %x : f32
}
func.func private @choose(%c: i1, %v: f32, %x: memref<8xf32>) -> memref<8xf32> {
  %c0 = arith.constant 0 : index
  %0 = scf.if %c -> (memref<8xf32>) {
    %m = memref.alloc() : memref<8xf32>
    memref.store %v, %m[%c0] : memref<8xf32>
    scf.yield %m : memref<8xf32>
  } else {
    scf.yield %x : memref<8xf32>
  }
  return %0 : memref<8xf32>
}
