// Origin: llvm/Polygeist test/polygeist-opt/allocdist.mlir (commit 1efc44b6)
// License: Apache-2.0 WITH LLVM-exception (Polygeist).
// Changed: the expected output of --cpuify="method=distribute" reconstructed from its CHECK-NEXT/CHECK-DAG lines
// (CHECK-DAG group in the listed order); `func` spelled `func.func`; polygeist ops in generic form (already so);
// the input function kept as @main_input.
module {
  func.func private @capture(%a : memref<i32>)
  func.func private @use(%a : memref<?xi32>, %b : f32, %d : i32, %e : f32)
  func.func @main_input() {
    %c0 = arith.constant 0 : index
    %cc1 = arith.constant 1 : index
    %c5 = arith.constant 5 : index
    scf.parallel (%arg2) = (%c0) to (%c5) step (%cc1) {
      %a1 = memref.alloca() : memref<2xi32>
      %a2 = memref.cast %a1 : memref<2xi32> to memref<?xi32>
      %b1 = memref.alloca() : memref<f32>
      %c1 = memref.alloca() : memref<i32>
      %d1 = memref.alloca() : memref<1xi32>
      %b2 = memref.load %b1[] : memref<f32>
      func.call @capture(%c1) : (memref<i32>) -> ()
      %d2 = memref.cast %d1 : memref<1xi32> to memref<?xi32>
      %e1 = memref.alloca() : memref<1xf32>
      %e2 = memref.cast %e1 : memref<1xf32> to memref<?xf32>
      %e3 = memref.load %e2[%c0] : memref<?xf32>
      "polygeist.barrier"(%arg2) : (index) -> ()
      %d3 = memref.load %d2[%c0] : memref<?xi32>
      func.call @use(%a2, %b2, %d3, %e3) : (memref<?xi32>, f32, i32, f32) -> ()
      scf.reduce
    }
    return
  }
  func.func @main() {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c5 = arith.constant 5 : index
    %0 = memref.alloc(%c5) : memref<?xf32>
    %1 = memref.alloc(%c5) : memref<?xmemref<?xi32>>
    %2 = memref.alloc(%c5) : memref<?xf32>
    %3 = memref.alloc(%c5) : memref<?xmemref<?xi32>>
    %4 = memref.alloc(%c5) : memref<?x2xi32>
    %5 = memref.alloc(%c5) : memref<?xi32>
    %6 = memref.alloc(%c5) : memref<?x1xi32>
    scf.parallel (%arg0) = (%c0) to (%c5) step (%c1) {
      %7 = "polygeist.subindex"(%4, %arg0) : (memref<?x2xi32>, index) -> memref<2xi32>
      %8 = memref.cast %7 : memref<2xi32> to memref<?xi32>
      memref.store %8, %3[%arg0] : memref<?xmemref<?xi32>>
      %9 = memref.alloca() : memref<f32>
      %10 = memref.load %9[] : memref<f32>
      memref.store %10, %2[%arg0] : memref<?xf32>
      %11 = "polygeist.subindex"(%5, %arg0) : (memref<?xi32>, index) -> memref<i32>
      func.call @capture(%11) : (memref<i32>) -> ()
      %12 = "polygeist.subindex"(%6, %arg0) : (memref<?x1xi32>, index) -> memref<1xi32>
      %13 = memref.cast %12 : memref<1xi32> to memref<?xi32>
      memref.store %13, %1[%arg0] : memref<?xmemref<?xi32>>
      %14 = memref.alloca() : memref<1xf32>
      %15 = memref.load %14[%c0] : memref<1xf32>
      memref.store %15, %0[%arg0] : memref<?xf32>
      scf.reduce
    }
    scf.parallel (%arg0) = (%c0) to (%c5) step (%c1) {
      %7 = memref.load %1[%arg0] : memref<?xmemref<?xi32>>
      %i8 = memref.load %7[%c0] : memref<?xi32>
      %i9 = memref.load %3[%arg0] : memref<?xmemref<?xi32>>
      %i10 = memref.load %2[%arg0] : memref<?xf32>
      %i11 = memref.load %0[%arg0] : memref<?xf32>
      func.call @use(%i9, %i10, %i8, %i11) : (memref<?xi32>, f32, i32, f32) -> ()
      scf.reduce
    }
    memref.dealloc %0 : memref<?xf32>
    memref.dealloc %1 : memref<?xmemref<?xi32>>
    memref.dealloc %2 : memref<?xf32>
    memref.dealloc %3 : memref<?xmemref<?xi32>>
    memref.dealloc %4 : memref<?x2xi32>
    memref.dealloc %5 : memref<?xi32>
    memref.dealloc %6 : memref<?x1xi32>
    return
  }
}
