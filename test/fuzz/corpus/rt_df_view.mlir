// BUG: double-free
// memref.view: an i8 arena carved into an f32 view is freed on the true edge and again at the join.

func.func private @printI64(i64)
func.func private @printF32(f32)
func.func private @printNewline()
func.func private @memcount_begin()
func.func private @memcount_end()

func.func @f(%c: i1) -> f32 {
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %v = arith.constant 2.25 : f32
  %arena = memref.alloc() : memref<16xi8>
  %p = memref.view %arena[%c4][] : memref<16xi8> to memref<2xf32>
  memref.store %v, %p[%c0] : memref<2xf32>
  %r = memref.load %p[%c0] : memref<2xf32>
  cf.cond_br %c, ^early, ^join
^early:
  memref.dealloc %arena : memref<16xi8>
  cf.br ^join
^join:
  memref.dealloc %arena : memref<16xi8>
  return %r : f32
}

func.func @main() {
  %false = arith.constant false
  %true = arith.constant true
  // input 0: false
  func.call @memcount_begin() : () -> ()
  %r0 = func.call @f(%false) : (i1) -> (f32)
  func.call @printF32(%r0) : (f32) -> ()
  func.call @printNewline() : () -> ()
  func.call @memcount_end() : () -> ()
  // input 1: true
  func.call @memcount_begin() : () -> ()
  %r1 = func.call @f(%true) : (i1) -> (f32)
  func.call @printF32(%r1) : (f32) -> ()
  func.call @printNewline() : () -> ()
  func.call @memcount_end() : () -> ()
  return
}
