// BUG: use-after-free
// memref.view: when %c is true the i8 arena is freed before its f32 view is read.

func.func private @printI64(i64)
func.func private @printF32(f32)
func.func private @printNewline()
func.func private @memcount_begin()
func.func private @memcount_end()

func.func @f(%c: i1) -> f32 {
  %c0 = arith.constant 0 : index
  %c8 = arith.constant 8 : index
  %true = arith.constant true
  %v = arith.constant 9.5 : f32
  %arena = memref.alloc() : memref<24xi8>
  %p = memref.view %arena[%c8][] : memref<24xi8> to memref<4xf32>
  memref.store %v, %p[%c0] : memref<4xf32>
  scf.if %c {
    memref.dealloc %arena : memref<24xi8>
  }
  %r = memref.load %p[%c0] : memref<4xf32>
  %nc = arith.xori %c, %true : i1
  scf.if %nc {
    memref.dealloc %arena : memref<24xi8>
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
