// RUN: %memlint lint %s
// RUN: sed '/memref.dealloc %b15 /d' %s | not %memlint lint - | FileCheck %s --check-prefix=MUTANT
// Upstream's placement of the frees, from the nest without them:
// RUN: sed '/memref.dealloc /d' %s | %mlir-opt --buffer-deallocation-pipeline | %memlint lint -
//
// deep-carried-nest.mlir at sixteen loops, the depth generated code
// reaches. The copies of the loops' first-iteration atoms made for loop L
// ("was it the first iteration of loop K, in L's earlier iteration") were
// ordered next to the atoms they copy; the path at each loop head relates
// L's own first iteration to all of L's copies, so the diagrams had to
// remember, across the order, every loop not in its first iteration:
// 2^depth nodes, and twelve loops outgrew the budget. Grouped by the loop
// they are made for, after its own first-iteration atom, the paths grow
// with the depth: the nest is checked, clean, and the leak is found.
// MUTANT: warning: buffer %a is never freed when the loop at {{[0-9]+}}:9 runs [leak]
// MUTANT: warning: buffer %nb allocated in a loop is not freed before the next iteration allocates it again [leak]
// MUTANT-NOT: not-checked
func.func @carried_through_sixteen_loops(%n: index) {
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
                  %r8 = scf.for %i8 = %c0 to %n step %c1 iter_args(%b8 = %b7) -> (memref<8xf32>) {
                    %r9 = scf.for %i9 = %c0 to %n step %c1 iter_args(%b9 = %b8) -> (memref<8xf32>) {
                      %r10 = scf.for %i10 = %c0 to %n step %c1 iter_args(%b10 = %b9) -> (memref<8xf32>) {
                        %r11 = scf.for %i11 = %c0 to %n step %c1 iter_args(%b11 = %b10) -> (memref<8xf32>) {
                          %r12 = scf.for %i12 = %c0 to %n step %c1 iter_args(%b12 = %b11) -> (memref<8xf32>) {
                            %r13 = scf.for %i13 = %c0 to %n step %c1 iter_args(%b13 = %b12) -> (memref<8xf32>) {
                              %r14 = scf.for %i14 = %c0 to %n step %c1 iter_args(%b14 = %b13) -> (memref<8xf32>) {
                                %r15 = scf.for %i15 = %c0 to %n step %c1 iter_args(%b15 = %b14) -> (memref<8xf32>) {
                                  %nb = memref.alloc() : memref<8xf32>
                                  memref.copy %b15, %nb : memref<8xf32> to memref<8xf32>
                                  memref.dealloc %b15 : memref<8xf32>
                                  scf.yield %nb : memref<8xf32>
                                }
                              scf.yield %r15 : memref<8xf32>
                              }
                            scf.yield %r14 : memref<8xf32>
                            }
                          scf.yield %r13 : memref<8xf32>
                          }
                        scf.yield %r12 : memref<8xf32>
                        }
                      scf.yield %r11 : memref<8xf32>
                      }
                    scf.yield %r10 : memref<8xf32>
                    }
                  scf.yield %r9 : memref<8xf32>
                  }
                scf.yield %r8 : memref<8xf32>
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
