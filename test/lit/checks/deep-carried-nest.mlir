// RUN: %memlint lint %s
// RUN: sed '/memref.dealloc %b7 /d' %s | not %memlint lint - | FileCheck %s --check-prefix=MUTANT
//
// A buffer carried through the iter_args of eight nested loops, replaced by
// a copy and freed in the innermost body: each loop's copies of the atoms
// of the loops inside it (their first iterations, in earlier iterations)
// were copied again at every loop around them, 2^depth copies, and six
// loops outgrew the budget ("checked only coarsely", exit 1). Copies of
// copies are now the outer loop's copy of the atom itself: the nest is
// checked, clean, and the copy left unfreed is found.
// MUTANT: warning: buffer %a is never freed when the loop at {{[0-9]+}}:9 runs [leak]
// MUTANT: warning: buffer %nb allocated in a loop is not freed before the next iteration allocates it again [leak]
// MUTANT-NOT: not-checked
func.func @carried_through_eight_loops(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %a = memref.alloc() : memref<8xf32>
  %r0 = scf.for %i0 = %c0 to %n step %c1 iter_args(%b0 = %a) -> (memref<8xf32>) {
    %r1 = scf.for %i1 = %c0 to %n step %c1 iter_args(%b1 = %b0) -> (memref<8xf32>) {
      %r2 = scf.for %i2 = %c0 to %n step %c1 iter_args(%b2 = %b1) -> (memref<8xf32>) {
        %r3 = scf.for %i3 = %c0 to %n step %c1 iter_args(%b3 = %b2) -> (memref<8xf32>) {
          %r4 = scf.for %i4 = %c0 to %n step %c1 iter_args(%b4 = %b3) -> (memref<8xf32>) {
            %r5 = scf.for %i5 = %c0 to %n step %c1 iter_args(%b5 = %b4) -> (memref<8xf32>) {
              %r6 = scf.for %i6 = %c0 to %n step %c1 iter_args(%b6 = %b5) -> (memref<8xf32>) {
                %r7 = scf.for %i7 = %c0 to %n step %c1 iter_args(%b7 = %b6) -> (memref<8xf32>) {
                  %nb = memref.alloc() : memref<8xf32>
                  memref.copy %b7, %nb : memref<8xf32> to memref<8xf32>
                  memref.dealloc %b7 : memref<8xf32>
                  scf.yield %nb : memref<8xf32>
                }
                scf.yield %r7 : memref<8xf32>
              }
              scf.yield %r6 : memref<8xf32>
            }
            scf.yield %r5 : memref<8xf32>
          }
          scf.yield %r4 : memref<8xf32>
        }
        scf.yield %r3 : memref<8xf32>
      }
      scf.yield %r2 : memref<8xf32>
    }
    scf.yield %r1 : memref<8xf32>
  }
  memref.dealloc %r0 : memref<8xf32>
  return
}
