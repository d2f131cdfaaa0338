// BUG: double-free
// memref.reinterpret_cast alias: the 2x2 reinterpretation of the buffer is freed on the true edge, and the base is freed at the join.

func.func private @printI64(i64)
func.func private @printF32(f32)
func.func private @printNewline()
func.func private @memcount_begin()
func.func private @memcount_end()

func.func @f(%c: i1) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %v = arith.constant 8.0 : f32
  %a = memref.alloc() : memref<4xf32>
  %m = memref.reinterpret_cast %a to offset: [0], sizes: [2, 2], strides: [2, 1] : memref<4xf32> to memref<2x2xf32>
  memref.store %v, %m[%c1, %c0] : memref<2x2xf32>
  %r = memref.load %m[%c1, %c0] : memref<2x2xf32>
  cf.cond_br %c, ^viewfree, ^join
^viewfree:
  memref.dealloc %m : memref<2x2xf32>
  cf.br ^join
^join:
  memref.dealloc %a : memref<4xf32>
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
