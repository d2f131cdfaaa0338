// one-shot-bufferize alone leaves its allocations unfreed; with the
// deallocation pipeline after it the final IR is clean.
// RUN: not %memlint bisect --pass-pipeline='one-shot-bufferize' %s | FileCheck %s
// RUN: %memlint bisect --pass-pipeline='one-shot-bufferize,buffer-deallocation-pipeline' %s | count 0

// CHECK: bufferize.mlir:[[@LINE+5]]:{{[0-9]+}}: warning: buffer {{.*}} is never freed [leak]
// CHECK: note: introduced by pass 'one-shot-bufferize' (1 of 1)
func.func @f() -> f32 {
  %c0 = arith.constant 0 : index
  %cst = arith.constant 1.0 : f32
  %e = tensor.empty() : tensor<4xf32>
  %filled = linalg.fill ins(%cst : f32) outs(%e : tensor<4xf32>) -> tensor<4xf32>
  %v = tensor.extract %filled[%c0] : tensor<4xf32>
  return %v : f32
}
