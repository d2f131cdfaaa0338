// A public function that returns either its argument or a fresh buffer;
// upstream clones the argument so the returned buffer is always owned.
func.func @return_arg_or_alloc(%c: i1, %in: memref<8xf32>) -> memref<8xf32> {
  cf.cond_br %c, ^fresh, ^exit(%in : memref<8xf32>)
^fresh:
  %n = memref.alloc() : memref<8xf32>
  memref.copy %in, %n : memref<8xf32> to memref<8xf32>
  cf.br ^exit(%n : memref<8xf32>)
^exit(%r: memref<8xf32>):
  return %r : memref<8xf32>
}
