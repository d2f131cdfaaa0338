// BUG: missed-reuse
// straight line: %sq is freed before %tw is allocated, same type; the fix lets %tw reuse %sq's memory (one allocation fewer per call).

func.func private @printF32(f32)
func.func private @printNewline()
func.func private @memcount_begin()
func.func private @memcount_end()

func.func @f(%c: i1) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %two = arith.constant 2.0 : f32
  %three = arith.constant 3.0 : f32
  %x = arith.select %c, %two, %three : f32
  %sq = memref.alloc() : memref<4xf32>
  %x2 = arith.mulf %x, %x : f32
  memref.store %x2, %sq[%c0] : memref<4xf32>
  memref.store %x, %sq[%c1] : memref<4xf32>
  %a0 = memref.load %sq[%c0] : memref<4xf32>
  %a1 = memref.load %sq[%c1] : memref<4xf32>
  %s = arith.addf %a0, %a1 : f32
  memref.dealloc %sq : memref<4xf32>
  %tw = memref.alloc() : memref<4xf32>
  %y = arith.addf %s, %s : f32
  memref.store %y, %tw[%c1] : memref<4xf32>
  %b1 = memref.load %tw[%c1] : memref<4xf32>
  %r = arith.addf %b1, %x : f32
  memref.dealloc %tw : memref<4xf32>
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
