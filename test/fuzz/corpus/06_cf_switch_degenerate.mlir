// cf.switch whose every case targets the same block with the same memref
// operand. The pipeline's leading canonicalization folds it into a cf.br;
// a cf.switch with two or more distinct successors is rejected by
// ownership-based-buffer-deallocation (see ../rejected/cf_switch.mlir).
func.func @switch_degenerate(%flag: i32, %i: index, %v: f32) -> f32 {
  %a = memref.alloc() : memref<8xf32>
  memref.store %v, %a[%i] : memref<8xf32>
  cf.switch %flag : i32, [
    default: ^exit(%a : memref<8xf32>),
    0: ^exit(%a : memref<8xf32>),
    7: ^exit(%a : memref<8xf32>)
  ]
^exit(%y: memref<8xf32>):
  %t = memref.alloc() : memref<8xf32>
  memref.copy %y, %t : memref<8xf32> to memref<8xf32>
  %r = memref.load %t[%i] : memref<8xf32>
  return %r : f32
}
