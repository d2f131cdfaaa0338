// BUG: leak
// memref.realloc: the grown buffer replaces the original; on the %c == false path the realloc result is never freed.

func.func private @printI64(i64)
func.func private @printF32(f32)
func.func private @printNewline()
func.func private @memcount_begin()
func.func private @memcount_end()

func.func @f(%c: i1) -> f32 {
  %c0 = arith.constant 0 : index
  %c5 = arith.constant 5 : index
  %v = arith.constant 8.0 : f32
  %a = memref.alloc() : memref<4xf32>
  memref.store %v, %a[%c0] : memref<4xf32>
  %b = memref.realloc %a : memref<4xf32> to memref<8xf32>
  memref.store %v, %b[%c5] : memref<8xf32>
  %x = memref.load %b[%c0] : memref<8xf32>
  %y = memref.load %b[%c5] : memref<8xf32>
  %r = arith.addf %x, %y : f32
  cf.cond_br %c, ^free, ^out
^free:
  memref.dealloc %b : memref<8xf32>
  cf.br ^out
^out:
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
