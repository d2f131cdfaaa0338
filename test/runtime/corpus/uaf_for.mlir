// BUG: use-after-free
// scf.for: the summing loop frees the buffer on iteration %k and keeps reading it on later iterations (k >= 4 frees after the loop).

func.func private @printI64(i64)
func.func private @printF32(f32)
func.func private @printNewline()
func.func private @memcount_begin()
func.func private @memcount_end()

func.func @f(%k: index) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %z = arith.constant 0.0 : f32
  %v = arith.constant 1.0 : f32
  %a = memref.alloc() : memref<4xf32>
  memref.store %v, %a[%c0] : memref<4xf32>
  %s = scf.for %i = %c0 to %c4 step %c1 iter_args(%acc = %z) -> (f32) {
    %x = memref.load %a[%c0] : memref<4xf32>
    %y = arith.addf %acc, %x : f32
    %now = arith.cmpi eq, %i, %k : index
    scf.if %now {
      memref.dealloc %a : memref<4xf32>
    }
    scf.yield %y : f32
  }
  %late = arith.cmpi uge, %k, %c4 : index
  scf.if %late {
    memref.dealloc %a : memref<4xf32>
  }
  return %s : f32
}

func.func @main() {
  %index_1 = arith.constant 1 : index
  %index_9 = arith.constant 9 : index
  // input 0: 1
  func.call @memcount_begin() : () -> ()
  %r0 = func.call @f(%index_1) : (index) -> (f32)
  func.call @printF32(%r0) : (f32) -> ()
  func.call @printNewline() : () -> ()
  func.call @memcount_end() : () -> ()
  // input 1: 9
  func.call @memcount_begin() : () -> ()
  %r1 = func.call @f(%index_9) : (index) -> (f32)
  func.call @printF32(%r1) : (f32) -> ()
  func.call @printNewline() : () -> ()
  func.call @memcount_end() : () -> ()
  return
}
