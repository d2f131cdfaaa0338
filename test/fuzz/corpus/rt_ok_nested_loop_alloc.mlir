// BUG: none
// nested regions with allocation in a loop: scf.if inside scf.for allocates a temporary on odd iterations and frees it in the same region.

func.func private @printI64(i64)
func.func private @printF32(f32)
func.func private @printNewline()
func.func private @memcount_begin()
func.func private @memcount_end()

func.func @f(%c: i1) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  %z = arith.constant 0.0 : f32
  %one = arith.constant 1.0 : f32
  %s = scf.for %i = %c0 to %c4 step %c1 iter_args(%acc = %z) -> (f32) {
    %rem = arith.remui %i, %c2 : index
    %odd = arith.cmpi eq, %rem, %c1 : index
    %both = arith.andi %odd, %c : i1
    %nv = scf.if %both -> (f32) {
      %t = memref.alloc() : memref<2xf32>
      memref.store %one, %t[%c0] : memref<2xf32>
      %x = memref.load %t[%c0] : memref<2xf32>
      memref.dealloc %t : memref<2xf32>
      %y = arith.addf %acc, %x : f32
      scf.yield %y : f32
    } else {
      scf.yield %acc : f32
    }
    scf.yield %nv : f32
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
