// BUG: leak
// distinct_objects results used last; nothing freed (what does fix do?)

func.func private @printF32(f32)
func.func private @printI64(i64)
func.func private @printNewline()
func.func private @memcount_begin()
func.func private @memcount_end()

func.func @f(%c: i1) -> f32 {
  %c0 = arith.constant 0 : index
  %one = arith.constant 1.5 : f32
  %a = memref.alloc() : memref<4xf32>
  %b = memref.alloc() : memref<4xf32>
  memref.store %one, %a[%c0] : memref<4xf32>
  %x, %y = memref.distinct_objects %a, %b : memref<4xf32>, memref<4xf32>
  %v = memref.load %x[%c0] : memref<4xf32>
  memref.store %v, %y[%c0] : memref<4xf32>
  %w = memref.load %y[%c0] : memref<4xf32>
  return %w : f32
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

