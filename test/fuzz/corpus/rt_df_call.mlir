// BUG: double-free
// call returning a fresh buffer: the caller frees the result on the %c path and again unconditionally.

func.func private @printI64(i64)
func.func private @printF32(f32)
func.func private @printNewline()
func.func private @memcount_begin()
func.func private @memcount_end()

func.func @make(%x: f32) -> memref<4xf32> {
  %c0 = arith.constant 0 : index
  %b = memref.alloc() : memref<4xf32>
  memref.store %x, %b[%c0] : memref<4xf32>
  return %b : memref<4xf32>
}

func.func @f(%c: i1) -> f32 {
  %c0 = arith.constant 0 : index
  %v = arith.constant 10.0 : f32
  %b = func.call @make(%v) : (f32) -> memref<4xf32>
  %r = memref.load %b[%c0] : memref<4xf32>
  scf.if %c {
    memref.dealloc %b : memref<4xf32>
  }
  memref.dealloc %b : memref<4xf32>
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
