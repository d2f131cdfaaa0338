// Origin: buddy-compiler/buddy-mlir examples/BuddyMatmul/amx-bf16-matmul.mlir (commit 0a01a7d5)
// License: Apache-2.0 (buddy-mlir).
// Changed: RUN/CHECK lines and comments dropped; @init_matrix_B and @pack_B_to_VNNI kept; the AMX kernel body
// replaced by a body-less declaration (its amx ops are not needed by memlint; signature unchanged).
module {
  func.func private @rtclock() -> f64
  func.func private @printMemrefF32(memref<*xf32>)
  func.func private @printMemrefBF16(memref<*xbf16>)
  func.func @init_matrix_A(%A: memref<?x?xbf16>, %M: index, %K: index) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c9 = arith.constant 9 : index
    scf.for %i = %c0 to %M step %c1 {
      scf.for %j = %c0 to %K step %c1 {
        %i_times_K = arith.muli %i, %K : index
        %linear_idx = arith.addi %i_times_K, %j : index
        %mod_val = arith.remui %linear_idx, %c9 : index
        %cyclic_val = arith.addi %mod_val, %c1 : index
        %idx_i32 = arith.index_cast %cyclic_val : index to i32
        %val_f32 = arith.sitofp %idx_i32 : i32 to f32
        %val_bf16 = arith.truncf %val_f32 : f32 to bf16
        memref.store %val_bf16, %A[%i, %j] : memref<?x?xbf16>
      }
    }
    return
  }
  func.func @init_matrix_B(%B: memref<?x?xbf16>, %K: index, %N: index) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c9 = arith.constant 9 : index
    scf.for %k = %c0 to %K step %c1 {
      scf.for %n = %c0 to %N step %c1 {
        %k_times_N = arith.muli %k, %N : index
        %linear_idx = arith.addi %k_times_N, %n : index
        %mod_val = arith.remui %linear_idx, %c9 : index
        %cyclic_val = arith.addi %mod_val, %c1 : index
        %idx_i32 = arith.index_cast %cyclic_val : index to i32
        %val_f32 = arith.sitofp %idx_i32 : i32 to f32
        %val_bf16 = arith.truncf %val_f32 : f32 to bf16
        memref.store %val_bf16, %B[%k, %n] : memref<?x?xbf16>
      }
    }
    return
  }
  func.func @pack_B_to_VNNI(%B: memref<?x?xbf16>, %B_packed: memref<?x?xbf16>, %K: index, %N: index) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %K_div_2 = arith.divui %K, %c2 : index
    scf.for %row_pair = %c0 to %K_div_2 step %c1 {
      %k0 = arith.muli %row_pair, %c2 : index
      %k1 = arith.addi %k0, %c1 : index
      scf.for %n = %c0 to %N step %c1 {
        %val0 = memref.load %B[%k0, %n] : memref<?x?xbf16>
        %val1 = memref.load %B[%k1, %n] : memref<?x?xbf16>
        %col0 = arith.muli %n, %c2 : index
        %col1 = arith.addi %col0, %c1 : index
        memref.store %val0, %B_packed[%row_pair, %col0] : memref<?x?xbf16>
        memref.store %val1, %B_packed[%row_pair, %col1] : memref<?x?xbf16>
      }
    }
    return
  }
  func.func private @amx_bf16_matmul(%A: memref<?x?xbf16>, %B_packed: memref<?x?xbf16>, %C: memref<?x?xf32>, %M: index, %N: index, %K: index)
  func.func @amx_main() {
    %c0    = arith.constant 0 : index
    %c256  = arith.constant 256 : index
    %c512  = arith.constant 512 : index
    %c1024 = arith.constant 1024 : index
    %A = memref.alloc(%c512, %c512) : memref<?x?xbf16>
    %B = memref.alloc(%c512, %c512) : memref<?x?xbf16>
    %B_packed = memref.alloc(%c256, %c1024) : memref<?x?xbf16>
    %C = memref.alloc(%c512, %c512) : memref<?x?xf32>
    call @init_matrix_A(%A, %c512, %c512) : (memref<?x?xbf16>, index, index) -> ()
    call @init_matrix_B(%B, %c512, %c512) : (memref<?x?xbf16>, index, index) -> ()
    call @pack_B_to_VNNI(%B, %B_packed, %c512, %c512) : (memref<?x?xbf16>, memref<?x?xbf16>, index, index) -> ()
    %zero_f32 = arith.constant 0.0 : f32
    linalg.fill ins(%zero_f32 : f32) outs(%C : memref<?x?xf32>)
    %t_start = call @rtclock() : () -> f64
    call @amx_bf16_matmul(%A, %B_packed, %C, %c512, %c512, %c512) : (memref<?x?xbf16>, memref<?x?xbf16>, memref<?x?xf32>, index, index, index) -> ()
    %t_end = call @rtclock() : () -> f64
    %computation_time = arith.subf %t_end, %t_start : f64
    %Cu = memref.cast %C : memref<?x?xf32> to memref<*xf32>
    call @printMemrefF32(%Cu) : (memref<*xf32>) -> ()
    vector.print %computation_time : f64
    memref.dealloc %C : memref<?x?xf32>
    memref.dealloc %B_packed : memref<?x?xbf16>
    memref.dealloc %B : memref<?x?xbf16>
    memref.dealloc %A : memref<?x?xbf16>
    return
  }
}
