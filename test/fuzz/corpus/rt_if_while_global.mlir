// BUG: invalid-free
// scf.while: the after-region frees the global's buffer when %c is true.

func.func private @printI64(i64)
func.func private @printF32(f32)
func.func private @printNewline()
func.func private @memcount_begin()
func.func private @memcount_end()

memref.global "private" @table : memref<4xf32> = dense<[1.0, 2.0, 3.0, 4.0]>

func.func @f(%c: i1) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %z = arith.constant 0.0 : f32
  %g = memref.get_global @table : memref<4xf32>
  %r:2 = scf.while (%i = %c0, %acc = %z) : (index, f32) -> (index, f32) {
    %cond = arith.cmpi slt, %i, %c3 : index
    scf.condition(%cond) %i, %acc : index, f32
  } do {
  ^bb0(%j: index, %s: f32):
    %x = memref.load %g[%j] : memref<4xf32>
    %y = arith.addf %s, %x : f32
    scf.if %c {
      memref.dealloc %g : memref<4xf32>
    }
    %next = arith.addi %j, %c1 : index
    scf.yield %next, %y : index, f32
  }
  return %r#1 : f32
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
