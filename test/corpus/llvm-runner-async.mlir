// Origin: llvm/llvm-project, mlir/test/mlir-runner/async.mlir
//   (commit c7ba28bfffc8d3ccaaaefa97378ab94e9cefe043).
// License: Apache-2.0 WITH LLVM-exception.
// Trimmed: RUN/CHECK lines dropped.
func.func @main() {
  %i0 = arith.constant 0 : index
  %i1 = arith.constant 1 : index
  %i2 = arith.constant 2 : index
  %i3 = arith.constant 3 : index
  %c0 = arith.constant 0.0 : f32
  %c1 = arith.constant 1.0 : f32
  %c2 = arith.constant 2.0 : f32
  %c3 = arith.constant 3.0 : f32
  %c4 = arith.constant 4.0 : f32
  %A = memref.alloc() : memref<4xf32>
  linalg.fill ins(%c0 : f32) outs(%A : memref<4xf32>)
  %U = memref.cast %A :  memref<4xf32> to memref<*xf32>
  call @printMemrefF32(%U): (memref<*xf32>) -> ()
  memref.store %c1, %A[%i0]: memref<4xf32>
  call @mlirAsyncRuntimePrintCurrentThreadId(): () -> ()
  call @printMemrefF32(%U): (memref<*xf32>) -> ()
  %outer = async.execute {
    memref.store %c2, %A[%i1]: memref<4xf32>
    func.call @mlirAsyncRuntimePrintCurrentThreadId(): () -> ()
    func.call @printMemrefF32(%U): (memref<*xf32>) -> ()
    %noop = async.execute {
      func.call @mlirAsyncRuntimePrintCurrentThreadId(): () -> ()
      async.yield
    }
    %inner = async.execute [%noop] {
      memref.store %c3, %A[%i2]: memref<4xf32>
      func.call @mlirAsyncRuntimePrintCurrentThreadId(): () -> ()
      func.call @printMemrefF32(%U): (memref<*xf32>) -> ()
      async.yield
    }
    async.await %inner : !async.token
    memref.store %c4, %A[%i3]: memref<4xf32>
    func.call @mlirAsyncRuntimePrintCurrentThreadId(): () -> ()
    func.call @printMemrefF32(%U): (memref<*xf32>) -> ()
    async.yield
  }
  async.await %outer : !async.token
  call @mlirAsyncRuntimePrintCurrentThreadId(): () -> ()
  call @printMemrefF32(%U): (memref<*xf32>) -> ()
  memref.dealloc %A : memref<4xf32>
  return
}
func.func private @mlirAsyncRuntimePrintCurrentThreadId() -> ()
func.func private @printMemrefF32(memref<*xf32>) attributes { llvm.emit_c_interface }
