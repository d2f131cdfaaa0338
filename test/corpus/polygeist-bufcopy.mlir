// Origin: llvm/Polygeist, test/polygeist-opt/bufcopy.mlir
//   (commit 2f0a9e94887316e8c945e8624d634ce4ea2046b8), input only.
// License: Apache-2.0 WITH LLVM-exception (Polygeist, as the LLVM Project).
// Trimmed: RUN/CHECK lines dropped; IR unchanged. Input of polygeist-opt
// --canonicalize (its copy-elimination patterns); frees by hand.

module  {
  func.func private @run() {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %prev = memref.alloca() : memref<40xi32>
    %tmp = memref.alloc() : memref<40xi32>
    affine.for %arg4 = 0 to 40 {
        %v = affine.load %prev[%arg4] : memref<40xi32>
        affine.store %v, %tmp[%arg4] : memref<40xi32>
    }
    affine.for %arg4 = 0 to 22 {
        %v = affine.load %tmp[%arg4] : memref<40xi32>
        %v2 = arith.addi %v, %v : i32
        memref.store %v2, %tmp[%arg4] : memref<40xi32>
    }
    affine.for %arg4 = 0 to 40 {
        %v = affine.load %tmp[%arg4] : memref<40xi32>
        affine.store %v, %prev[%arg4] : memref<40xi32>
    }
    memref.dealloc %tmp : memref<40xi32>
    return
  }
  func.func private @runMM() {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %prev = memref.alloca() : memref<40xi32>
    %tmp = memref.alloc() : memref<40xi32>
    affine.for %arg4 = 0 to 40 {
        %v = affine.load %prev[%arg4] : memref<40xi32>
        affine.store %v, %tmp[%arg4] : memref<40xi32>
    }
    affine.for %arg4 = 0 to 22 {
        %v = affine.load %tmp[%arg4] : memref<40xi32>
        %v2 = arith.addi %v, %v : i32
        memref.store %v2, %tmp[%arg4] : memref<40xi32>
    }
    affine.for %arg4 = 0 to 20 {
        %v = affine.load %tmp[%arg4] : memref<40xi32>
        affine.store %v, %prev[%arg4] : memref<40xi32>
    }
    memref.dealloc %tmp : memref<40xi32>
    return
  }
  func.func private @runUS(%s : index) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %prev = memref.alloca(%s) : memref<?xi32>
    %tmp = memref.alloc(%s) : memref<?xi32>
    affine.for %arg4 = 0 to %s {
        %v = affine.load %prev[%arg4] : memref<?xi32>
        affine.store %v, %tmp[%arg4] : memref<?xi32>
    }
    affine.for %arg4 = 0 to 22 {
        %v = affine.load %tmp[%arg4] : memref<?xi32>
        %v2 = arith.addi %v, %v : i32
        memref.store %v2, %tmp[%arg4] : memref<?xi32>
    }
    affine.for %arg4 = 0 to %s {
        %v = affine.load %tmp[%arg4] : memref<?xi32>
        affine.store %v, %prev[%arg4] : memref<?xi32>
    }
    memref.dealloc %tmp : memref<?xi32>
    return
  }
  func.func private @runUSMM(%s : index) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %prev = memref.alloca(%s) : memref<?xi32>
    %tmp = memref.alloc(%s) : memref<?xi32>
    affine.for %arg4 = 0 to 40 {
        %v = affine.load %prev[%arg4] : memref<?xi32>
        affine.store %v, %tmp[%arg4] : memref<?xi32>
    }
    affine.for %arg4 = 0 to 22 {
        %v = affine.load %tmp[%arg4] : memref<?xi32>
        %v2 = arith.addi %v, %v : i32
        memref.store %v2, %tmp[%arg4] : memref<?xi32>
    }
    affine.for %arg4 = 0 to %s {
        %v = affine.load %tmp[%arg4] : memref<?xi32>
        affine.store %v, %prev[%arg4] : memref<?xi32>
    }
    memref.dealloc %tmp : memref<?xi32>
    return
  }
  func.func private @runDouble(%s : index, %d: memref<?xi32>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %prev = memref.alloca(%s) : memref<?xi32>
    %tmp = memref.alloc(%s) : memref<?xi32>
    affine.for %arg4 = 0 to %s {
        %v = affine.load %d[%arg4] : memref<?xi32>
        affine.store %v, %tmp[%arg4] : memref<?xi32>
    }
    affine.for %arg4 = 0 to %s {
        %v = affine.load %prev[%arg4] : memref<?xi32>
        affine.store %v, %tmp[%arg4] : memref<?xi32>
    }
    affine.for %arg4 = 0 to 22 {
        %v = affine.load %tmp[%arg4] : memref<?xi32>
        %v2 = arith.addi %v, %v : i32
        memref.store %v2, %tmp[%arg4] : memref<?xi32>
    }
    affine.for %arg4 = 0 to %s {
        %v = affine.load %tmp[%arg4] : memref<?xi32>
        affine.store %v, %prev[%arg4] : memref<?xi32>
    }
    affine.for %arg4 = 0 to %s {
        %v = affine.load %tmp[%arg4] : memref<?xi32>
        affine.store %v, %d[%arg4] : memref<?xi32>
    }
    memref.dealloc %tmp : memref<?xi32>
    return
  }
}
