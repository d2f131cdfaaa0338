// BUG: use-after-free
// memref.collapse_shape alias: the 2x2 buffer is freed on the true edge and then read through its collapsed view.

func.func private @printI64(i64)
func.func private @printF32(f32)
func.func private @printNewline()
func.func private @memcount_begin()
func.func private @memcount_end()

func.func @f(%c: i1) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %v = arith.constant 8.5 : f32
  %a = memref.alloc() : memref<2x2xf32>
  memref.store %v, %a[%c1, %c1] : memref<2x2xf32>
  %flat = memref.collapse_shape %a [[0, 1]] : memref<2x2xf32> into memref<4xf32>
  cf.cond_br %c, ^rel, ^keep
^rel:
  memref.dealloc %a : memref<2x2xf32>
  %x = memref.load %flat[%c3] : memref<4xf32>
  return %x : f32
^keep:
  %y = memref.load %flat[%c3] : memref<4xf32>
  memref.dealloc %a : memref<2x2xf32>
  return %y : f32
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
