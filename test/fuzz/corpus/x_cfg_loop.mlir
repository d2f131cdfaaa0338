// An unstructured loop carrying a buffer, a recursive call, bufferization.clone.
func.func @loop(%n: index) -> memref<4xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %a = memref.alloc() : memref<4xf32>
  cf.br ^head(%c0, %a : index, memref<4xf32>)
^head(%i: index, %cur: memref<4xf32>):
  %done = arith.cmpi sge, %i, %n : index
  cf.cond_br %done, ^exit, ^body
^body:
  %next = bufferization.clone %cur : memref<4xf32> to memref<4xf32>
  memref.dealloc %cur : memref<4xf32>
  %i1 = arith.addi %i, %c1 : index
  cf.br ^head(%i1, %next : index, memref<4xf32>)
^exit:
  %r = func.call @loop(%i) : (index) -> memref<4xf32>
  memref.dealloc %r : memref<4xf32>
  return %cur : memref<4xf32>
}
