  %a = memref.alloc() : memref<4xf32>
func.func @f(%c: i1) {
  return
}
func.func @g(%c: i1) {
  %a = memref.alloc() : memref<4xf32>
  memref.dealloc %a : memref<4xf32>
  return
}
