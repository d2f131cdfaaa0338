
func.func @a() { return } func.func @leak_then_merge() { %a = memref.alloc() : memref<4xi32> "npu.fill"(%a) : (memref<4xi32>) -> () memref.dealloc %a : memref<4xi32> %b = memref.alloc() : memref<4xi32> "npu.fill"(%b) : (memref<4xi32>) -> () return }
