// BUG: none
// memref.alloca and memref.get_global are read and written but never freed; only the heap buffer is freed.

func.func private @printI64(i64)
func.func private @printF32(f32)
func.func private @printNewline()
func.func private @memcount_begin()
func.func private @memcount_end()

memref.global "private" @table : memref<4xf32> = dense<[1.0, 2.0, 3.0, 4.0]>

func.func @f(%c: i1) -> f32 {
  %c0 = arith.constant 0 : index
  %c3 = arith.constant 3 : index
  %s = memref.alloca() : memref<4xf32>
  %g = memref.get_global @table : memref<4xf32>
  %h = memref.alloc() : memref<4xf32>
  %x = memref.load %g[%c3] : memref<4xf32>
  memref.store %x, %s[%c0] : memref<4xf32>
  memref.store %x, %h[%c0] : memref<4xf32>
  %src = arith.select %c, %s, %h : memref<4xf32>
  %r = memref.load %src[%c0] : memref<4xf32>
  memref.dealloc %h : memref<4xf32>
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
