// RUN: %memlint lint --no-color %s | FileCheck %s --allow-empty --check-prefix=CLEAN
// RUN: sed 's|// MUTANT: ||' %s | not %memlint lint --no-color - | FileCheck %s --check-prefix=INNER
//
// In lockstep a change travels a level per round through a nest of
// region loops, out and back in: ten nested scf.while loops (what
// --scf-for-to-while makes of scf.for) settle in 56 rounds. The round cap
// added one round per region op (33 here), so every nest of 8 or more
// was not checked; it now adds each op's depth in the nest.
// CLEAN-NOT: {{.}}
// INNER-NOT: not-checked
// INNER: error: buffer %a is freed twice when {{.*}} [double-free]
// INNER-NOT: not-checked
func.func @while10(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %a = memref.alloc() : memref<4xf32>
  %w0 = scf.while (%i0 = %c0) : (index) -> index {
    %t0 = arith.cmpi slt, %i0, %n : index
    scf.condition(%t0) %i0 : index
  } do {
  ^bb0(%j0: index):
    %w1 = scf.while (%i1 = %c0) : (index) -> index {
      %t1 = arith.cmpi slt, %i1, %n : index
      scf.condition(%t1) %i1 : index
    } do {
    ^bb0(%j1: index):
      %w2 = scf.while (%i2 = %c0) : (index) -> index {
        %t2 = arith.cmpi slt, %i2, %n : index
        scf.condition(%t2) %i2 : index
      } do {
      ^bb0(%j2: index):
        %w3 = scf.while (%i3 = %c0) : (index) -> index {
          %t3 = arith.cmpi slt, %i3, %n : index
          scf.condition(%t3) %i3 : index
        } do {
        ^bb0(%j3: index):
          %w4 = scf.while (%i4 = %c0) : (index) -> index {
            %t4 = arith.cmpi slt, %i4, %n : index
            scf.condition(%t4) %i4 : index
          } do {
          ^bb0(%j4: index):
            %w5 = scf.while (%i5 = %c0) : (index) -> index {
              %t5 = arith.cmpi slt, %i5, %n : index
              scf.condition(%t5) %i5 : index
            } do {
            ^bb0(%j5: index):
              %w6 = scf.while (%i6 = %c0) : (index) -> index {
                %t6 = arith.cmpi slt, %i6, %n : index
                scf.condition(%t6) %i6 : index
              } do {
              ^bb0(%j6: index):
                %w7 = scf.while (%i7 = %c0) : (index) -> index {
                  %t7 = arith.cmpi slt, %i7, %n : index
                  scf.condition(%t7) %i7 : index
                } do {
                ^bb0(%j7: index):
                  %w8 = scf.while (%i8 = %c0) : (index) -> index {
                    %t8 = arith.cmpi slt, %i8, %n : index
                    scf.condition(%t8) %i8 : index
                  } do {
                  ^bb0(%j8: index):
                    %w9 = scf.while (%i9 = %c0) : (index) -> index {
                      %t9 = arith.cmpi slt, %i9, %n : index
                      scf.condition(%t9) %i9 : index
                    } do {
                    ^bb0(%j9: index):
                      "npu.touch"(%a) : (memref<4xf32>) -> ()
                      // MUTANT: memref.dealloc %a : memref<4xf32>
                      %n9 = arith.addi %j9, %c1 : index
                      scf.yield %n9 : index
                    }
                    %n8 = arith.addi %j8, %c1 : index
                    scf.yield %n8 : index
                  }
                  %n7 = arith.addi %j7, %c1 : index
                  scf.yield %n7 : index
                }
                %n6 = arith.addi %j6, %c1 : index
                scf.yield %n6 : index
              }
              %n5 = arith.addi %j5, %c1 : index
              scf.yield %n5 : index
            }
            %n4 = arith.addi %j4, %c1 : index
            scf.yield %n4 : index
          }
          %n3 = arith.addi %j3, %c1 : index
          scf.yield %n3 : index
        }
        %n2 = arith.addi %j2, %c1 : index
        scf.yield %n2 : index
      }
      %n1 = arith.addi %j1, %c1 : index
      scf.yield %n1 : index
    }
    %n0 = arith.addi %j0, %c1 : index
    scf.yield %n0 : index
  }
  memref.dealloc %a : memref<4xf32>
  return
}
