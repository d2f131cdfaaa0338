// RUN: not %memlint bisect --pass-pipeline=inline %s 2>&1 | FileCheck %s
//
// LLVM 22's inliner crashes on this module (a function that ends in an
// unregistered op with an empty region; `mlir-opt --inline` dies with
// SIGSEGV). bisect runs the pipeline in-process: the crash is the
// pipeline's failure, exit 2 with a message, never a signal. (Should a
// later LLVM mend the inliner, this test needs another crashing pass.)
// CHECK: memlint bisect: a pass of the pipeline crashed on {{.*}}bisect-pass-crash.mlir
func.func @rec(%c: i1) -> memref<4xf32> {
  %a = scf.if %c -> memref<4xf32> {
    %y = memref.alloc() : memref<4xf32>
    scf.yield %y : memref<4xf32>
  } else {
    %z = memref.alloc() : memref<4xf32>
    scf.yield %z : memref<4xf32>
  }
  return %a : memref<4xf32>
}
func.func @g() {
  %a = memref.alloc() : memref<4xf32>
  %v = "foo.region"(%a) ({
  }) : (memref<4xf32>) -> memref<4xf32>
}
