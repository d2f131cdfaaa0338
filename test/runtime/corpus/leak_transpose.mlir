// BUG: leak
// buffer whose last use is through memref.transpose; never freed

func.func private @printF32(f32)
func.func private @printI64(i64)
func.func private @printNewline()
func.func private @memcount_begin()
func.func private @memcount_end()

func.func @f(%c: i1) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %one = arith.constant 2.0 : f32
  %a = memref.alloc() : memref<2x3xf32>
  memref.store %one, %a[%c0, %c1] : memref<2x3xf32>
  %t = memref.transpose %a (i, j) -> (j, i) : memref<2x3xf32> to memref<3x2xf32, strided<[1, 3]>>
  %x = memref.load %a[%c0, %c1] : memref<2x3xf32>
  %y = memref.load %t[%c1, %c0] : memref<3x2xf32, strided<[1, 3]>>
  memref.store %x, %t[%c1, %c0] : memref<3x2xf32, strided<[1, 3]>>
  %s = arith.addf %x, %y : f32
  return %s : f32
}

func.func @main() {
  %in0 = arith.constant false
  func.call @memcount_begin() : () -> ()
  %r1 = func.call @f(%in0) : (i1) -> (f32)
  func.call @printF32(%r1) : (f32) -> ()
  func.call @printNewline() : () -> ()
  func.call @memcount_end() : () -> ()
  %in2 = arith.constant true
  func.call @memcount_begin() : () -> ()
  %r3 = func.call @f(%in2) : (i1) -> (f32)
  func.call @printF32(%r3) : (f32) -> ()
  func.call @printNewline() : () -> ()
  func.call @memcount_end() : () -> ()
  return
}

