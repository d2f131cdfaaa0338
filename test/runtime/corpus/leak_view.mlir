// BUG: leak
// memref.view: an i8 arena is carved into two f32 views; the arena is freed only when %c is false.

func.func private @printI64(i64)
func.func private @printF32(f32)
func.func private @printNewline()
func.func private @memcount_begin()
func.func private @memcount_end()

func.func @f(%c: i1) -> f32 {
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  %v = arith.constant 1.5 : f32
  %w = arith.constant 2.5 : f32
  %arena = memref.alloc() : memref<32xi8>
  %p = memref.view %arena[%c0][] : memref<32xi8> to memref<4xf32>
  %q = memref.view %arena[%c16][] : memref<32xi8> to memref<4xf32>
  memref.store %v, %p[%c0] : memref<4xf32>
  memref.store %w, %q[%c0] : memref<4xf32>
  %x = memref.load %p[%c0] : memref<4xf32>
  %y = memref.load %q[%c0] : memref<4xf32>
  %r = arith.addf %x, %y : f32
  scf.if %c {
  } else {
    memref.dealloc %arena : memref<32xi8>
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
