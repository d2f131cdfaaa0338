// BUG: leak
// scf.for carrying a buffer in iter_args: every iteration yields a fresh buffer but never frees the one it received.

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
  %init = memref.alloc() : memref<1xf32>
  memref.store %z, %init[%c0] : memref<1xf32>
  %last = scf.for %i = %c0 to %n step %c1 iter_args(%cur = %init) -> (memref<1xf32>) {
    %x = memref.load %cur[%c0] : memref<1xf32>
    %y = arith.addf %x, %one : f32
    %nb = memref.alloc() : memref<1xf32>
    memref.store %y, %nb[%c0] : memref<1xf32>
    scf.yield %nb : memref<1xf32>
  }
  %r = memref.load %last[%c0] : memref<1xf32>
  memref.dealloc %last : memref<1xf32>
  return %r : f32
}

func.func @main() {
  %index_0 = arith.constant 0 : index
  %index_2 = arith.constant 2 : index
  // input 0: 0
  func.call @memcount_begin() : () -> ()
  %r0 = func.call @f(%index_0) : (index) -> (f32)
  func.call @printF32(%r0) : (f32) -> ()
  func.call @printNewline() : () -> ()
  func.call @memcount_end() : () -> ()
  // input 1: 2
  func.call @memcount_begin() : () -> ()
  %r1 = func.call @f(%index_2) : (index) -> (f32)
  func.call @printF32(%r1) : (f32) -> ()
  func.call @printNewline() : () -> ()
  func.call @memcount_end() : () -> ()
  return
}
