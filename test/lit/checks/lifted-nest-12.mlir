// RUN: %mlir-opt --one-shot-bufferize="bufferize-function-boundaries=1 allow-return-allocs-from-loops=1" --buffer-deallocation-pipeline --convert-linalg-to-loops --convert-scf-to-cf %s --lift-cf-to-scf | %memlint lint --no-color - | FileCheck %s --allow-empty --check-prefix=CLEAN
//
// lowered-nest-16.mlir's nest at twelve loops, lowered to branches and
// lifted back to scf.while (--lift-cf-to-scf): the body in each while's
// `before` region under an scf.if, flags carried as i32. Its loops' results
// held conditions on the whole path to the exit, which every loop around
// copied per iteration; kept as they hold on that path, the nest is
// checked (9 outgrew the budget) and clean.
// CLEAN-NOT: {{.}}
#map = affine_map<(d0) -> (d0)>
func.func @f(%n: index, %init: tensor<?xf32>) -> tensor<?xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %sz = tensor.dim %init, %c0 : tensor<?xf32>
  %r0 = scf.for %i0 = %c0 to %n step %c1 iter_args(%a0 = %init) -> (tensor<?xf32>) {
    %r1 = scf.for %i1 = %c0 to %n step %c1 iter_args(%a1 = %a0) -> (tensor<?xf32>) {
      %r2 = scf.for %i2 = %c0 to %n step %c1 iter_args(%a2 = %a1) -> (tensor<?xf32>) {
        %r3 = scf.for %i3 = %c0 to %n step %c1 iter_args(%a3 = %a2) -> (tensor<?xf32>) {
          %r4 = scf.for %i4 = %c0 to %n step %c1 iter_args(%a4 = %a3) -> (tensor<?xf32>) {
            %r5 = scf.for %i5 = %c0 to %n step %c1 iter_args(%a5 = %a4) -> (tensor<?xf32>) {
              %r6 = scf.for %i6 = %c0 to %n step %c1 iter_args(%a6 = %a5) -> (tensor<?xf32>) {
                %r7 = scf.for %i7 = %c0 to %n step %c1 iter_args(%a7 = %a6) -> (tensor<?xf32>) {
                  %r8 = scf.for %i8 = %c0 to %n step %c1 iter_args(%a8 = %a7) -> (tensor<?xf32>) {
                    %r9 = scf.for %i9 = %c0 to %n step %c1 iter_args(%a9 = %a8) -> (tensor<?xf32>) {
                      %r10 = scf.for %i10 = %c0 to %n step %c1 iter_args(%a10 = %a9) -> (tensor<?xf32>) {
                        %r11 = scf.for %i11 = %c0 to %n step %c1 iter_args(%a11 = %a10) -> (tensor<?xf32>) {
                          %e = tensor.empty(%sz) : tensor<?xf32>
                          %g = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]}
                              ins(%a11 : tensor<?xf32>) outs(%e : tensor<?xf32>) {
                          ^bb0(%x: f32, %y: f32):
                            %z = arith.addf %x, %x : f32
                            linalg.yield %z : f32
                          } -> tensor<?xf32>
                          scf.yield %g : tensor<?xf32>
                        }
                        scf.yield %r11 : tensor<?xf32>
                      }
                      scf.yield %r10 : tensor<?xf32>
                    }
                    scf.yield %r9 : tensor<?xf32>
                  }
                  scf.yield %r8 : tensor<?xf32>
                }
                scf.yield %r7 : tensor<?xf32>
              }
              scf.yield %r6 : tensor<?xf32>
            }
            scf.yield %r5 : tensor<?xf32>
          }
          scf.yield %r4 : tensor<?xf32>
        }
        scf.yield %r3 : tensor<?xf32>
      }
      scf.yield %r2 : tensor<?xf32>
    }
    scf.yield %r1 : tensor<?xf32>
  }
  return %r0 : tensor<?xf32>
}
