// BUG: leak
// The free depends on a flag loaded from memory, which is 0: the buffer leaks. memlint reports a finding only when it happens for every value of such data conditions, so it is silent here (false negative by design; docs/ownership-model.md, Conditions from memory).

func.func private @printI64(i64)
func.func private @printF32(f32)
func.func private @printNewline()
func.func private @memcount_begin()
func.func private @memcount_end()

memref.global "private" @flags : memref<1xi32> = dense<0>

func.func @f(%v: f32) -> f32 {
  %c0 = arith.constant 0 : index
  %z = arith.constant 0 : i32
  %a = memref.alloc() : memref<4xf32>
  memref.store %v, %a[%c0] : memref<4xf32>
  %x = memref.load %a[%c0] : memref<4xf32>
  %flags = memref.get_global @flags : memref<1xi32>
  %flag = memref.load %flags[%c0] : memref<1xi32>
  %free = arith.cmpi ne, %flag, %z : i32
  scf.if %free {
    memref.dealloc %a : memref<4xf32>
  }
  return %x : f32
}

func.func @main() {
  %f32_2 = arith.constant 2.0 : f32
  // input 0: 2.0
  func.call @memcount_begin() : () -> ()
  %r0 = func.call @f(%f32_2) : (f32) -> (f32)
  func.call @printF32(%r0) : (f32) -> ()
  func.call @printNewline() : () -> ()
  func.call @memcount_end() : () -> ()
  return
}
