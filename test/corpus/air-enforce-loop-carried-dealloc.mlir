// Origin: Xilinx/mlir-air mlir/test/Transform/AIRDependencyScheduleOpt/enforce_loop_carried_dealloc.mlir (commit 47e0a84f)
// License: MIT (SPDX-License-Identifier: MIT in the file header).
// Changed: RUN/CHECK dropped; air ops (launch, segment, herd, execute, execute_terminator, wait_all and the
// implied terminators) in generic form, operands, regions and block arguments kept.
func.func @test1() {
  %c1 = arith.constant 1 : index
  %0 = "air.launch"(%c1, %c1) ({
  ^bb0(%arg4: index, %arg5: index, %arg6: index, %arg7: index):
    %1 = "air.segment"(%arg4, %arg5, %arg6, %arg7) ({
    ^bb1(%arg10: index, %arg11: index, %arg12: index, %arg13: index):
      %c1_0 = arith.constant 1 : index
      %c0 = arith.constant 0 : index
      %c512 = arith.constant 512 : index
      %c64 = arith.constant 64 : index
      %async_token, %results = "air.execute"() ({
        %alloc = memref.alloc() : memref<32x32xbf16, 1>
        "air.execute_terminator"(%alloc) : (memref<32x32xbf16, 1>) -> ()
      }) : () -> (!air.async.token, memref<32x32xbf16, 1>)
      %3 = "air.herd"(%async_token, %c1_0, %c1_0) ({
      ^bb2(%arg16: index, %arg17: index, %arg18: index, %arg19: index):
        %c128 = arith.constant 128 : index
        %c0_2 = arith.constant 0 : index
        %c512_3 = arith.constant 512 : index
        %5 = "air.wait_all"() : () -> !air.async.token
        %6 = scf.for %arg14 = %c0_2 to %c512_3 step %c128 iter_args(%arg15 = %5) -> (!air.async.token) {
          %async_token_4, %results_5 = "air.execute"(%arg15) ({
            %alloc = memref.alloc() : memref<32x32xbf16, 2>
            "air.execute_terminator"(%alloc) : (memref<32x32xbf16, 2>) -> ()
          }) : (!air.async.token) -> (!air.async.token, memref<32x32xbf16, 2>)
          %async_token_6, %results_7 = "air.execute"(%async_token_4) ({
            %alloc = memref.alloc() : memref<32x32xbf16, 2>
            "air.execute_terminator"(%alloc) : (memref<32x32xbf16, 2>) -> ()
          }) : (!air.async.token) -> (!air.async.token, memref<32x32xbf16, 2>)
          %async_token_7, %results_9 = "air.execute"(%async_token_6) ({
            %alloc = memref.alloc() : memref<32x32xbf16, 2>
            "air.execute_terminator"(%alloc) : (memref<32x32xbf16, 2>) -> ()
          }) : (!air.async.token) -> (!air.async.token, memref<32x32xbf16, 2>)
          %async_token_8 = "air.execute"(%async_token_7) ({
            memref.dealloc %results_7 : memref<32x32xbf16, 2>
            "air.execute_terminator"() : () -> ()
          }) : (!air.async.token) -> !air.async.token
          %async_token_9 = "air.execute"(%async_token_7) ({
            memref.dealloc %results_5 : memref<32x32xbf16, 2>
            "air.execute_terminator"() : () -> ()
          }) : (!air.async.token) -> !air.async.token
          %async_token_10 = "air.execute"(%async_token_8) ({
            memref.dealloc %results_9 : memref<32x32xbf16, 2>
            "air.execute_terminator"() : () -> ()
          }) : (!air.async.token) -> !air.async.token
          scf.yield %async_token_10 : !air.async.token
        }
        "air.herd_terminator"() : () -> ()
      }) {sym_name = "herd_0"} : (!air.async.token, index, index) -> !air.async.token
      %async_token_1 = "air.execute"(%3) ({
        memref.dealloc %results : memref<32x32xbf16, 1>
        "air.execute_terminator"() : () -> ()
      }) : (!air.async.token) -> !air.async.token
      "air.segment_terminator"() : () -> ()
    }) : (index, index, index, index) -> !air.async.token
    "air.launch_terminator"() : () -> ()
  }) : (index, index) -> !air.async.token
  return
}
