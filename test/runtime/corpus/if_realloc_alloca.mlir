// BUG: invalid-free
// memref.realloc of a stack buffer: when %c is true an alloca is grown with memref.realloc, which frees the alloca.

func.func private @printI64(i64)
func.func private @printF32(f32)
func.func private @printNewline()
func.func private @memcount_begin()
func.func private @memcount_end()

func.func @f(%c: i1) -> f32 {
  %c0 = arith.constant 0 : index
  %v = arith.constant 5.25 : f32
  %s = memref.alloca() : memref<2xf32>
  memref.store %v, %s[%c0] : memref<2xf32>
  %r = scf.if %c -> (f32) {
    %g = memref.realloc %s : memref<2xf32> to memref<4xf32>
    %x = memref.load %g[%c0] : memref<4xf32>
    memref.dealloc %g : memref<4xf32>
    scf.yield %x : f32
  } else {
    %y = memref.load %s[%c0] : memref<2xf32>
    scf.yield %y : f32
  }
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
