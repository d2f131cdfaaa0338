// RUN: %memlint lint %s
// RUN: sed 's/llvm.icmp "sle" %arg0, %0 : i32/llvm.icmp "sle" %arg0, %four : i32/' %s | not %memlint lint - | FileCheck %s --check-prefix=OVERLAP
//
// A predicate helper partly lowered to the LLVM dialect (what
// -convert-arith-to-llvm leaves of `is_big(k)` = `k > 3`): `llvm.icmp` of
// an argument and an `llvm.mlir.constant` is the same comparison as an
// `arith.cmpi`, and the caller relates it to its own (`k <= 3`): each path
// frees once (helper-134, runtime-checked for k = 0, 3, 5). With `k <= 4`
// both free when k is 4.
// OVERLAP: error: buffer %alloc is freed twice
// RUN: sed 's/llvm.icmp "sgt" %arg0, %c3n/llvm.icmp "sge" %arg0, %c3n/' %s | not %memlint lint - | FileCheck %s --check-prefix=NEGATED
//
// Negated with `llvm.xor %c, true` (helper-137, runtime-checked for -5,
// 3, 4 and 100): `is_small(k)` is `k <= 3`, the caller's other branch
// `k > 3`. With `k >= 3` both free when k is 3.
// NEGATED: error: buffer %b is freed twice

func.func private @is_big(%arg0: i32) -> i1 {
  %0 = llvm.mlir.constant(3 : i32) : i32
  %1 = llvm.icmp "sgt" %arg0, %0 : i32
  return %1 : i1
}

func.func @caller(%arg0: i32) {
  %alloc = memref.alloc() : memref<4xf32>
  %0 = llvm.mlir.constant(3 : i32) : i32
  %four = llvm.mlir.constant(4 : i32) : i32
  %2 = call @is_big(%arg0) : (i32) -> i1
  %3 = llvm.icmp "sle" %arg0, %0 : i32
  llvm.cond_br %2, ^bb1, ^bb2
^bb1:
  memref.dealloc %alloc : memref<4xf32>
  llvm.br ^bb2
^bb2:
  llvm.cond_br %3, ^bb3, ^bb4
^bb3:
  memref.dealloc %alloc : memref<4xf32>
  llvm.br ^bb4
^bb4:
  return
}

func.func private @is_small(%arg0: i32) -> i1 {
  %0 = llvm.mlir.constant(3 : i32) : i32
  %1 = llvm.mlir.constant(true) : i1
  %2 = llvm.icmp "sgt" %arg0, %0 : i32
  %3 = llvm.xor %2, %1 : i1
  return %3 : i1
}

func.func @negated_helper(%arg0: i32) {
  %b = memref.alloc() : memref<4xf32>
  %c3n = llvm.mlir.constant(3 : i32) : i32
  %1 = call @is_small(%arg0) : (i32) -> i1
  %2 = llvm.icmp "sgt" %arg0, %c3n : i32
  cf.cond_br %1, ^bb1, ^bb2
^bb1:
  memref.dealloc %b : memref<4xf32>
  cf.br ^bb2
^bb2:
  cf.cond_br %2, ^bb3, ^bb4
^bb3:
  memref.dealloc %b : memref<4xf32>
  cf.br ^bb4
^bb4:
  return
}
