// BUG: invalid-free
// function argument: @f frees the buffer it was passed when %c is true (main passes an alloca or a global).

func.func private @printI64(i64)
func.func private @printF32(f32)
func.func private @printNewline()
func.func private @memcount_begin()
func.func private @memcount_end()

memref.global "private" @table : memref<4xf32> = dense<[1.0, 2.0, 3.0, 4.0]>

func.func @f(%m: memref<4xf32>, %c: i1) -> f32 {
  %c0 = arith.constant 0 : index
  %r = memref.load %m[%c0] : memref<4xf32>
  scf.if %c {
    memref.dealloc %m : memref<4xf32>
  }
  return %r : f32
}

func.func @main() {
  %mc0 = arith.constant 0 : index
  %minit = arith.constant 1.0 : f32
  %false = arith.constant false
  %true = arith.constant true
  // input 0: alloca, false
  func.call @memcount_begin() : () -> ()
  %arg0_0 = memref.alloca() : memref<4xf32>
  memref.store %minit, %arg0_0[%mc0] : memref<4xf32>
  %r0 = func.call @f(%arg0_0, %false) : (memref<4xf32>, i1) -> (f32)
  func.call @printF32(%r0) : (f32) -> ()
  func.call @printNewline() : () -> ()
  func.call @memcount_end() : () -> ()
  // input 1: alloca, true
  func.call @memcount_begin() : () -> ()
  %arg1_0 = memref.alloca() : memref<4xf32>
  memref.store %minit, %arg1_0[%mc0] : memref<4xf32>
  %r1 = func.call @f(%arg1_0, %true) : (memref<4xf32>, i1) -> (f32)
  func.call @printF32(%r1) : (f32) -> ()
  func.call @printNewline() : () -> ()
  func.call @memcount_end() : () -> ()
  // input 2: global:@table, false
  func.call @memcount_begin() : () -> ()
  %arg2_0 = memref.get_global @table : memref<4xf32>
  %r2 = func.call @f(%arg2_0, %false) : (memref<4xf32>, i1) -> (f32)
  func.call @printF32(%r2) : (f32) -> ()
  func.call @printNewline() : () -> ()
  func.call @memcount_end() : () -> ()
  // input 3: global:@table, true
  func.call @memcount_begin() : () -> ()
  %arg3_0 = memref.get_global @table : memref<4xf32>
  %r3 = func.call @f(%arg3_0, %true) : (memref<4xf32>, i1) -> (f32)
  func.call @printF32(%r3) : (f32) -> ()
  func.call @printNewline() : () -> ()
  func.call @memcount_end() : () -> ()
  return
}
