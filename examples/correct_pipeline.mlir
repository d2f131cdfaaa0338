// Correct IR in the style upstream's -buffer-deallocation-pipeline emits:
// conditional frees guarded by ownership flags. memlint proves it clean.
func.func @select_buffer(%c: i1, %n: index) -> f32 {
  %true = arith.constant true
  %c0 = arith.constant 0 : index
  %a = memref.alloc(%n) : memref<?xf32>
  %b = memref.alloc(%n) : memref<?xf32>
  %m = arith.select %c, %a, %b : memref<?xf32>
  %v = memref.load %m[%c0] : memref<?xf32>
  %notc = arith.xori %c, %true : i1
  scf.if %c {
    memref.dealloc %a : memref<?xf32>
    memref.dealloc %b : memref<?xf32>
  }
  scf.if %notc {
    memref.dealloc %m : memref<?xf32>
    memref.dealloc %a : memref<?xf32>
  }
  return %v : f32
}
