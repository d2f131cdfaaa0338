// BUG: leak
// scf.if without results: the then-region allocates a temporary and frees it only under a nested scf.if on %d.

func.func private @printI64(i64)
func.func private @printF32(f32)
func.func private @printNewline()
func.func private @memcount_begin()
func.func private @memcount_end()

func.func @f(%c: i1, %d: i1) -> f32 {
  %c0 = arith.constant 0 : index
  %z = arith.constant 0.0 : f32
  %v = arith.constant 3.0 : f32
  %acc = memref.alloc() : memref<1xf32>
  memref.store %z, %acc[%c0] : memref<1xf32>
  scf.if %c {
    %t = memref.alloc() : memref<4xf32>
    memref.store %v, %t[%c0] : memref<4xf32>
    %x = memref.load %t[%c0] : memref<4xf32>
    memref.store %x, %acc[%c0] : memref<1xf32>
    scf.if %d {
      memref.dealloc %t : memref<4xf32>
    }
  }
  %r = memref.load %acc[%c0] : memref<1xf32>
  memref.dealloc %acc : memref<1xf32>
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
