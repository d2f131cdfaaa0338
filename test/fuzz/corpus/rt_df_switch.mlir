// BUG: double-free
// cf.switch: case 2 releases the buffer and then branches to the shared exit block, which releases it again.

func.func private @printI64(i64)
func.func private @printF32(f32)
func.func private @printNewline()
func.func private @memcount_begin()
func.func private @memcount_end()

func.func @f(%k: i32) -> f32 {
  %c0 = arith.constant 0 : index
  %a = memref.alloc() : memref<4xf32>
  %x = arith.sitofp %k : i32 to f32
  memref.store %x, %a[%c0] : memref<4xf32>
  %r = memref.load %a[%c0] : memref<4xf32>
  cf.switch %k : i32, [
    default: ^exit,
    2: ^two
  ]
^two:
  memref.dealloc %a : memref<4xf32>
  cf.br ^exit
^exit:
  memref.dealloc %a : memref<4xf32>
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
