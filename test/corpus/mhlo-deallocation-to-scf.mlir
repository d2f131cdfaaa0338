// origin: tensorflow/tensorflow tensorflow/compiler/xla/mlir_hlo/tests/Dialect/deallocation/deallocation_to_scf.mlir (commit 0a5a5706), Apache-2.0; outputs rebuilt from CHECK-NEXT; deallocation.get_buffer/null in generic form
func.func @retain_nothing(%ARG: memref<*xf32>) {
  %ZERO = arith.constant 0 : index
  %BUF = "deallocation.get_buffer"(%ARG) : (memref<*xf32>) -> index
  %NONNULL = arith.cmpi ne, %BUF, %ZERO : index
  scf.if %NONNULL {
    memref.dealloc %ARG : memref<*xf32>
  }
  return
}
// -----
func.func @retain_something(%ARG0: memref<2xf32>, %ARG1: memref<*xf32>) -> memref<*xf32> {
  %ZERO = arith.constant 0 : index
  %BUF = "deallocation.get_buffer"(%ARG1) : (memref<*xf32>) -> index
  %RETAINED_BUF = "deallocation.get_buffer"(%ARG0) : (memref<2xf32>) -> index
  %SAME = arith.cmpi eq, %BUF, %RETAINED_BUF : index
  %RET = scf.if %SAME -> memref<*xf32> {
    scf.yield %ARG1 : memref<*xf32>
  } else {
    %NONNULL = arith.cmpi ne, %BUF, %ZERO : index
    scf.if %NONNULL {
      memref.dealloc %ARG1 : memref<*xf32>
    }
    %NULL = "deallocation.null"() : () -> memref<*xf32>
    scf.yield %NULL : memref<*xf32>
  }
  return %RET : memref<*xf32>
}
