// BUG: none
// aliases: subview, cast, reinterpret_cast, expand_shape, collapse_shape and view are all used, and only the bases are freed, after the last use of any view.

func.func private @printI64(i64)
func.func private @printF32(f32)
func.func private @printNewline()
func.func private @memcount_begin()
func.func private @memcount_end()

func.func @f(%c: i1) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %v = arith.constant 1.0 : f32
  %w = arith.constant 2.0 : f32
  %a = memref.alloc() : memref<8xf32>
  %sv = memref.subview %a[4] [4] [1] : memref<8xf32> to memref<4xf32, strided<[1], offset: 4>>
  %d = memref.cast %a : memref<8xf32> to memref<?xf32>
  %rc = memref.reinterpret_cast %a to offset: [0], sizes: [2, 4], strides: [4, 1] : memref<8xf32> to memref<2x4xf32>
  %fl = memref.collapse_shape %rc [[0, 1]] : memref<2x4xf32> into memref<8xf32>
  %ex = memref.expand_shape %a [[0, 1]] output_shape [4, 2] : memref<8xf32> into memref<4x2xf32>
  memref.store %v, %sv[%c0] : memref<4xf32, strided<[1], offset: 4>>
  memref.store %w, %d[%c1] : memref<?xf32>
  %arena = memref.alloc() : memref<16xi8>
  %vw = memref.view %arena[%c4][] : memref<16xi8> to memref<2xf32>
  %pick = arith.select %c, %v, %w : f32
  memref.store %pick, %vw[%c1] : memref<2xf32>
  %x = memref.load %rc[%c1, %c0] : memref<2x4xf32>
  %y = memref.load %fl[%c1] : memref<8xf32>
  %z = memref.load %ex[%c0, %c1] : memref<4x2xf32>
  %u = memref.load %vw[%c1] : memref<2xf32>
  %s1 = arith.addf %x, %y : f32
  %s2 = arith.addf %z, %u : f32
  %s = arith.addf %s1, %s2 : f32
  memref.dealloc %arena : memref<16xi8>
  memref.dealloc %a : memref<8xf32>
  return %s : f32
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
