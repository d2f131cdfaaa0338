// BUG: none
// cf.cond_br: both edges free the buffer exactly once, after its last use.

func.func private @printI64(i64)
func.func private @printF32(f32)
func.func private @printNewline()
func.func private @memcount_begin()
func.func private @memcount_end()

func.func @f(%c: i1) -> f32 {
  %c0 = arith.constant 0 : index
  %v = arith.constant 2.5 : f32
  %a = memref.alloc() : memref<4xf32>
  memref.store %v, %a[%c0] : memref<4xf32>
  cf.cond_br %c, ^t, ^e
^t:
  %x = memref.load %a[%c0] : memref<4xf32>
  memref.dealloc %a : memref<4xf32>
  return %x : f32
^e:
  %y = memref.load %a[%c0] : memref<4xf32>
  %z = arith.addf %y, %y : f32
  memref.dealloc %a : memref<4xf32>
  return %z : f32
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
