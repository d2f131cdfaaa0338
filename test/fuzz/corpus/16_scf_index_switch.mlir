// scf.index_switch with a memref result and a case without one.
func.func @index_switch(%sel: index, %i: index, %v: f32) -> f32 {
  %a = memref.alloc() : memref<8xf32>
  memref.store %v, %a[%i] : memref<8xf32>
  %r = scf.index_switch %sel -> memref<8xf32>
  case 0 {
    %t = memref.alloc() : memref<8xf32>
    memref.copy %a, %t : memref<8xf32> to memref<8xf32>
    scf.yield %t : memref<8xf32>
  }
  case 1 {
    %tmp = memref.alloc() : memref<2xf32>
    memref.store %v, %tmp[%i] : memref<2xf32>
    scf.yield %a : memref<8xf32>
  }
  default {
    scf.yield %a : memref<8xf32>
  }
  %x = memref.load %r[%i] : memref<8xf32>
  return %x : f32
}
