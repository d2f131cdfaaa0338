// Origin: onnx/onnx-mlir, test/mlir/krnl/krnl_bundle_memory_pool.mlir
//   (commit d87a998ae7b0be8f646329ac6010793c9afb1e8d), inputs only.
// License: Apache-2.0 (onnx-mlir).
// Trimmed: RUN/CHECK lines and `// -----` markers dropped. The krnl dialect's
// custom-syntax ops are rewritten into generic form, keeping their operands
// and result types: `krnl.define_loops N` as "krnl.define_loops"() with
// {num_loops = N} returning N !krnl.loop; `krnl.iterate(%opt) with (%l -> %i
// = lb to ub, ...) {...}` as "krnl.iterate"(%opt..., %l...) with one region
// whose block takes the induction variables (index), ends in the
// "krnl.terminate" its parser inserts, and the constant bounds kept as the op's
// `bounds` attribute (affine_map<() -> (lb)>, affine_map<() -> (ub)>, ...)
// with num_optimized_loops; `krnl.load %m[%i, ...]` / `krnl.store %v, %m[...]`
// as "krnl.load"(%m, %i, ...) / "krnl.store"(%v, %m, %i, ...). "krnl.getref"
// (a view into a memory pool) was already generic. Inputs of onnx-mlir-opt
// --bundle-memory-pools; they free by hand (the pools, inside krnl.iterate
// loop bodies and after them) and return %0.

func.func @test_pool_bundling(%arg0: memref<10x10xf32>, %arg1: memref<10x20xf32>) -> memref<10x20xf32> {
  %c0_i64 = arith.constant 0 : i64
  %ind = arith.constant 0 : index
  %cst = arith.constant 0.000000e+00 : f32
  %0 = memref.alloc() : memref<10x20xf32>
  %1 = memref.alloc() : memref<800xi8>
  %2 = "krnl.getref"(%1, %c0_i64) : (memref<800xi8>, i64) -> memref<10x20xf32>
  %3 = memref.alloc() : memref<400xi8>
  %4 = "krnl.getref"(%3, %c0_i64) : (memref<400xi8>, i64) -> memref<10x10xf32>
  %5 = memref.alloc() : memref<800xi8>
  %6 = "krnl.getref"(%5, %c0_i64) : (memref<800xi8>, i64) -> memref<10x20xf32>
  %7 = memref.alloc() : memref<800xi8>
  %8 = "krnl.getref"(%7, %c0_i64) : (memref<800xi8>, i64) -> memref<10x20xf32>
  %9 = memref.alloc() : memref<400xi8>
  %10 = "krnl.getref"(%9, %c0_i64) : (memref<400xi8>, i64) -> memref<10x10xf32>
  "krnl.store"(%cst, %10, %ind, %ind) : (f32, memref<10x10xf32>, index, index) -> ()
  "krnl.store"(%cst, %8, %ind, %ind) : (f32, memref<10x20xf32>, index, index) -> ()
  "krnl.store"(%cst, %6, %ind, %ind) : (f32, memref<10x20xf32>, index, index) -> ()
  "krnl.store"(%cst, %4, %ind, %ind) : (f32, memref<10x10xf32>, index, index) -> ()
  "krnl.store"(%cst, %2, %ind, %ind) : (f32, memref<10x20xf32>, index, index) -> ()
  "krnl.store"(%cst, %0, %ind, %ind) : (f32, memref<10x20xf32>, index, index) -> ()
  memref.dealloc %9 : memref<400xi8>
  memref.dealloc %7 : memref<800xi8>
  memref.dealloc %5 : memref<800xi8>
  memref.dealloc %3 : memref<400xi8>
  memref.dealloc %1 : memref<800xi8>
  return %0 : memref<10x20xf32>
}

