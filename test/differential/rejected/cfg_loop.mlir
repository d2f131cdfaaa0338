// REJECTED: Only structured control-flow loops are supported.
// An unstructured loop (back edge ^body -> ^header) that allocates a fresh
// temporary in every iteration.
func.func @cfg_loop(%n: index, %v: f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  cf.br ^header(%c0 : index)
^header(%i: index):
  %cond = arith.cmpi slt, %i, %n : index
  cf.cond_br %cond, ^body, ^exit
^body:
  %t = memref.alloc() : memref<32xf32>
  memref.store %v, %t[%c0] : memref<32xf32>
  %next = arith.addi %i, %c1 : index
  cf.br ^header(%next : index)
^exit:
  return
}
