// BUG: leak
// buffers allocated inside scf.while: each trip allocates a new buffer and frees the previous one, but the last one is dropped after the loop.

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
  %r:2 = scf.while (%i = %c0, %buf = %init) : (index, memref<1xf32>) -> (index, memref<1xf32>) {
    %cond = arith.cmpi slt, %i, %n : index
    scf.condition(%cond) %i, %buf : index, memref<1xf32>
  } do {
  ^bb0(%j: index, %b: memref<1xf32>):
    %x = memref.load %b[%c0] : memref<1xf32>
    %y = arith.addf %x, %one : f32
    %nb = memref.alloc() : memref<1xf32>
    memref.store %y, %nb[%c0] : memref<1xf32>
    memref.dealloc %b : memref<1xf32>
    %nj = arith.addi %j, %c1 : index
    scf.yield %nj, %nb : index, memref<1xf32>
  }
  %res = memref.load %r#1[%c0] : memref<1xf32>
  return %res : f32
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
