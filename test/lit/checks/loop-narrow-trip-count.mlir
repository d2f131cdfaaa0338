// RUN: %memlint lint %s
// RUN: sed 's/%inc = arith.constant 1 : i8/%inc = arith.constant 3 : i8/; s/^    %first = .*//; s/^    scf.if %first {$/    scf.if %on {/' %s | not %memlint lint - | FileCheck %s --check-prefix=RUNS
//
// Upstream's static trip count is computed in the induction variable's
// type: an i8 loop from -100 to 100 wrapped to "runs zero times", so the
// free in its first iteration was missed (a false leak) and, with the
// loop's result freed after it, a real double free was hidden. Signed
// loops on narrow integers count their bounds as 64-bit values.
// RUNS: error: buffer %a is freed twice

func.func @narrow_loop() {
  %lb = arith.constant -100 : i8
  %ub = arith.constant 100 : i8
  %inc = arith.constant 1 : i8
  %on = arith.constant true
  %a = memref.alloc() : memref<4xf32>
  scf.for %i = %lb to %ub step %inc : i8 {
    %first = arith.cmpi eq, %i, %lb : i8
    scf.if %first {
      memref.dealloc %a : memref<4xf32>
    }
  }
  return
}
