// BUG: use-after-free
// nested regions: scf.if %c { scf.if %d { free } ; scf.for { read } } reads the buffer after freeing it when both hold.

func.func private @printI64(i64)
func.func private @printF32(f32)
func.func private @printNewline()
func.func private @memcount_begin()
func.func private @memcount_end()

func.func @f(%c: i1, %d: i1) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %true = arith.constant true
  %z = arith.constant 0.0 : f32
  %v = arith.constant 2.0 : f32
  %a = memref.alloc() : memref<4xf32>
  memref.store %v, %a[%c0] : memref<4xf32>
  %r = scf.if %c -> (f32) {
    scf.if %d {
      memref.dealloc %a : memref<4xf32>
    }
    %s = scf.for %i = %c0 to %c3 step %c1 iter_args(%acc = %z) -> (f32) {
      %x = memref.load %a[%c0] : memref<4xf32>
      %y = arith.addf %acc, %x : f32
      scf.yield %y : f32
    }
    scf.yield %s : f32
  } else {
    scf.yield %z : f32
  }
  %both = arith.andi %c, %d : i1
  cf.cond_br %both, ^out, ^free
^free:
  memref.dealloc %a : memref<4xf32>
  cf.br ^out
^out:
  return %r : f32
}

func.func @main() {
  %false = arith.constant false
  %true = arith.constant true
  // input 0: false, false
  func.call @memcount_begin() : () -> ()
  %r0 = func.call @f(%false, %false) : (i1, i1) -> (f32)
  func.call @printF32(%r0) : (f32) -> ()
  func.call @printNewline() : () -> ()
  func.call @memcount_end() : () -> ()
  // input 1: false, true
  func.call @memcount_begin() : () -> ()
  %r1 = func.call @f(%false, %true) : (i1, i1) -> (f32)
  func.call @printF32(%r1) : (f32) -> ()
  func.call @printNewline() : () -> ()
  func.call @memcount_end() : () -> ()
  // input 2: true, false
  func.call @memcount_begin() : () -> ()
  %r2 = func.call @f(%true, %false) : (i1, i1) -> (f32)
  func.call @printF32(%r2) : (f32) -> ()
  func.call @printNewline() : () -> ()
  func.call @memcount_end() : () -> ()
  // input 3: true, true
  func.call @memcount_begin() : () -> ()
  %r3 = func.call @f(%true, %true) : (i1, i1) -> (f32)
  func.call @printF32(%r3) : (f32) -> ()
  func.call @printNewline() : () -> ()
  func.call @memcount_end() : () -> ()
  return
}
