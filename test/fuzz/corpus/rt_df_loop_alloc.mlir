// BUG: double-free
// buffer allocated inside scf.for: when %c is true the body frees its own buffer a second time.

func.func private @printI64(i64)
func.func private @printF32(f32)
func.func private @printNewline()
func.func private @memcount_begin()
func.func private @memcount_end()

func.func @f(%c: i1) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %z = arith.constant 0.0 : f32
  %one = arith.constant 1.0 : f32
  %s = scf.for %i = %c0 to %c2 step %c1 iter_args(%acc = %z) -> (f32) {
    %t = memref.alloc() : memref<2xf32>
    memref.store %one, %t[%c0] : memref<2xf32>
    %x = memref.load %t[%c0] : memref<2xf32>
    memref.dealloc %t : memref<2xf32>
    scf.if %c {
      memref.dealloc %t : memref<2xf32>
    }
    %y = arith.addf %acc, %x : f32
    scf.yield %y : f32
  }
  return %s : f32
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
