// BUG: invalid-free
// cf.switch with three targets (heap, stack, global) merged into one block argument; the free through a cast is invalid for two of them.

func.func private @printI64(i64)
func.func private @printF32(f32)
func.func private @printNewline()
func.func private @memcount_begin()
func.func private @memcount_end()

memref.global "private" @table : memref<4xf32> = dense<[1.0, 2.0, 3.0, 4.0]>

func.func @f(%k: i32) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %v = arith.constant 5.0 : f32
  cf.switch %k : i32, [
    default: ^heap,
    0: ^stack,
    1: ^global
  ]
^heap:
  %h = memref.alloc() : memref<4xf32>
  memref.store %v, %h[%c1] : memref<4xf32>
  cf.br ^join(%h : memref<4xf32>)
^stack:
  %s = memref.alloca() : memref<4xf32>
  memref.store %v, %s[%c0] : memref<4xf32>
  memref.store %v, %s[%c1] : memref<4xf32>
  cf.br ^join(%s : memref<4xf32>)
^global:
  %g = memref.get_global @table : memref<4xf32>
  cf.br ^join(%g : memref<4xf32>)
^join(%m: memref<4xf32>):
  %view = memref.cast %m : memref<4xf32> to memref<?xf32>
  %a = memref.load %view[%c0] : memref<?xf32>
  %b = memref.load %view[%c1] : memref<?xf32>
  %r = arith.addf %a, %b : f32
  memref.dealloc %view : memref<?xf32>
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
