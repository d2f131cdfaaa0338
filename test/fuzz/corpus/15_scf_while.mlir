// scf.while carrying a memref through both regions.
func.func @scf_while(%n: index, %v: f32) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %init = memref.alloc() : memref<8xf32>
  memref.store %v, %init[%c0] : memref<8xf32>
  %res:2 = scf.while (%i = %c0, %buf = %init) : (index, memref<8xf32>) -> (index, memref<8xf32>) {
    %cond = arith.cmpi slt, %i, %n : index
    scf.condition(%cond) %i, %buf : index, memref<8xf32>
  } do {
  ^bb0(%j: index, %b: memref<8xf32>):
    %fresh = memref.alloc() : memref<8xf32>
    memref.copy %b, %fresh : memref<8xf32> to memref<8xf32>
    %k = arith.addi %j, %c1 : index
    scf.yield %k, %fresh : index, memref<8xf32>
  }
  %r = memref.load %res#1[%c0] : memref<8xf32>
  return %r : f32
}
