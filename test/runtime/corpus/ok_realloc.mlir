// BUG: none
// memref.realloc: the buffer is grown to %n elements only through the realloc result, which is freed once; the original is never touched again.

func.func private @printI64(i64)
func.func private @printF32(f32)
func.func private @printNewline()
func.func private @memcount_begin()
func.func private @memcount_end()

func.func @f(%n: index) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %v = arith.constant 3.0 : f32
  %z = arith.constant 0.0 : f32
  %a = memref.alloc() : memref<2xf32>
  memref.store %v, %a[%c0] : memref<2xf32>
  memref.store %v, %a[%c1] : memref<2xf32>
  %b = memref.realloc %a(%n) : memref<2xf32> to memref<?xf32>
  %s = scf.for %i = %c0 to %c1 step %c1 iter_args(%acc = %z) -> (f32) {
    %x = memref.load %b[%i] : memref<?xf32>
    %y = arith.addf %acc, %x : f32
    scf.yield %y : f32
  }
  memref.dealloc %b : memref<?xf32>
  return %s : f32
}

func.func @main() {
  %index_2 = arith.constant 2 : index
  %index_6 = arith.constant 6 : index
  // input 0: 2
  func.call @memcount_begin() : () -> ()
  %r0 = func.call @f(%index_2) : (index) -> (f32)
  func.call @printF32(%r0) : (f32) -> ()
  func.call @printNewline() : () -> ()
  func.call @memcount_end() : () -> ()
  // input 1: 6
  func.call @memcount_begin() : () -> ()
  %r1 = func.call @f(%index_6) : (index) -> (f32)
  func.call @printF32(%r1) : (f32) -> ()
  func.call @printNewline() : () -> ()
  func.call @memcount_end() : () -> ()
  return
}
