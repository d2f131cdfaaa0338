// RUN: %mlir-opt --one-shot-bufferize="bufferize-function-boundaries=1 allow-return-allocs-from-loops=1" --buffer-deallocation-pipeline --convert-linalg-to-loops --convert-scf-to-cf --lift-cf-to-scf %s -o %t.mlir
// RUN: %memlint lint --no-color %t.mlir | FileCheck %s --allow-empty --check-prefix=CLEAN
// RUN: sed '0,/memref.dealloc/{/memref.dealloc/d}' %t.mlir | not %memlint lint --no-color - | FileCheck %s --check-prefix=LEAK
//
// Upstream's placement of the frees for fourteen nested loops carrying a
// tensor (bench/lint/loop_nests.py), lowered to branches and lifted back
// (scf.while loops whose before region holds the body in an scf.if). The
// values a loop passes to its results were said on the paths of its
// exits, so they named every atom of those paths (each loop's test, its
// first iteration, their copies): none of them could leave the path after
// the loop, and from 11 loops the work outgrew the budget. Said relative
// to the exits' paths, they name only what tells apart what they hold:
// the nest is checked, clean, and a deleted free is found.
// CLEAN-NOT: {{.}}
// LEAK-NOT: not-checked
// LEAK: warning: buffer %alloc allocated in a loop is not freed before the next iteration allocates it again when the loop at {{[0-9:]+}} is past its first iteration [leak]
// LEAK-NOT: not-checked
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
                          %r12 = scf.for %i12 = %c0 to %n step %c1 iter_args(%a12 = %a11) -> (tensor<?xf32>) {
                            %r13 = scf.for %i13 = %c0 to %n step %c1 iter_args(%a13 = %a12) -> (tensor<?xf32>) {
                              %r14 = scf.for %i14 = %c0 to %n step %c1 iter_args(%a14 = %a13) -> (tensor<?xf32>) {
                                %r15 = scf.for %i15 = %c0 to %n step %c1 iter_args(%a15 = %a14) -> (tensor<?xf32>) {
                                  %e = tensor.empty(%sz) : tensor<?xf32>
                                  %g = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%a15 : tensor<?xf32>) outs(%e : tensor<?xf32>) {
                                  ^bb0(%x: f32, %y: f32):
                                    %z = arith.addf %x, %x : f32
                                    linalg.yield %z : f32
                                  } -> tensor<?xf32>
                                  scf.yield %g : tensor<?xf32>
                                }
                                scf.yield %r15 : tensor<?xf32>
                              }
                              scf.yield %r14 : tensor<?xf32>
                            }
                            scf.yield %r13 : tensor<?xf32>
                          }
                          scf.yield %r12 : tensor<?xf32>
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
