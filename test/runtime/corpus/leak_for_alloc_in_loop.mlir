// BUG: leak
// scf.for with an allocation in the body: each iteration allocates a scratch buffer that is never freed (n buffers leak).

func.func private @printI64(i64)
func.func private @printF32(f32)
func.func private @printNewline()
func.func private @memcount_begin()
func.func private @memcount_end()

func.func @f(%n: index) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %z = arith.constant 0.0 : f32
  %one = arith.constant 1.0 : f32
  %s = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %z) -> (f32) {
    %t = memref.alloc() : memref<2xf32>
    memref.store %one, %t[%c0] : memref<2xf32>
    %x = memref.load %t[%c0] : memref<2xf32>
    %y = arith.addf %acc, %x : f32
    scf.yield %y : f32
  }
  return %s : f32
}

func.func @main() {
  %index_0 = arith.constant 0 : index
  %index_1 = arith.constant 1 : index
  %index_3 = arith.constant 3 : index
  // input 0: 0
  func.call @memcount_begin() : () -> ()
  %r0 = func.call @f(%index_0) : (index) -> (f32)
  func.call @printF32(%r0) : (f32) -> ()
  func.call @printNewline() : () -> ()
  func.call @memcount_end() : () -> ()
  // input 1: 1
  func.call @memcount_begin() : () -> ()
  %r1 = func.call @f(%index_1) : (index) -> (f32)
  func.call @printF32(%r1) : (f32) -> ()
  func.call @printNewline() : () -> ()
  func.call @memcount_end() : () -> ()
  // input 2: 3
  func.call @memcount_begin() : () -> ()
  %r2 = func.call @f(%index_3) : (index) -> (f32)
  func.call @printF32(%r2) : (f32) -> ()
  func.call @printNewline() : () -> ()
  func.call @memcount_end() : () -> ()
  return
}
