// BUG: none
// cf.switch + join: case 0 hands the original buffer to the join; the other cases copy it into a fresh buffer and free the original first; the join frees what it receives.

func.func private @printI64(i64)
func.func private @printF32(f32)
func.func private @printNewline()
func.func private @memcount_begin()
func.func private @memcount_end()

func.func @f(%k: i32) -> f32 {
  %c0 = arith.constant 0 : index
  %x = arith.sitofp %k : i32 to f32
  %a = memref.alloc() : memref<4xf32>
  memref.store %x, %a[%c0] : memref<4xf32>
  cf.switch %k : i32, [
    default: ^fresh,
    0: ^join(%a : memref<4xf32>)
  ]
^fresh:
  %b = memref.alloc() : memref<4xf32>
  memref.copy %a, %b : memref<4xf32> to memref<4xf32>
  memref.dealloc %a : memref<4xf32>
  %y = memref.load %b[%c0] : memref<4xf32>
  %y2 = arith.addf %y, %y : f32
  memref.store %y2, %b[%c0] : memref<4xf32>
  cf.br ^join(%b : memref<4xf32>)
^join(%m: memref<4xf32>):
  %r = memref.load %m[%c0] : memref<4xf32>
  memref.dealloc %m : memref<4xf32>
  return %r : f32
}

func.func @main() {
  %i32_0 = arith.constant 0 : i32
  %i32_1 = arith.constant 1 : i32
  %i32_2 = arith.constant 2 : i32
  // input 0: 0
  func.call @memcount_begin() : () -> ()
  %r0 = func.call @f(%i32_0) : (i32) -> (f32)
  func.call @printF32(%r0) : (f32) -> ()
  func.call @printNewline() : () -> ()
  func.call @memcount_end() : () -> ()
  // input 1: 1
  func.call @memcount_begin() : () -> ()
  %r1 = func.call @f(%i32_1) : (i32) -> (f32)
  func.call @printF32(%r1) : (f32) -> ()
  func.call @printNewline() : () -> ()
  func.call @memcount_end() : () -> ()
  // input 2: 2
  func.call @memcount_begin() : () -> ()
  %r2 = func.call @f(%i32_2) : (i32) -> (f32)
  func.call @printF32(%r2) : (f32) -> ()
  func.call @printNewline() : () -> ()
  func.call @memcount_end() : () -> ()
  return
}
