// BUG: use-after-free
// memref.cast alias: for k == 0 the buffer is freed in the switch and then read through its memref<?xf32> cast.

func.func private @printI64(i64)
func.func private @printF32(f32)
func.func private @printNewline()
func.func private @memcount_begin()
func.func private @memcount_end()

func.func @f(%k: i32) -> f32 {
  %c0 = arith.constant 0 : index
  %v = arith.constant 7.0 : f32
  %a = memref.alloc() : memref<4xf32>
  %d = memref.cast %a : memref<4xf32> to memref<?xf32>
  memref.store %v, %a[%c0] : memref<4xf32>
  cf.switch %k : i32, [
    default: ^read(%v : f32),
    0: ^early
  ]
^early:
  memref.dealloc %a : memref<4xf32>
  %x = memref.load %d[%c0] : memref<?xf32>
  return %x : f32
^read(%u: f32):
  %y = memref.load %d[%c0] : memref<?xf32>
  memref.dealloc %a : memref<4xf32>
  return %y : f32
}

func.func @main() {
  %i32_0 = arith.constant 0 : i32
  %i32_1 = arith.constant 1 : i32
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
  return
}
