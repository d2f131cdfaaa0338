// BUG: invalid-free
// nested regions: an scf.if inside an scf.for inside a cf branch frees an alloca when both %c and %d are true.

func.func private @printI64(i64)
func.func private @printF32(f32)
func.func private @printNewline()
func.func private @memcount_begin()
func.func private @memcount_end()

func.func @f(%c: i1, %d: i1) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %v = arith.constant 0.25 : f32
  %z = arith.constant 0.0 : f32
  %s = memref.alloca() : memref<1xf32>
  memref.store %v, %s[%c0] : memref<1xf32>
  cf.cond_br %c, ^loop, ^out(%z : f32)
^loop:
  %t = scf.for %i = %c0 to %c2 step %c1 iter_args(%acc = %z) -> (f32) {
    %x = memref.load %s[%c0] : memref<1xf32>
    %y = arith.addf %acc, %x : f32
    scf.if %d {
      memref.dealloc %s : memref<1xf32>
    }
    scf.yield %y : f32
  }
  cf.br ^out(%t : f32)
^out(%r: f32):
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
