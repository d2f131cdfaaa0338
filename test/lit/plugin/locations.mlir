// IR made by an earlier tool or pass: fused and named locations report at
// the first file:line:col inside; an op without one at its parent's.
// RUN: %mlir_opt --load-pass-plugin=%plugin --pass-pipeline='builtin.module(memlint-check)' %s -o /dev/null 2>&1 | FileCheck %s

// CHECK-DAG: gen.py:10:2: warning: buffer %alloc is never freed [leak]
// CHECK-DAG: model.py:20:3: warning: buffer %alloc_0 is never freed [leak]
// CHECK-DAG: locations.mlir:[[@LINE+2]]:1: warning: buffer %alloc_1 is never freed [leak]
#gen = loc("gen.py":10:2)
func.func @f() {
  %a = memref.alloc() : memref<8xf32> loc(fused<"tag">[#gen, "other.py":1:1])
  %b = memref.alloc() : memref<8xf32> loc("layer1"("model.py":20:3))
  %c = memref.alloc() : memref<8xf32> loc(unknown)
  return
}
