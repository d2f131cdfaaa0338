// BUG: missed-reuse
// scf.for body: three temporaries of one type, each freed before the next is allocated; the fix makes the body allocate one buffer per iteration instead of three.

func.func private @printF32(f32)
func.func private @printNewline()
func.func private @memcount_begin()
func.func private @memcount_end()

func.func @f(%n: index) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %z = arith.constant 0.0 : f32
  %one = arith.constant 1.0 : f32
  %sum = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %z) -> (f32) {
    %t0 = memref.alloc() : memref<2xf32>
    %v0 = arith.addf %acc, %one : f32
    memref.store %v0, %t0[%c0] : memref<2xf32>
    %l0 = memref.load %t0[%c0] : memref<2xf32>
    memref.dealloc %t0 : memref<2xf32>
    %t1 = memref.alloc() : memref<2xf32>
    %v1 = arith.mulf %l0, %l0 : f32
    memref.store %v1, %t1[%c1] : memref<2xf32>
    %l1 = memref.load %t1[%c1] : memref<2xf32>
    memref.dealloc %t1 : memref<2xf32>
    %t2 = memref.alloc() : memref<2xf32>
    %v2 = arith.addf %l1, %l0 : f32
    memref.store %v2, %t2[%c0] : memref<2xf32>
    %l2 = memref.load %t2[%c0] : memref<2xf32>
    memref.dealloc %t2 : memref<2xf32>
    scf.yield %l2 : f32
  }
  return %sum : f32
}

func.func @main() {
  %index_1 = arith.constant 1 : index
  %index_3 = arith.constant 3 : index
  // input 0: 1
  func.call @memcount_begin() : () -> ()
  %r0 = func.call @f(%index_1) : (index) -> (f32)
  func.call @printF32(%r0) : (f32) -> ()
  func.call @printNewline() : () -> ()
  func.call @memcount_end() : () -> ()
  // input 1: 3
  func.call @memcount_begin() : () -> ()
  %r1 = func.call @f(%index_3) : (index) -> (f32)
  func.call @printF32(%r1) : (f32) -> ()
  func.call @printNewline() : () -> ()
  func.call @memcount_end() : () -> ()
  return
}
