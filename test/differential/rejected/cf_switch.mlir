// REJECTED: BranchOpInterface operations with multiple successors are not supported yet|Terminators with more than one successor are not supported!
// cf.switch with three destinations, two of them passing a memref.
func.func @switch(%flag: i32, %i: index, %v: f32) -> f32 {
  %a = memref.alloc() : memref<8xf32>
  memref.store %v, %a[%i] : memref<8xf32>
  cf.switch %flag : i32, [
    default: ^def,
    0: ^case0(%a : memref<8xf32>),
    1: ^case1
  ]
^def:
  %d = memref.alloc() : memref<8xf32>
  memref.store %v, %d[%i] : memref<8xf32>
  cf.br ^exit(%d : memref<8xf32>)
^case0(%x: memref<8xf32>):
  cf.br ^exit(%x : memref<8xf32>)
^case1:
  %one = memref.alloc() : memref<8xf32>
  memref.copy %a, %one : memref<8xf32> to memref<8xf32>
  cf.br ^exit(%one : memref<8xf32>)
^exit(%y: memref<8xf32>):
  %r = memref.load %y[%i] : memref<8xf32>
  return %r : f32
}
