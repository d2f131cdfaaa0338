// BUG: double-free
// nested regions: inside an scf.for with 3 trips, scf.if %c { scf.if %d { free } } releases the shared buffer on every trip when both hold; otherwise it is freed once after the loop.

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
  %v = arith.constant 12.0 : f32
  %a = memref.alloc() : memref<4xf32>
  memref.store %v, %a[%c0] : memref<4xf32>
  %r = memref.load %a[%c0] : memref<4xf32>
  scf.for %i = %c0 to %c3 step %c1 {
    scf.if %c {
      scf.if %d {
        memref.dealloc %a : memref<4xf32>
      }
    }
  }
  %both = arith.andi %c, %d : i1
  %nb = arith.xori %both, %true : i1
  scf.if %nb {
    memref.dealloc %a : memref<4xf32>
  }
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
