// RUN: %mlir-opt --allow-unregistered-dialect --convert-linalg-to-loops --convert-scf-to-cf %s | %memlint lint --no-color - | FileCheck %s --allow-empty --check-prefix=CLEAN
// RUN: sed '/MUTANT-DELETE/d' %s | %mlir-opt --allow-unregistered-dialect --convert-linalg-to-loops --convert-scf-to-cf | not %memlint lint --no-color - | FileCheck %s --check-prefix=LEAK
// RUN: sed 's|// MUTANT-INNER: ||' %s | %mlir-opt --allow-unregistered-dialect --convert-scf-to-cf | not %memlint lint --no-color - | FileCheck %s --check-prefix=INNER
//
// Loops lowered to branches nest in one region, whose loops the walker
// iterates in the same rounds: a change travels a level per round, out
// and back in, so a nest of d loops needs about d * (d + 1) / 2 rounds.
// A cap of 24 rounds plus one per loop left every nest of 8 or more loops
// unchecked (a 3-D convolution lowered with --convert-linalg-to-loops
// --convert-scf-to-cf: "its loops reached no fixpoint within the
// analysis's round limit", with no buffer in the loops at all). The cap
// now adds each loop's depth in the nest.
// CLEAN-NOT: {{.}}
// LEAK-NOT: not-checked
// LEAK: warning: buffer %alloc is never freed [leak]
// LEAK-NOT: not-checked
// INNER-NOT: not-checked
// INNER: error: buffer %alloc is freed twice when {{.*}} [double-free]
// INNER-NOT: not-checked
func.func @conv3d(%in: memref<1x2x6x6x6xf32>, %w: memref<4x2x3x3x3xf32>) -> f32 {
  %c0 = arith.constant 0 : index
  %cst = arith.constant 0.0 : f32
  %out = memref.alloc() : memref<1x4x4x4x4xf32>
  linalg.fill ins(%cst : f32) outs(%out : memref<1x4x4x4x4xf32>)
  linalg.conv_3d_ncdhw_fcdhw ins(%in, %w : memref<1x2x6x6x6xf32>, memref<4x2x3x3x3xf32>) outs(%out : memref<1x4x4x4x4xf32>)
  %v = memref.load %out[%c0, %c0, %c0, %c0, %c0] : memref<1x4x4x4x4xf32>
  memref.dealloc %out : memref<1x4x4x4x4xf32> // MUTANT-DELETE
  return %v : f32
}

// Ten loops; the mutant frees the buffer in the innermost body, which the
// second iteration frees again: only paths through the loops tell.
func.func @nest10(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %a = memref.alloc() : memref<16xf32>
  scf.for %i0 = %c0 to %n step %c1 {
    scf.for %i1 = %c0 to %n step %c1 {
      scf.for %i2 = %c0 to %n step %c1 {
        scf.for %i3 = %c0 to %n step %c1 {
          scf.for %i4 = %c0 to %n step %c1 {
            scf.for %i5 = %c0 to %n step %c1 {
              scf.for %i6 = %c0 to %n step %c1 {
                scf.for %i7 = %c0 to %n step %c1 {
                  scf.for %i8 = %c0 to %n step %c1 {
                    scf.for %i9 = %c0 to %n step %c1 {
                      "npu.touch"(%a) : (memref<16xf32>) -> ()
                      // MUTANT-INNER: memref.dealloc %a : memref<16xf32>
                    }
                  }
                }
              }
            }
          }
        }
      }
    }
  }
  memref.dealloc %a : memref<16xf32> // MUTANT-DELETE
  return
}
