func.func @f() {
  %a = memref.alloc() : memref<8xf32>
  memref.dealloc %a : memref<8xf32>
  return
}