/// Test bundling inside a sub-block.
func.func @static_mem_pool_rnn_subblock(%arg0: memref<1x3x2xf32>, %arg1: memref<1x4x2xf32>, %arg2: memref<1x4x4xf32>) -> memref<1x3x4xf32> attributes {input_names = ["X", "W", "R"], output_names = ["Y"]} {
  %cst = arith.constant 0.000000e+00 : f32
  %c0_i64 = arith.constant 0 : i64
  %c0 = arith.constant 0 : index
  %0 = memref.alloc() : memref<1x3x4xf32>
  %2 = "krnl.define_loops"() {num_loops = 1 : i64} : () -> !krnl.loop
  "krnl.iterate"(%2, %2) ({
  ^bb0(%arg3: index):
    %3:2 = "krnl.define_loops"() {num_loops = 2 : i64} : () -> (!krnl.loop, !krnl.loop)
    "krnl.iterate"(%3#0, %3#1, %3#0, %3#1) ({
    ^bb0(%arg4: index, %arg5: index):
      %4 = memref.alloc() : memref<4xi8>
      %5 = "krnl.getref"(%4, %c0_i64) : (memref<4xi8>, i64) -> memref<f32>
      %6 = "krnl.load"(%0, %c0, %arg4, %arg5) : (memref<1x3x4xf32>, index, index, index) -> f32
      %7 = memref.alloc() : memref<4xi8>
      %8 = "krnl.getref"(%7, %c0_i64) : (memref<4xi8>, i64) -> memref<f32>
      "krnl.store"(%cst, %8) : (f32, memref<f32>) -> ()
      %9 = memref.alloc() : memref<4xi8>
      %10 = "krnl.getref"(%9, %c0_i64) : (memref<4xi8>, i64) -> memref<f32>
      "krnl.store"(%cst, %10) : (f32, memref<f32>) -> ()
      %11 = "krnl.define_loops"() {num_loops = 1 : i64} : () -> !krnl.loop
      "krnl.iterate"(%11, %11) ({
      ^bb0(%arg6: index):
        %25 = "krnl.load"(%arg0, %arg3, %arg4, %arg6) : (memref<1x3x2xf32>, index, index, index) -> f32
        %26 = "krnl.load"(%arg1, %c0, %arg5, %arg6) : (memref<1x4x2xf32>, index, index, index) -> f32
        %27 = arith.mulf %25, %26 : f32
        %28 = "krnl.load"(%8) : (memref<f32>) -> f32
        %29 = arith.addf %28, %27 : f32
        "krnl.store"(%29, %8) : (f32, memref<f32>) -> ()
        %30 = "krnl.load"(%arg2, %c0, %arg5, %arg6) : (memref<1x4x4xf32>, index, index, index) -> f32
        %31 = arith.mulf %6, %30 : f32
        %32 = "krnl.load"(%10) : (memref<f32>) -> f32
        %33 = arith.addf %32, %31 : f32
        "krnl.store"(%33, %10) : (f32, memref<f32>) -> ()
        "krnl.terminate"() : () -> ()
      }) {bounds = [affine_map<() -> (0)>, affine_map<() -> (2)>], num_optimized_loops = 1 : i64} : (!krnl.loop, !krnl.loop) -> ()
      %12 = "krnl.load"(%8) : (memref<f32>) -> f32
      %13 = "krnl.load"(%10) : (memref<f32>) -> f32
      %14 = arith.addf %12, %13 : f32
      %15 = memref.alloc() : memref<4xi8>
      %16 = "krnl.getref"(%15, %c0_i64) : (memref<4xi8>, i64) -> memref<f32>
      "krnl.store"(%14, %16) : (f32, memref<f32>) -> ()
      %17 = "krnl.load"(%16) : (memref<f32>) -> f32
      %18 = arith.subf %cst, %17 : f32
      %19 = math.exp %17 : f32
      %20 = math.exp %18 : f32
      %21 = arith.subf %19, %20 : f32
      %22 = arith.addf %19, %20 : f32
      %23 = arith.divf %21, %22 : f32
      "krnl.store"(%23, %5) : (f32, memref<f32>) -> ()
      %24 = "krnl.load"(%5) : (memref<f32>) -> f32
      "krnl.store"(%24, %0, %c0, %arg4, %arg5) : (f32, memref<1x3x4xf32>, index, index, index) -> ()
      memref.dealloc %15 : memref<4xi8>
      memref.dealloc %9 : memref<4xi8>
      memref.dealloc %7 : memref<4xi8>
      memref.dealloc %4 : memref<4xi8>
      "krnl.terminate"() : () -> ()
    }) {bounds = [affine_map<() -> (0)>, affine_map<() -> (3)>, affine_map<() -> (0)>, affine_map<() -> (4)>], num_optimized_loops = 2 : i64} : (!krnl.loop, !krnl.loop, !krnl.loop, !krnl.loop) -> ()
    "krnl.terminate"() : () -> ()
  }) {bounds = [affine_map<() -> (0)>, affine_map<() -> (1)>], num_optimized_loops = 1 : i64} : (!krnl.loop, !krnl.loop) -> ()
  return %0 : memref<1x3x4xf32>
}

