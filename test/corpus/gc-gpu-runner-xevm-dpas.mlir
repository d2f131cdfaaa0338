// Origin: intel/graph-compiler test/mlir/test/gc/gpu-runner/XeVM/xevm_dpas.mlir (commit d5e6a56e)
// License: Apache-2.0 WITH LLVM-exception (intel/graph-compiler, per its source headers).
// Changed: RUN/CHECK lines and comments dropped; xevm.blockload2d / xevm.blockstore2d written in generic form under the unregistered name xevm_ext.* (MLIR 22 xevm verifier wants other attributes)
// (operands kept, cache-control attributes dropped); vector.insertelement (removed in MLIR 22) written as vector.insert.
module @gemm attributes {gpu.container_module} {
  func.func @test(%src : memref<8x16xf32>) -> memref<8x16xf32> attributes {llvm.emit_c_interface} {
    %c1 = arith.constant 1 : index
    %c16 = arith.constant 16 : index
    %memref_src = gpu.alloc host_shared () : memref<8x16xf32>
    memref.copy %src, %memref_src : memref<8x16xf32> to memref<8x16xf32>
    %src_ptr_as_idx = memref.extract_aligned_pointer_as_index %memref_src : memref<8x16xf32> -> index
    %src_ptr_as_i64 = arith.index_cast %src_ptr_as_idx : index to i64
    %src_ptr = llvm.inttoptr %src_ptr_as_i64 : i64 to !llvm.ptr
    %src_ptr_casted = llvm.addrspacecast %src_ptr : !llvm.ptr to !llvm.ptr<1>
    %memref_dst = gpu.alloc host_shared () : memref<8x16xf32>
    %dst_ptr_as_idx = memref.extract_aligned_pointer_as_index %memref_dst : memref<8x16xf32> -> index
    %dst_ptr_as_i64 = arith.index_cast %dst_ptr_as_idx : index to i64
    %dst_ptr = llvm.inttoptr %dst_ptr_as_i64 : i64 to !llvm.ptr
    %dst_ptr_casted = llvm.addrspacecast %dst_ptr : !llvm.ptr to !llvm.ptr<1>
    gpu.launch blocks(%arg10, %arg11, %arg12) in (%arg16 = %c1, %arg17 = %c1, %arg18 = %c1) threads(%arg13, %arg14, %arg15) in (%arg19 = %c16, %arg20 = %c1, %arg21 = %c1) {
      %base_width = arith.constant 64 : i32
      %base_height = arith.constant 8 : i32
      %base_pitch = arith.constant 64 : i32
      %x = arith.constant 0 : i32
      %y = arith.constant 0 : i32
      %loaded = "xevm_ext.blockload2d"(%src_ptr_casted, %base_width, %base_height, %base_pitch, %x, %y) {elem_size_in_bits=32, tile_width=16, tile_height=8, v_blocks=1, transpose=false, vnni_transform=false} : (!llvm.ptr<1>, i32, i32, i32, i32, i32) -> vector<8xi32>
      %loaded_f32 = vector.bitcast %loaded : vector<8xi32> to vector<8xf32>
      %thread_x = gpu.thread_id x
      %thread_x_i32 = arith.index_cast %thread_x : index to i32
      %thread_x_f32 = arith.sitofp %thread_x_i32 : i32 to f32
      %loaded_f32_modified = vector.insert %thread_x_f32, %loaded_f32[0] : f32 into vector<8xf32>
      %loaded_modified = vector.bitcast %loaded_f32_modified : vector<8xf32> to vector<8xi32>
      "xevm_ext.blockstore2d"(%dst_ptr_casted, %base_width, %base_height, %base_pitch, %x, %y, %loaded_modified) {elem_size_in_bits=32, tile_width=16, tile_height=8, v_blocks=1} : (!llvm.ptr<1>, i32, i32, i32, i32, i32, vector<8xi32>) -> ()
      gpu.terminator
    }
    return %memref_dst : memref<8x16xf32>
  }
  func.func @main() attributes {llvm.emit_c_interface} {
    %A = memref.alloc() : memref<8x16xf32>
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c8 = arith.constant 8 : index
    %c16 = arith.constant 16 : index
    %c11_f32 = arith.constant 11.11 : f32
    scf.for %i = %c0 to %c8 step %c1 {
      scf.for %j = %c0 to %c16 step %c1 {
        memref.store %c11_f32, %A[%i, %j] : memref<8x16xf32>
      }
    }
    %B = call @test(%A) : (memref<8x16xf32>) -> memref<8x16xf32>
    %B_cast = memref.cast %B : memref<8x16xf32> to memref<*xf32>
    %A_cast = memref.cast %A : memref<8x16xf32> to memref<*xf32>
    call @printMemrefF32(%A_cast) : (memref<*xf32>) -> ()
    call @printMemrefF32(%B_cast) : (memref<*xf32>) -> ()
    memref.dealloc %A : memref<8x16xf32>
    return
  }
  func.func private @printMemrefF32(%ptr : memref<*xf32>)
}
