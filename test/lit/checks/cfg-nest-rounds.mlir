// RUN: %memlint lint %s
// RUN: sed '/memref.dealloc %base_buffer_20 /d' %s | not %memlint lint - | FileCheck %s --check-prefix=MUTANT
//
// Upstream's loop output (--buffer-deallocation-pipeline, then --inline
// --sccp --canonicalize --symbol-dce --convert-scf-to-cf: the deallocation
// helper inlined and every loop lowered to branches), reduced line by line.
// Its CFG loops nest four deep in one region, which the walker iterates in
// the same rounds: a change needs a round per level to travel through the
// nest, as in a nest of region ops, so the round cap grows with the CFG
// loops too. With the plain cap of 24 rounds the function was not checked
// ("its loops reached no fixpoint within the analysis's round limit"); now
// it is, it is clean, and deleting any of its frees is found (one shown).
// MUTANT: [leak]
module {
  func.func @main(%arg0: index, %arg1: i1, %arg2: f32, %arg3: memref<8xf32>, %arg4: memref<8xf32>) -> f32 {
    %c2 = arith.constant 2 : index
    %c1 = arith.constant 1 : index
    %c0 = arith.constant 0 : index
    %true = arith.constant true
    %false = arith.constant false
    %c3 = arith.constant 3 : index
    %c4 = arith.constant 4 : index
    %alloc = memref.alloc() : memref<8xf32>
    cf.br ^bb1(%c0, %arg4, %false : index, memref<8xf32>, i1)
  ^bb1(%0: index, %1: memref<8xf32>, %2: i1):  // 2 preds: ^bb0, ^bb56
    %4 = bufferization.clone %1 : memref<8xf32> to memref<8xf32>
    cf.br ^bb3(%c0 : index)
  ^bb3(%5: index):  // 2 preds: ^bb2, ^bb43
    %6 = arith.cmpi slt, %5, %arg0 : index
    cf.cond_br %6, ^bb4, ^bb44
  ^bb4:  // pred: ^bb3
    cf.br ^bb5(%c0, %alloc, %4, %false, %false : index, memref<8xf32>, memref<8xf32>, i1, i1)
  ^bb5(%7: index, %8: memref<8xf32>, %9: memref<8xf32>, %10: i1, %11: i1):  // 2 preds: ^bb4, ^bb32
    %12 = arith.cmpi slt, %7, %arg0 : index
    cf.cond_br %12, ^bb6, ^bb33
  ^bb6:  // pred: ^bb5
    %alloc_1 = memref.alloc() {alignment = 64 : i64} : memref<8xf32>
    %13 = arith.cmpi slt, %7, %c2 : index
    cf.cond_br %13, ^bb7, ^bb8
  ^bb7:  // pred: ^bb6
    %alloc_2 = memref.alloc() : memref<8xf32>
    cf.br ^bb9(%alloc_2 : memref<8xf32>)
  ^bb8:  // pred: ^bb6
    cf.br ^bb9(%9 : memref<8xf32>)
  ^bb9(%14: memref<8xf32>):  // 2 preds: ^bb7, ^bb8
    cf.br ^bb10
  ^bb10:  // pred: ^bb9
    %base_buffer, %offset, %sizes, %strides = memref.extract_strided_metadata %8 : memref<8xf32> -> memref<f32>, index, index, index
    %base_buffer_7, %offset_8, %sizes_9, %strides_10 = memref.extract_strided_metadata %14 : memref<8xf32> -> memref<f32>, index, index, index
    %alloc_11 = memref.alloc() : memref<4xindex>
    %alloc_12 = memref.alloc() : memref<4xi1>
    %alloc_13 = memref.alloc() : memref<2xindex>
    %alloc_18 = memref.alloc() : memref<4xi1>
    %alloc_19 = memref.alloc() : memref<2xi1>
    cf.br ^bb11(%c0 : index)
  ^bb11(%15: index):  // 2 preds: ^bb10, ^bb12
    %16 = arith.cmpi slt, %15, %c2 : index
    cf.cond_br %16, ^bb12, ^bb13
  ^bb12:  // pred: ^bb11
    %17 = arith.addi %15, %c1 : index
    cf.br ^bb11(%17 : index)
  ^bb13:  // pred: ^bb11
    cf.br ^bb14(%c0 : index)
  ^bb14(%18: index):  // 2 preds: ^bb13, ^bb23
    %19 = arith.cmpi slt, %18, %c4 : index
    cf.cond_br %19, ^bb15, ^bb24
  ^bb15:  // pred: ^bb14
    %20 = memref.load %alloc_11[%18] : memref<4xindex>
    cf.br ^bb16(%c0, %true : index, i1)
  ^bb16(%22: index, %23: i1):  // 2 preds: ^bb15, ^bb19
    %24 = arith.cmpi slt, %22, %c2 : index
    cf.cond_br %24, ^bb17, ^bb20
  ^bb17:  // pred: ^bb16
    %25 = memref.load %alloc_13[%22] : memref<2xindex>
    %26 = arith.cmpi eq, %25, %20 : index
    cf.cond_br %26, ^bb18, ^bb19
  ^bb18:  // pred: ^bb17
    cf.br ^bb19
  ^bb19:  // 2 preds: ^bb17, ^bb18
    %29 = arith.cmpi ne, %25, %20 : index
    %30 = arith.andi %23, %29 : i1
    %31 = arith.addi %22, %c1 : index
    cf.br ^bb16(%31, %30 : index, i1)
  ^bb20:  // pred: ^bb16
    cf.br ^bb21(%c0, %23 : index, i1)
  ^bb21(%32: index, %33: i1):  // 2 preds: ^bb20, ^bb22
    %34 = arith.cmpi slt, %32, %18 : index
    cf.cond_br %34, ^bb22, ^bb23
  ^bb22:  // pred: ^bb21
    %35 = memref.load %alloc_11[%32] : memref<4xindex>
    %36 = arith.cmpi ne, %35, %20 : index
    %37 = arith.andi %33, %36 : i1
    %38 = arith.addi %32, %c1 : index
    cf.br ^bb21(%38, %37 : index, i1)
  ^bb23:  // pred: ^bb21
    %40 = arith.addi %18, %c1 : index
    cf.br ^bb14(%40 : index)
  ^bb24:  // pred: ^bb14
    %41 = memref.load %alloc_18[%c0] : memref<4xi1>
    cf.cond_br %41, ^bb25, ^bb26
  ^bb25:  // pred: ^bb24
    memref.dealloc %base_buffer : memref<f32>
    cf.br ^bb26
  ^bb26:  // 2 preds: ^bb24, ^bb25
    %44 = memref.load %alloc_18[%c3] : memref<4xi1>
    cf.cond_br %44, ^bb31, ^bb32
  ^bb31:  // pred: ^bb30
    memref.dealloc %base_buffer_7 : memref<f32>
    cf.br ^bb32
  ^bb32:  // 2 preds: ^bb30, ^bb31
    %45 = memref.load %alloc_19[%c1] : memref<2xi1>
    memref.dealloc %alloc_11 : memref<4xindex>
    memref.dealloc %alloc_13 : memref<2xindex>
    memref.dealloc %alloc_12 : memref<4xi1>
    memref.dealloc %alloc_18 : memref<4xi1>
    memref.dealloc %alloc_19 : memref<2xi1>
    %46 = arith.addi %7, %c1 : index
    cf.br ^bb5(%46, %alloc_1, %14, %true, %45 : index, memref<8xf32>, memref<8xf32>, i1, i1)
  ^bb33:  // pred: ^bb5
    %base_buffer_20, %offset_21, %sizes_22, %strides_23 = memref.extract_strided_metadata %8 : memref<8xf32> -> memref<f32>, index, index, index
    %alloc_28 = memref.alloc() : memref<2xindex>
    %alloc_29 = memref.alloc() : memref<2xi1>
    %alloc_32 = memref.alloc() : memref<2xi1>
    cf.br ^bb34(%c0 : index)
  ^bb34(%47: index):  // 2 preds: ^bb33, ^bb38
    %48 = arith.cmpi slt, %47, %c2 : index
    cf.cond_br %48, ^bb35, ^bb39
  ^bb35:  // pred: ^bb34
    %49 = memref.load %alloc_28[%47] : memref<2xindex>
    cf.br ^bb36(%c0, %true : index, i1)
  ^bb36(%51: index, %52: i1):  // 2 preds: ^bb35, ^bb37
    %53 = arith.cmpi slt, %51, %47 : index
    cf.cond_br %53, ^bb37, ^bb38
  ^bb37:  // pred: ^bb36
    %54 = memref.load %alloc_28[%51] : memref<2xindex>
    %55 = arith.cmpi ne, %54, %49 : index
    %56 = arith.andi %52, %55 : i1
    %57 = arith.addi %51, %c1 : index
    cf.br ^bb36(%57, %56 : index, i1)
  ^bb38:  // pred: ^bb36
    %59 = arith.addi %47, %c1 : index
    cf.br ^bb34(%59 : index)
  ^bb39:  // pred: ^bb34
    %60 = memref.load %alloc_32[%c0] : memref<2xi1>
    cf.cond_br %60, ^bb40, ^bb41
  ^bb40:  // pred: ^bb39
    memref.dealloc %base_buffer_20 : memref<f32>
    cf.br ^bb41
  ^bb41:  // 2 preds: ^bb39, ^bb40
    %61 = memref.load %alloc_32[%c1] : memref<2xi1>
    cf.cond_br %61, ^bb42, ^bb43
  ^bb42:  // pred: ^bb41
    cf.br ^bb43
  ^bb43:  // 2 preds: ^bb41, ^bb42
    memref.dealloc %alloc_28 : memref<2xindex>
    memref.dealloc %alloc_29 : memref<2xi1>
    memref.dealloc %alloc_32 : memref<2xi1>
    %62 = arith.addi %5, %c1 : index
    cf.br ^bb3(%62 : index)
  ^bb44:  // pred: ^bb3
    %alloc_33 = memref.alloc() : memref<8xf32>
    %base_buffer_34, %offset_35, %sizes_36, %strides_37 = memref.extract_strided_metadata %1 : memref<8xf32> -> memref<f32>, index, index, index
    %base_buffer_38, %offset_39, %sizes_40, %strides_41 = memref.extract_strided_metadata %4 : memref<8xf32> -> memref<f32>, index, index, index
    %alloc_42 = memref.alloc() : memref<2xindex>
    %alloc_43 = memref.alloc() : memref<2xi1>
    %alloc_44 = memref.alloc() : memref<1xindex>
    %alloc_48 = memref.alloc() : memref<2xi1>
    %alloc_49 = memref.alloc() : memref<1xi1>
    cf.br ^bb45(%c0 : index)
  ^bb45(%63: index):  // 2 preds: ^bb44, ^bb51
    %64 = arith.cmpi slt, %63, %c2 : index
    cf.cond_br %64, ^bb46, ^bb52
  ^bb46:  // pred: ^bb45
    %65 = memref.load %alloc_42[%63] : memref<2xindex>
    %67 = memref.load %alloc_44[%c0] : memref<1xindex>
    cf.br ^bb48
  ^bb48:  // 2 preds: ^bb46, ^bb47
    %71 = arith.cmpi ne, %67, %65 : index
    cf.br ^bb49(%c0, %71 : index, i1)
  ^bb49(%72: index, %73: i1):  // 2 preds: ^bb48, ^bb50
    %74 = arith.cmpi slt, %72, %63 : index
    cf.cond_br %74, ^bb50, ^bb51
  ^bb50:  // pred: ^bb49
    %75 = memref.load %alloc_42[%72] : memref<2xindex>
    %76 = arith.cmpi ne, %75, %65 : index
    %77 = arith.andi %73, %76 : i1
    %78 = arith.addi %72, %c1 : index
    cf.br ^bb49(%78, %77 : index, i1)
  ^bb51:  // pred: ^bb49
    %80 = arith.addi %63, %c1 : index
    cf.br ^bb45(%80 : index)
  ^bb52:  // pred: ^bb45
    %81 = memref.load %alloc_48[%c0] : memref<2xi1>
    cf.cond_br %81, ^bb53, ^bb54
  ^bb53:  // pred: ^bb52
    memref.dealloc %base_buffer_34 : memref<f32>
    cf.br ^bb54
  ^bb54:  // 2 preds: ^bb52, ^bb53
    %82 = memref.load %alloc_48[%c1] : memref<2xi1>
    cf.cond_br %82, ^bb55, ^bb56
  ^bb55:  // pred: ^bb54
    memref.dealloc %base_buffer_38 : memref<f32>
    cf.br ^bb56
  ^bb56:  // 2 preds: ^bb54, ^bb55
    memref.dealloc %alloc_42 : memref<2xindex>
    memref.dealloc %alloc_44 : memref<1xindex>
    memref.dealloc %alloc_43 : memref<2xi1>
    memref.dealloc %alloc_48 : memref<2xi1>
    memref.dealloc %alloc_49 : memref<1xi1>
    %83 = arith.addi %0, %c1 : index
    cf.br ^bb1(%83, %alloc_33, %true : index, memref<8xf32>, i1)
  ^bb57:  // pred: ^bb1
    %84 = memref.load %arg4[%c0] : memref<8xf32>
    cf.br ^bb59
  ^bb59:  // 2 preds: ^bb57, ^bb58
    return %84 : f32
  }
}