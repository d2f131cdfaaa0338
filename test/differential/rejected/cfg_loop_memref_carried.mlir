// REJECTED: Only structured control-flow loops are supported.
// An unstructured loop carrying a memref through the back edge: every
// iteration replaces the carried buffer with a fresh one.
func.func @cfg_loop_carried(%n: index, %v: f32) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %init = memref.alloc() : memref<16xf32>
  memref.store %v, %init[%c0] : memref<16xf32>
  cf.br ^header(%c0, %init : index, memref<16xf32>)
^header(%i: index, %buf: memref<16xf32>):
  %cond = arith.cmpi slt, %i, %n : index
  cf.cond_br %cond, ^body, ^exit
^body:
  %fresh = memref.alloc() : memref<16xf32>
  memref.copy %buf, %fresh : memref<16xf32> to memref<16xf32>
  %next = arith.addi %i, %c1 : index
  cf.br ^header(%next, %fresh : index, memref<16xf32>)
^exit:
  %r = memref.load %buf[%c0] : memref<16xf32>
  return %r : f32
}
