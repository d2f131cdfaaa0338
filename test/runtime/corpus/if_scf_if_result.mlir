// BUG: invalid-free
// scf.if with a result: the if yields a global's buffer (when %c) or a fresh one, and the result is freed.

func.func private @printI64(i64)
func.func private @printF32(f32)
func.func private @printNewline()
func.func private @memcount_begin()
func.func private @memcount_end()

memref.global "private" @table : memref<4xf32> = dense<[1.0, 2.0, 3.0, 4.0]>

func.func @f(%c: i1) -> f32 {
  %c2 = arith.constant 2 : index
  %v = arith.constant 5.0 : f32
  %m = scf.if %c -> (memref<4xf32>) {
    %g = memref.get_global @table : memref<4xf32>
    scf.yield %g : memref<4xf32>
  } else {
    %b = memref.alloc() : memref<4xf32>
    memref.store %v, %b[%c2] : memref<4xf32>
    scf.yield %b : memref<4xf32>
  }
  %r = memref.load %m[%c2] : memref<4xf32>
  memref.dealloc %m : memref<4xf32>
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
