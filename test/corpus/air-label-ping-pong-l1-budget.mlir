// Origin: Xilinx/mlir-air mlir/test/Transform/AIRDependencyScheduleOpt/label_ping_pong_l1_budget.mlir (commit f66a370a)
// License: MIT (SPDX-License-Identifier: MIT in the file header).
// Changed: RUN/CHECK dropped; every air op (air.channel, air.launch, air.segment, air.herd, air.execute,
// air.execute_terminator, air.wait_all, air.channel.get) written in generic form with its operands, regions and
// block arguments kept; the terminators of air.launch/segment/herd that the custom syntax implies are written out.
module {
  "air.channel"() {sym_name = "load_chan", size = [1]} : () -> ()
  func.func @over_budget_declines(%arg0: memref<256x1024xbf16>) {
    %c1 = arith.constant 1 : index
    %0 = "air.launch"(%c1) ({
    ^bb0(%arg4: index, %arg6: index):
      %1 = "air.segment"() ({
        %c4 = arith.constant 4 : index
        %2 = "air.herd"(%c4, %c4) ({
        ^bb1(%arg21: index, %arg22: index, %arg23: index, %arg24: index):
          %c0 = arith.constant 0 : index
          %c64 = arith.constant 64 : index
          %c512 = arith.constant 512 : index
          %async_token_0 = "air.wait_all"() : () -> !air.async.token
          %3 = scf.for %arg10 = %c0 to %c512 step %c64 iter_args(%arg11 = %async_token_0) -> (!air.async.token) {
            %async_token_a, %results_a = "air.execute"(%arg11) ({
              %alloc_a = memref.alloc() : memref<160x128xbf16, 2>
              "air.execute_terminator"(%alloc_a) : (memref<160x128xbf16, 2>) -> ()
            }) : (!air.async.token) -> (!air.async.token, memref<160x128xbf16, 2>)
            %fill = "air.channel.get"(%async_token_a, %results_a) {chan_name = @load_chan} : (!air.async.token, memref<160x128xbf16, 2>) -> !air.async.token
            %async_token_d = "air.execute"(%fill) ({
              memref.dealloc %results_a : memref<160x128xbf16, 2>
              "air.execute_terminator"() : () -> ()
            }) : (!air.async.token) -> !air.async.token
            scf.yield %async_token_d : !air.async.token
          }
          "air.herd_terminator"() : () -> ()
        }) {sym_name = "herd_0"} : (index, index) -> !air.async.token
        "air.segment_terminator"() : () -> ()
      }) : () -> !air.async.token
      "air.launch_terminator"() : () -> ()
    }) {id = 1 : i32} : (index) -> !air.async.token
    return
  }
  func.func @cotenant_pushes_over(%arg0: memref<256x1024xbf16>) {
    %c1 = arith.constant 1 : index
    %0 = "air.launch"(%c1) ({
    ^bb0(%arg4: index, %arg6: index):
      %1 = "air.segment"() ({
        %c4 = arith.constant 4 : index
        %2 = "air.herd"(%c4, %c4) ({
        ^bb1(%arg21: index, %arg22: index, %arg23: index, %arg24: index):
          %c0 = arith.constant 0 : index
          %c64 = arith.constant 64 : index
          %c512 = arith.constant 512 : index
          %async_token_r, %results_r = "air.execute"() ({
            %alloc_r = memref.alloc() : memref<96x128xbf16, 2>
            "air.execute_terminator"(%alloc_r) : (memref<96x128xbf16, 2>) -> ()
          }) : () -> (!air.async.token, memref<96x128xbf16, 2>)
          %3 = scf.for %arg10 = %c0 to %c512 step %c64 iter_args(%arg11 = %async_token_r) -> (!air.async.token) {
            %async_token_a, %results_a = "air.execute"(%arg11) ({
              %alloc_a = memref.alloc() : memref<96x128xbf16, 2>
              "air.execute_terminator"(%alloc_a) : (memref<96x128xbf16, 2>) -> ()
            }) : (!air.async.token) -> (!air.async.token, memref<96x128xbf16, 2>)
            %fill = "air.channel.get"(%async_token_a, %results_a) {chan_name = @load_chan} : (!air.async.token, memref<96x128xbf16, 2>) -> !air.async.token
            %async_token_d = "air.execute"(%fill) ({
              memref.dealloc %results_a : memref<96x128xbf16, 2>
              "air.execute_terminator"() : () -> ()
            }) : (!air.async.token) -> !air.async.token
            scf.yield %async_token_d : !air.async.token
          }
          %async_token_rd = "air.execute"(%3) ({
            memref.dealloc %results_r : memref<96x128xbf16, 2>
            "air.execute_terminator"() : () -> ()
          }) : (!air.async.token) -> !air.async.token
          "air.herd_terminator"() : () -> ()
        }) {sym_name = "herd_2"} : (index, index) -> !air.async.token
        "air.segment_terminator"() : () -> ()
      }) : () -> !air.async.token
      "air.launch_terminator"() : () -> ()
    }) {id = 3 : i32} : (index) -> !air.async.token
    return
  }
}
