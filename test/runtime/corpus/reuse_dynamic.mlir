// BUG: missed-reuse
// dynamic size: two memref<?xf32> of the same %n, the first freed before the second is allocated; the fix lets the second reuse the first.

func.func private @printF32(f32)
func.func private @printNewline()
func.func private @memcount_begin()
func.func private @memcount_end()

func.func @f(%n: index) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %z = arith.constant 0.0 : f32
  %one = arith.constant 1.0 : f32
  %two = arith.constant 2.0 : f32
  %ones = memref.alloc(%n) : memref<?xf32>
  scf.for %i = %c0 to %n step %c1 {
    memref.store %one, %ones[%i] : memref<?xf32>
  }
  %s1 = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %z) -> (f32) {
    %x = memref.load %ones[%i] : memref<?xf32>
    %y = arith.addf %acc, %x : f32
    scf.yield %y : f32
  }
  memref.dealloc %ones : memref<?xf32>
  %twos = memref.alloc(%n) : memref<?xf32>
  scf.for %i = %c0 to %n step %c1 {
    memref.store %two, %twos[%i] : memref<?xf32>
  }
  %s2 = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %s1) -> (f32) {
    %x = memref.load %twos[%i] : memref<?xf32>
    %y = arith.addf %acc, %x : f32
    scf.yield %y : f32
  }
  memref.dealloc %twos : memref<?xf32>
  return %s2 : f32
}

func.func @main() {
  %index_1 = arith.constant 1 : index
  %index_4 = arith.constant 4 : index
  // input 0: 1
  func.call @memcount_begin() : () -> ()
  %r0 = func.call @f(%index_1) : (index) -> (f32)
  func.call @printF32(%r0) : (f32) -> ()
  func.call @printNewline() : () -> ()
  func.call @memcount_end() : () -> ()
  // input 1: 4
  func.call @memcount_begin() : () -> ()
  %r1 = func.call @f(%index_4) : (index) -> (f32)
  func.call @printF32(%r1) : (f32) -> ()
  func.call @printNewline() : () -> ()
  func.call @memcount_end() : () -> ()
  return
}
