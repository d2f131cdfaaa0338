// RUN: %mlir-opt --one-shot-bufferize="bufferize-function-boundaries=1 allow-return-allocs-from-loops=1" --buffer-deallocation-pipeline --convert-linalg-to-loops --convert-scf-to-cf --lift-cf-to-scf %s -o %t.mlir
// RUN: %memlint lint --no-color %t.mlir | FileCheck %s --allow-empty --check-prefix=CLEAN
// RUN: sed '0,/memref.dealloc/{/memref.dealloc/d}' %t.mlir | not %memlint lint --no-color - | FileCheck %s --check-prefix=LEAK
//
// Upstream's placement of the frees for four nested loops carrying a
// tensor, lowered to branches and lifted back to scf.while
// (--lift-cf-to-scf). Each while carries the previous iteration's buffer
// and flag in arguments nothing reads; counted as carrying the buffer,
// they hid the free deleted here (UnreadValues, unread-carried-arguments.mlir).
// The output is clean and the deleted free is found.
// CLEAN-NOT: {{.}}
// LEAK: warning: buffer %alloc allocated in a loop is not freed before the next iteration allocates it again {{.*}}[leak]
#map = affine_map<(d0) -> (d0)>
func.func @f(%n: index, %init: tensor<?xf32>) -> tensor<?xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %sz = tensor.dim %init, %c0 : tensor<?xf32>
  %r0 = scf.for %i0 = %c0 to %n step %c1 iter_args(%a0 = %init) -> (tensor<?xf32>) {
    %r1 = scf.for %i1 = %c0 to %n step %c1 iter_args(%a1 = %a0) -> (tensor<?xf32>) {
      %r2 = scf.for %i2 = %c0 to %n step %c1 iter_args(%a2 = %a1) -> (tensor<?xf32>) {
        %r3 = scf.for %i3 = %c0 to %n step %c1 iter_args(%a3 = %a2) -> (tensor<?xf32>) {
          %e = tensor.empty(%sz) : tensor<?xf32>
          %g = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]}
              ins(%a3 : tensor<?xf32>) outs(%e : tensor<?xf32>) {
          ^bb0(%x: f32, %y: f32):
            %z = arith.addf %x, %x : f32
            linalg.yield %z : f32
          } -> tensor<?xf32>
          scf.yield %g : tensor<?xf32>
        }
        scf.yield %r3 : tensor<?xf32>
      }
      scf.yield %r2 : tensor<?xf32>
    }
    scf.yield %r1 : tensor<?xf32>
  }
  return %r0 : tensor<?xf32>
}
