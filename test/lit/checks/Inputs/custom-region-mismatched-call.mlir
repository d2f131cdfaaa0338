func.func private @release(%m: memref<4xf32>) {
  memref.dealloc %m : memref<4xf32>
  return
}
func.func @f(%b: memref<8xi32>) {
  "npu.scope"() ({
    func.call @release(%b) : (memref<8xi32>) -> ()
    "npu.yield"() : () -> ()
  }) : () -> ()
  return
}
