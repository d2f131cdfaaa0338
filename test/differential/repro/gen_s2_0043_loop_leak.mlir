// Reproducer of a false finding (differential run, gen.py). Run:
//   $MEMLINT_LLVM_BIN/mlir-opt --buffer-deallocation-pipeline THIS.mlir | memlint lint -
//   (or: test/differential/run.py test/differential/repro/THIS.mlir)
// gen.py --seed 2, program 43, unreduced.
// Runtime helper: helper-fn+ptr-cmp (known-limitation), both variants.
// memlint reports: leak "buffer ... allocated in a loop is not freed before
//   the next iteration allocates it again when the loop at ... runs and the
//   loop at ... runs and %... is false".
// Why wrong: in the nested loops the buffer is freed under the ownership
//   flag computed for it (or carried out as the loop result, to be freed
//   later); the path memlint names has the flag false exactly when the
//   buffer was yielded instead of dropped. Same flag/buffer disconnect as
//   for_iter_arg_init.mlir, seen from the leak side.
func.func @main(%n: index, %c: i1, %v: f32, %a0: memref<8xf32>, %a1: memref<8xf32>) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %m1 = memref.alloc() : memref<8xf32>
  memref.store %v, %m1[%c0] : memref<8xf32>
  %m2 = memref.alloc() : memref<8xf32>
  memref.store %v, %m2[%c0] : memref<8xf32>
  %res4:2 = scf.for %i3 = %c0 to %n step %c1 iter_args(%b5 = %m2, %b6 = %a1) -> (memref<8xf32>, memref<8xf32>) {
    %p8 = arith.cmpi ugt, %i3, %c2 : index
    %r7:1 = scf.if %p8 -> (memref<8xf32>) {
      %w9 = memref.cast %b6 : memref<8xf32> to memref<?xf32>
      memref.store %v, %w9[%c0] : memref<?xf32>
      %p10 = arith.cmpi eq, %i3, %c2 : index
      %y11 = scf.if %p10 -> (memref<8xf32>) {
        %m12 = memref.alloc() : memref<8xf32>
        memref.copy %b6, %m12 : memref<8xf32> to memref<8xf32>
        scf.yield %m12 : memref<8xf32>
      } else {
        scf.yield %b6 : memref<8xf32>
      }
      scf.yield %y11 : memref<8xf32>
    } else {
      scf.if %c {
        func.call @consume_priv(%n, %c, %v, %b6) : (index, i1, f32, memref<8xf32>) -> ()
        %p13 = arith.cmpi slt, %i3, %c2 : index
        %r14 = func.call @ident_priv(%n, %p13, %v, %a1) : (index, i1, f32, memref<8xf32>) -> memref<8xf32>
      }
      scf.yield %b5 : memref<8xf32>
    }
    %m15 = memref.alloc() : memref<8xf32>
    memref.store %v, %m15[%c0] : memref<8xf32>
    %m16 = memref.alloc() : memref<8xf32>
    memref.store %v, %m16[%c0] : memref<8xf32>
    %res18:1 = scf.for %i17 = %c0 to %n step %c1 iter_args(%b19 = %m16) -> (memref<8xf32>) {
      memref.copy %r7#0, %m15 : memref<8xf32> to memref<8xf32>
      %res20:2 = scf.while (%i21 = %c0, %b22 = %a1) : (index, memref<8xf32>) -> (index, memref<8xf32>) {
        %p23 = arith.cmpi slt, %i21, %n : index
        %p24 = arith.cmpi slt, %i21, %c2 : index
        %y25 = scf.if %p24 -> (memref<8xf32>) {
          %m26 = memref.alloc() : memref<8xf32>
          memref.copy %b22, %m26 : memref<8xf32> to memref<8xf32>
          scf.yield %m26 : memref<8xf32>
        } else {
          scf.yield %b22 : memref<8xf32>
        }
        scf.condition(%p23) %i21, %y25 : index, memref<8xf32>
      } do {
      ^bb0(%j27: index, %b28: memref<8xf32>):
        %m29 = memref.alloc() : memref<8xf32>
        memref.store %v, %m29[%c0] : memref<8xf32>
        %m30 = memref.alloc() : memref<8xf32>
        memref.store %v, %m30[%c0] : memref<8xf32>
        %res32:1 = scf.for %i31 = %c0 to %n step %c1 iter_args(%b33 = %b5) -> (memref<8xf32>) {
          memref.copy %m30, %b19 : memref<8xf32> to memref<8xf32>
          %m34 = memref.alloc() : memref<8xf32>
          memref.copy %b33, %m34 : memref<8xf32> to memref<8xf32>
          scf.yield %m34 : memref<8xf32>
        }
        %k35 = arith.addi %j27, %c1 : index
        scf.yield %k35, %b28 : index, memref<8xf32>
      }
      %m36 = memref.alloc() : memref<8xf32>
      memref.copy %b19, %m36 : memref<8xf32> to memref<8xf32>
      scf.yield %m36 : memref<8xf32>
    }
    %m37 = memref.alloc() : memref<8xf32>
    memref.copy %b5, %m37 : memref<8xf32> to memref<8xf32>
    scf.yield %m37, %res18#0 : memref<8xf32>, memref<8xf32>
  }
  %f38 = memref.load %res4#1[%c0] : memref<8xf32>
  return %f38 : f32
}
func.func private @consume_priv(%n: index, %c: i1, %v: f32, %x: memref<8xf32>) {
  %c0 = arith.constant 0 : index
  memref.store %v, %x[%c0] : memref<8xf32>
  return
}
func.func private @ident_priv(%n: index, %c: i1, %v: f32, %x: memref<8xf32>) -> memref<8xf32> {
  %c0 = arith.constant 0 : index
  return %x : memref<8xf32>
}
