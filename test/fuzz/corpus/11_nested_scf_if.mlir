// Nested scf.if, the inner one yielding memrefs to the outer one.
func.func @nested_scf_if(%c0: i1, %c1: i1, %i: index, %v: f32) -> f32 {
  %a = memref.alloc() : memref<8xf32>
  memref.store %v, %a[%i] : memref<8xf32>
  %r = scf.if %c0 -> (memref<8xf32>) {
    %inner = scf.if %c1 -> (memref<8xf32>) {
      %t = memref.alloc() : memref<8xf32>
      memref.copy %a, %t : memref<8xf32> to memref<8xf32>
      scf.yield %t : memref<8xf32>
    } else {
      scf.yield %a : memref<8xf32>
    }
    %tmp = memref.alloc() : memref<8xf32>
    memref.copy %inner, %tmp : memref<8xf32> to memref<8xf32>
    scf.yield %inner : memref<8xf32>
  } else {
    scf.if %c1 {
      %u = memref.alloc() : memref<2xf32>
      memref.store %v, %u[%i] : memref<2xf32>
    }
    scf.yield %a : memref<8xf32>
  }
  %x = memref.load %r[%i] : memref<8xf32>
  return %x : f32
}
