// BUG: leak
// arith.select alias: %m is %a when %c is true (else %b); only %m is freed, so the other buffer leaks on every input (the fix frees it under a guard on %c).

func.func private @printI64(i64)
func.func private @printF32(f32)
func.func private @printNewline()
func.func private @memcount_begin()
func.func private @memcount_end()

func.func @f(%c: i1) -> f32 {
  %c0 = arith.constant 0 : index
  %v = arith.constant 14.0 : f32
  %w = arith.constant 15.0 : f32
  %a = memref.alloc() : memref<4xf32>
  %b = memref.alloc() : memref<4xf32>
  memref.store %v, %a[%c0] : memref<4xf32>
  memref.store %w, %b[%c0] : memref<4xf32>
  %m = arith.select %c, %a, %b : memref<4xf32>
  %r = memref.load %m[%c0] : memref<4xf32>
  memref.dealloc %m : memref<4xf32>
  return %r : f32
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
