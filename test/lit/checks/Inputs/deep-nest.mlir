// A 4-deep loop nest with carried buffers (test/differential/gen.py --seed 2,
// program 6). Upstream's output for it lints clean; a build whose lockstep
// loop caches outlived a visit of the loop above reported a false leak.
func.func @main(%n: index, %c: i1, %v: f32, %a0: memref<8xf32>) -> memref<8xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %m1 = memref.alloc() : memref<8xf32>
  memref.store %v, %m1[%c0] : memref<8xf32>
  %res3:1 = scf.for %i2 = %c0 to %n step %c1 iter_args(%b4 = %a0) -> (memref<8xf32>) {
    %res6:1 = scf.for %i5 = %c0 to %n step %c1 iter_args(%b7 = %m1) -> (memref<8xf32>) {
      %f8 = memref.load %b4[%c0] : memref<8xf32>
      scf.yield %b7 : memref<8xf32>
    }
    %m9 = memref.alloc() : memref<8xf32>
    memref.store %v, %m9[%c0] : memref<8xf32>
    %res11:1 = scf.for %i10 = %c0 to %n step %c1 iter_args(%b12 = %m9) -> (memref<8xf32>) {
      %p13 = arith.cmpi eq, %i2, %c2 : index
      %r14 = func.call @ident_pub(%n, %p13, %v, %res6#0) : (index, i1, f32, memref<8xf32>) -> memref<8xf32>
      %m15 = memref.alloc() : memref<8xf32>
      memref.store %v, %m15[%c0] : memref<8xf32>
      %m16 = memref.alloc() : memref<8xf32>
      memref.store %v, %m16[%c0] : memref<8xf32>
      %res18:2 = scf.for %i17 = %c0 to %n step %c1 iter_args(%b19 = %m15, %b20 = %m16) -> (memref<8xf32>, memref<8xf32>) {
        memref.store %v, %r14[%c0] : memref<8xf32>
        %res22:1 = scf.for %i21 = %c0 to %n step %c1 iter_args(%b23 = %b20) -> (memref<8xf32>) {
          memref.store %v, %a0[%c0] : memref<8xf32>
          %m24 = memref.alloc() : memref<8xf32>
          memref.copy %b23, %m24 : memref<8xf32> to memref<8xf32>
          scf.yield %m24 : memref<8xf32>
        }
        %p25 = arith.cmpi eq, %i10, %c2 : index
        %y26 = scf.if %p25 -> (memref<8xf32>) {
          %m27 = memref.alloc() : memref<8xf32>
          memref.copy %b19, %m27 : memref<8xf32> to memref<8xf32>
          scf.yield %m27 : memref<8xf32>
        } else {
          scf.yield %b19 : memref<8xf32>
        }
        scf.yield %y26, %b20 : memref<8xf32>, memref<8xf32>
      }
      scf.yield %b12 : memref<8xf32>
    }
    %p28 = arith.cmpi eq, %i2, %c2 : index
    %y29 = scf.if %p28 -> (memref<8xf32>) {
      %m30 = memref.alloc() : memref<8xf32>
      memref.copy %b4, %m30 : memref<8xf32> to memref<8xf32>
      scf.yield %m30 : memref<8xf32>
    } else {
      scf.yield %b4 : memref<8xf32>
    }
    scf.yield %y29 : memref<8xf32>
  }
  %w31 = memref.reinterpret_cast %m1 to offset: [0], sizes: [4], strides: [1] : memref<8xf32> to memref<4xf32>
  memref.store %v, %w31[%c0] : memref<4xf32>
  return %res3#0 : memref<8xf32>
}
func.func @ident_pub(%n: index, %c: i1, %v: f32, %x: memref<8xf32>) -> memref<8xf32> {
  %c0 = arith.constant 0 : index
  return %x : memref<8xf32>
}
