// Two sparse kernels whose insertion loops call the private helpers the
// sparse compiler generates (`_insert_*`: the buffer passed in, or a grown
// copy). Input of checks/sparse-insertion.mlir.
#CSR = #sparse_tensor.encoding<{ map = (d0, d1) -> (d0 : dense, d1 : compressed) }>
#SV = #sparse_tensor.encoding<{ map = (d0) -> (d0 : compressed) }>
func.func @to_csr(%t: tensor<8x8xf64>) -> tensor<8x8xf64, #CSR> {
  %0 = sparse_tensor.convert %t : tensor<8x8xf64> to tensor<8x8xf64, #CSR>
  return %0 : tensor<8x8xf64, #CSR>
}
#trait = { indexing_maps = [affine_map<(i) -> (i)>, affine_map<(i) -> (i)>], iterator_types = ["parallel"] }
func.func @scale(%a: tensor<32xf64, #SV>) -> tensor<32xf64, #SV> {
  %e = tensor.empty() : tensor<32xf64, #SV>
  %0 = linalg.generic #trait ins(%a : tensor<32xf64, #SV>) outs(%e : tensor<32xf64, #SV>) {
  ^bb0(%x: f64, %o: f64):
    %m = arith.mulf %x, %x : f64
    linalg.yield %m : f64
  } -> tensor<32xf64, #SV>
  return %0 : tensor<32xf64, #SV>
}