/// Test bundling inside a sub-block and in the main block.
func.func @static_mem_pool_rnn_sub_and_main_block(%arg0: memref<1x3x2xf32>, %arg1: memref<1x4x2xf32>, %arg2: memref<1x4x4xf32>) -> memref<1x3x4xf32> attributes {input_names = ["X", "W", "R"], output_names = ["Y"]} {
  %cst = arith.constant 0.000000e+00 : f32
  %c0_i64 = arith.constant 0 : i64
  %c0 = arith.constant 0 : index 
  %0 = memref.alloc() : memref<1x3x4xf32>
  %mem0 = memref.alloc() : memref<4xi8>
  %ref0 = "krnl.getref"(%mem0, %c0_i64) : (memref<4xi8>, i64) -> memref<f32>
  %mem1 = memref.alloc() : memref<4xi8>
  %ref1 = "krnl.getref"(%mem1, %c0_i64) : (memref<4xi8>, i64) -> memref<f32>
  %2 = "krnl.define_loops"() {num_loops = 1 : i64} : () -> !krnl.loop
  "krnl.iterate"(%2, %2) ({
  ^bb0(%arg3: index):
    %3:2 = "krnl.define_loops"() {num_loops = 2 : i64} : () -> (!krnl.loop, !krnl.loop)
    "krnl.iterate"(%3#0, %3#1, %3#0, %3#1) ({
    ^bb0(%arg4: index, %arg5: index):
      %4 = memref.alloc() : memref<4xi8>
      %5 = "krnl.getref"(%4, %c0_i64) : (memref<4xi8>, i64) -> memref<f32>
      %6 = "krnl.load"(%0, %c0, %arg4, %arg5) : (memref<1x3x4xf32>, index, index, index) -> f32
      %7 = memref.alloc() : memref<4xi8>
      %8 = "krnl.getref"(%7, %c0_i64) : (memref<4xi8>, i64) -> memref<f32>
      "krnl.store"(%cst, %8) : (f32, memref<f32>) -> ()
      %9 = memref.alloc() : memref<4xi8>
      %10 = "krnl.getref"(%9, %c0_i64) : (memref<4xi8>, i64) -> memref<f32>
      "krnl.store"(%cst, %10) : (f32, memref<f32>) -> ()
      %11 = "krnl.define_loops"() {num_loops = 1 : i64} : () -> !krnl.loop
      "krnl.iterate"(%11, %11) ({
      ^bb0(%arg6: index):
        %25 = "krnl.load"(%arg0, %arg3, %arg4, %arg6) : (memref<1x3x2xf32>, index, index, index) -> f32
        %26 = "krnl.load"(%arg1, %c0, %arg5, %arg6) : (memref<1x4x2xf32>, index, index, index) -> f32
        %27 = arith.mulf %25, %26 : f32
        %28 = "krnl.load"(%8) : (memref<f32>) -> f32
        %29 = arith.addf %28, %27 : f32
        "krnl.store"(%29, %8) : (f32, memref<f32>) -> ()
        %30 = "krnl.load"(%arg2, %c0, %arg5, %arg6) : (memref<1x4x4xf32>, index, index, index) -> f32
        %31 = arith.mulf %6, %30 : f32
        %32 = "krnl.load"(%10) : (memref<f32>) -> f32
        %33 = arith.addf %32, %31 : f32
        "krnl.store"(%33, %10) : (f32, memref<f32>) -> ()
        "krnl.store"(%33, %ref0) : (f32, memref<f32>) -> ()
        "krnl.terminate"() : () -> ()
      }) {bounds = [affine_map<() -> (0)>, affine_map<() -> (2)>], num_optimized_loops = 1 : i64} : (!krnl.loop, !krnl.loop) -> ()
      %12 = "krnl.load"(%8) : (memref<f32>) -> f32
      %13 = "krnl.load"(%10) : (memref<f32>) -> f32
      %14 = arith.addf %12, %13 : f32
      %15 = memref.alloc() : memref<4xi8>
      %16 = "krnl.getref"(%15, %c0_i64) : (memref<4xi8>, i64) -> memref<f32>
      "krnl.store"(%14, %16) : (f32, memref<f32>) -> ()
      %17 = "krnl.load"(%16) : (memref<f32>) -> f32
      %18 = arith.subf %cst, %17 : f32
      %19 = math.exp %17 : f32
      %20 = math.exp %18 : f32
      %21 = arith.subf %19, %20 : f32
      %22 = arith.addf %19, %20 : f32
      %23 = arith.divf %21, %22 : f32
      "krnl.store"(%23, %5) : (f32, memref<f32>) -> ()
      %24 = "krnl.load"(%5) : (memref<f32>) -> f32
      "krnl.store"(%24, %0, %c0, %arg4, %arg5) : (f32, memref<1x3x4xf32>, index, index, index) -> ()
      "krnl.store"(%24, %ref1) : (f32, memref<f32>) -> ()
      memref.dealloc %15 : memref<4xi8>
      memref.dealloc %9 : memref<4xi8>
      memref.dealloc %7 : memref<4xi8>
      memref.dealloc %4 : memref<4xi8>
      "krnl.terminate"() : () -> ()
    }) {bounds = [affine_map<() -> (0)>, affine_map<() -> (3)>, affine_map<() -> (0)>, affine_map<() -> (4)>], num_optimized_loops = 2 : i64} : (!krnl.loop, !krnl.loop, !krnl.loop, !krnl.loop) -> ()
    "krnl.terminate"() : () -> ()
  }) {bounds = [affine_map<() -> (0)>, affine_map<() -> (1)>], num_optimized_loops = 1 : i64} : (!krnl.loop, !krnl.loop) -> ()
  %mem2 = memref.alloc() : memref<4xi8>
  %ref2 = "krnl.getref"(%mem2, %c0_i64) : (memref<4xi8>, i64) -> memref<f32>
  %val = "krnl.load"(%ref1) : (memref<f32>) -> f32
  "krnl.store"(%val, %ref2) : (f32, memref<f32>) -> ()
  memref.dealloc %mem2 : memref<4xi8>
  memref.dealloc %mem1 : memref<4xi8>
  memref.dealloc %mem0 : memref<4xi8>
  return %0 : memref<1x3x4xf32>
}
