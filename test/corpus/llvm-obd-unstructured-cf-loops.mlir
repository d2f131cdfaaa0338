// Origin: llvm/llvm-project, mlir/test/Dialect/Bufferization/Transforms/
//   OwnershipBasedBufferDeallocation/dealloc-unstructured-cf-loops.mlir
//   (commit 5563e5414b068e3aaa0654554f446193b2efc339), inputs only.
// License: Apache-2.0 WITH LLVM-exception (LLVM Project).
// Trimmed: RUN/CHECK lines dropped; test.copy rewritten into generic form.
// Pass inputs: the pass under test inserts the frees.

func.func private @infinite_loop(%arg0: memref<2xi32>) -> memref<2xi32> {
  cf.br ^body(%arg0 : memref<2xi32>)
^body(%arg1: memref<2xi32>):
  %alloc = memref.alloc() : memref<2xi32>
  cf.br ^body(%alloc : memref<2xi32>)
}

func.func private @simple_for_loop(
    %arg0: index, %arg1: index, %arg2: index,
    %arg3: memref<2xf32>, %arg4: memref<2xf32>
  ) {
  %alloc = memref.alloc() : memref<2xf32>
  "test.memref_user"(%alloc) : (memref<2xf32>) -> ()
  cf.br ^check(%arg0, %arg3 : index, memref<2xf32>)
^check(%0: index, %1: memref<2xf32>):  // 2 preds: ^bb0, ^body
  %2 = arith.cmpi slt, %0, %arg1 : index
  cf.cond_br %2, ^body, ^exit
^body:  // pred: ^check
  %3 = arith.cmpi eq, %0, %arg1 : index
  %alloc_0 = memref.alloc() : memref<2xf32>
  %4 = arith.addi %0, %arg2 : index
  cf.br ^check(%4, %alloc_0 : index, memref<2xf32>)
^exit:  // pred: ^check
  "test.copy"(%1, %arg4) : (memref<2xf32>, memref<2xf32>) -> ()
  return
}

func.func private @loop_nested_if_no_alloc(%arg0: index, %arg1: index, %arg2: index, %arg3: memref<2xf32>, %arg4: memref<2xf32>) {
  %alloc = memref.alloc() : memref<2xf32>
  cf.br ^loop_check(%arg0, %arg3 : index, memref<2xf32>)
^loop_check(%0: index, %1: memref<2xf32>):  // 2 preds: ^bb0, ^body
  %2 = arith.cmpi slt, %0, %arg1 : index
  cf.cond_br %2, ^if_check, ^exit
^if_check:  // pred: ^loop_check
  %3 = arith.cmpi eq, %0, %arg1 : index
  cf.cond_br %3, ^then, ^else
^then:  // pred: ^if_check
  cf.br ^join(%alloc : memref<2xf32>)
^else:  // pred: ^if_check
  cf.br ^join(%1 : memref<2xf32>)
^join(%4: memref<2xf32>):  // 2 preds: ^then, ^else
  cf.br ^body
^body:  // pred: ^join
  %5 = arith.addi %0, %arg2 : index
  cf.br ^loop_check(%5, %4 : index, memref<2xf32>)
^exit:  // pred: ^loop_check
  "test.copy"(%1, %arg4) : (memref<2xf32>, memref<2xf32>) -> ()
  return
}

func.func private @loop_nested_if_alloc(%arg0: index, %arg1: index, %arg2: index, %arg3: memref<2xf32>) -> memref<2xf32> {
  %alloc = memref.alloc() : memref<2xf32>
  cf.br ^loop_check(%arg0, %arg3 : index, memref<2xf32>)
^loop_check(%0: index, %1: memref<2xf32>):  // 2 preds: ^bb0, ^body
  %2 = arith.cmpi slt, %0, %arg1 : index
  cf.cond_br %2, ^if_check, ^exit
^if_check:  // pred: ^loop_check
  %3 = arith.cmpi eq, %0, %arg1 : index
  cf.cond_br %3, ^then, ^else
^then:  // pred: ^if_check
  %alloc_0 = memref.alloc() : memref<2xf32>
  cf.br ^join(%alloc_0 : memref<2xf32>)
^else:  // pred: ^if_check
  cf.br ^join(%alloc : memref<2xf32>)
^join(%4: memref<2xf32>):  // 2 preds: ^then, ^else
  cf.br ^body
^body:  // pred: ^join
  %5 = arith.addi %0, %arg2 : index
  cf.br ^loop_check(%5, %4 : index, memref<2xf32>)
^exit:  // pred: ^loop_check
  return %1 : memref<2xf32>
}

func.func private @nested_loop_with_alloc(%arg0: index, %arg1: index, %arg2: index, %arg3: memref<2xf32>, %arg4: memref<2xf32>) {
  %alloc = memref.alloc() : memref<2xf32>
  "test.memref_user"(%alloc) : (memref<2xf32>) -> ()
  cf.br ^outer_loop_check(%arg0, %arg3 : index, memref<2xf32>)
^outer_loop_check(%0: index, %1: memref<2xf32>):  // 2 preds: ^bb0, ^outer_body
  %2 = arith.cmpi slt, %0, %arg1 : index
  cf.cond_br %2, ^outer_body_entry, ^exit
^outer_body_entry:  // pred: ^outer_loop_check
  cf.br ^middle_loop_check(%arg0, %1 : index, memref<2xf32>)
^middle_loop_check(%3: index, %4: memref<2xf32>):  // 2 preds: ^outer_body_entry, ^middle_body
  %5 = arith.cmpi slt, %3, %arg1 : index
  cf.cond_br %5, ^middle_body_entry, ^outer_body
^middle_body_entry:  // pred: ^middle_loop_check
  cf.br ^inner_loop_check(%arg0, %4 : index, memref<2xf32>)
^inner_loop_check(%6: index, %7: memref<2xf32>):  // 2 preds: ^middle_body_entry, ^inner_body
  %8 = arith.cmpi slt, %6, %arg1 : index
  cf.cond_br %8, ^if_check, ^middle_body
^if_check:  // pred: ^inner_loop_check
  %alloc_0 = memref.alloc() : memref<2xf32>
  "test.memref_user"(%alloc_0) : (memref<2xf32>) -> ()
  %9 = arith.cmpi eq, %0, %arg1 : index
  cf.cond_br %9, ^then, ^else
^then:  // pred: ^if_check
  %alloc_1 = memref.alloc() : memref<2xf32>
  cf.br ^join(%alloc_1 : memref<2xf32>)
^else:  // pred: ^if_check
  cf.br ^join(%7 : memref<2xf32>)
^join(%10: memref<2xf32>):  // 2 preds: ^then, ^else
  cf.br ^inner_body
^inner_body:  // pred: ^join
  %11 = arith.addi %6, %arg2 : index
  cf.br ^inner_loop_check(%11, %10 : index, memref<2xf32>)
^middle_body:  // pred: ^inner_loop_check
  %12 = arith.addi %3, %arg2 : index
  cf.br ^middle_loop_check(%12, %7 : index, memref<2xf32>)
^outer_body:  // pred: ^middle_loop_check
  %13 = arith.addi %0, %arg2 : index
  cf.br ^outer_loop_check(%13, %4 : index, memref<2xf32>)
^exit:  // pred: ^outer_loop_check
  "test.copy"(%1, %arg4) : (memref<2xf32>, memref<2xf32>) -> ()
  return
}
