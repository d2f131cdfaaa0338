// BUG: invalid-free
// memref.get_global: the buffer of a global is freed on the true edge of a cf.cond_br.

func.func private @printI64(i64)
func.func private @printF32(f32)
func.func private @printNewline()
func.func private @memcount_begin()
func.func private @memcount_end()

memref.global "private" @table : memref<4xf32> = dense<[1.0, 2.0, 3.0, 4.0]>

func.func @f(%c: i1) -> f32 {
  %c1 = arith.constant 1 : index
  %g = memref.get_global @table : memref<4xf32>
  %r = memref.load %g[%c1] : memref<4xf32>
  cf.cond_br %c, ^rel, ^out
^rel:
  memref.dealloc %g : memref<4xf32>
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
