// BUG: invalid-free
// memref.view of a stack arena: when %c is true the f32 view carved from an i8 alloca is freed.

func.func private @printI64(i64)
func.func private @printF32(f32)
func.func private @printNewline()
func.func private @memcount_begin()
func.func private @memcount_end()

func.func @f(%c: i1) -> f32 {
  %c0 = arith.constant 0 : index
  %v = arith.constant 6.25 : f32
  %arena = memref.alloca() : memref<16xi8>
  %p = memref.view %arena[%c0][] : memref<16xi8> to memref<4xf32>
  memref.store %v, %p[%c0] : memref<4xf32>
  %r = memref.load %p[%c0] : memref<4xf32>
  cf.cond_br %c, ^rel, ^out
^rel:
  memref.dealloc %p : memref<4xf32>
  cf.br ^out
^out:
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
