// Origin: Xilinx/mlir-air mlir/test/Conversion/AIRToAIE/air_herd_to_aie_buf_names.mlir
// License: MIT (mlir-air; "(c) Copyright 2021 Xilinx Inc.", repository LICENSE MIT).
// Changed: RUN/CHECK dropped; air.herd / air.herd_terminator written in generic form (region kept, operands kept).
func.func @launch(%arg0: i32) {
  %cst2 = arith.constant 3 : index
  "air.herd"(%cst2, %cst2) ({
  ^bb0(%x: index, %y: index, %sx: index, %sy: index):
    %buf0 = memref.alloc() {sym_name = "scratch"} : memref<10xindex,2>
    %buf1 = memref.alloc() : memref<10xindex,2>
    memref.dealloc %buf0 : memref<10xindex,2>
    memref.dealloc %buf1 : memref<10xindex,2>
    "air.herd_terminator"() : () -> ()
  }) : (index, index) -> ()
  return
}
