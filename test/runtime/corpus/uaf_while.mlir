// BUG: use-after-free
// scf.while: when %c is true the buffer is freed before the loop and the before-region reads it on every evaluation.

func.func private @printI64(i64)
func.func private @printF32(f32)
func.func private @printNewline()
func.func private @memcount_begin()
func.func private @memcount_end()

func.func @f(%c: i1) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %true = arith.constant true
  %z = arith.constant 0.0 : f32
  %v = arith.constant 2.0 : f32
  %a = memref.alloc() : memref<4xf32>
  memref.store %v, %a[%c0] : memref<4xf32>
  scf.if %c {
    memref.dealloc %a : memref<4xf32>
  }
  %r:2 = scf.while (%i = %c0, %acc = %z) : (index, f32) -> (index, f32) {
    %x = memref.load %a[%c0] : memref<4xf32>
    %acc2 = arith.addf %acc, %x : f32
    %cond = arith.cmpi slt, %i, %c3 : index
    scf.condition(%cond) %i, %acc2 : index, f32
  } do {
  ^bb0(%j: index, %s: f32):
    %next = arith.addi %j, %c1 : index
    scf.yield %next, %s : index, f32
  }
  %nc = arith.xori %c, %true : i1
  scf.if %nc {
    memref.dealloc %a : memref<4xf32>
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
