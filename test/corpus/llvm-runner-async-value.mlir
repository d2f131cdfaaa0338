// Origin: llvm/llvm-project, mlir/test/mlir-runner/async-value.mlir
//   (commit dcee1395ef892a76777393205e4eb1cfab5a89f8).
// License: Apache-2.0 WITH LLVM-exception.
// Trimmed: RUN/CHECK lines dropped.
func.func @main() {
  %token, %result = async.execute -> !async.value<f32> {
    %0 = arith.constant 123.456 : f32
    async.yield %0 : f32
  }
  %1 = async.await %result : !async.value<f32>
  vector.print %1 : f32
  %token0, %result0 = async.execute -> !async.value<f32> {
    %token1, %result2 = async.execute -> !async.value<f32> {
      %2 = arith.constant 456.789 : f32
      async.yield %2 : f32
    }
    %3 = async.await %result2 : !async.value<f32>
    async.yield %3 : f32
  }
  %4 = async.await %result0 : !async.value<f32>
  vector.print %4 : f32
  %token2, %result2 = async.execute[%token0] -> !async.value<memref<f32>> {
    %5 = memref.alloc() : memref<f32>
    %c0 = arith.constant 0.25 : f32
    memref.store %c0, %5[]: memref<f32>
    async.yield %5 : memref<f32>
  }
  %6 = async.await %result2 : !async.value<memref<f32>>
  %7 = memref.cast %6 :  memref<f32> to memref<*xf32>
  call @printMemrefF32(%7): (memref<*xf32>) -> ()
  %token3 = async.execute(%result2 as %unwrapped : !async.value<memref<f32>>) {
    %8 = memref.load %unwrapped[]: memref<f32>
    %9 = arith.addf %8, %8 : f32
    memref.store %9, %unwrapped[]: memref<f32>
    async.yield
  }
  async.await %token3 : !async.token
  call @printMemrefF32(%7): (memref<*xf32>) -> ()
  memref.dealloc %6 : memref<f32>
  return
}
func.func private @printMemrefF32(memref<*xf32>)
  attributes { llvm.emit_c_interface }
