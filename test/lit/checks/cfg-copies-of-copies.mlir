// Reduced from upstream's output for a tensor program (helper-40's g018:
// -ownership-based-buffer-deallocation, -buffer-deallocation-pipeline,
// then --inline --sccp --canonicalize --symbol-dce --convert-scf-to-cf
// --canonicalize). The inlined dealloc helpers make a five-deep nest of
// loops written as branches; an atom an inner loop renames is renamed again
// at an outer back edge, and that copy of a copy was once given the BDD
// level of another copy of the same atom. The two were then taken for one
// variable, and %alloc_32, freed in the next iteration under a flag the
// inlined helper loads from memory (so, by the ownership model, not a
// leak), was reported as leaking at the inner back edge.
// RUN: %memlint lint --verify-diagnostics %s


  func.func @f(%arg0: memref<?xf32>, %arg1: memref<?xf32>, %arg2: index, %arg3: index, %arg4: index, %arg5: i1, %arg6: i1, %arg7: f32, %arg8: f32) -> (memref<?xf32>, f32) {
    %c2 = arith.constant 2 : index
    %c1 = arith.constant 1 : index
    %c0 = arith.constant 0 : index
    %true = arith.constant true
    %false = arith.constant false
    %dim = memref.dim %arg1, %c0 : memref<?xf32>
    %dim_0 = memref.dim %arg0, %c0 : memref<?xf32>
    %alloc_1 = memref.alloc(%dim_0) {alignment = 64 : i64} : memref<?xf32>
    cf.br ^bb1(%c0, %alloc_1, %false : index, memref<?xf32>, i1)
  ^bb1(%0: index, %1: memref<?xf32>, %2: i1):
    %3 = arith.cmpi slt, %0, %arg3 : index
    cf.cond_br %3, ^bb2, ^bb18
  ^bb2:
    %alloc_2 = memref.alloc(%dim) {alignment = 64 : i64} : memref<?xf32>
    cf.br ^bb3(%alloc_2, %1, %false : memref<?xf32>, memref<?xf32>, i1)
  ^bb3(%4: memref<?xf32>, %5: memref<?xf32>, %6: i1):
    %7 = memref.load %4[%c0] : memref<?xf32>
    %8 = arith.cmpf olt, %7, %arg8 : f32
    %dim_3 = memref.dim %5, %c0 : memref<?xf32>
    %alloc_4 = memref.alloc(%dim_3) {alignment = 64 : i64} : memref<?xf32>
    %dim_5 = memref.dim %4, %c0 : memref<?xf32>
    %alloc_6 = memref.alloc(%dim_5) {alignment = 64 : i64} : memref<?xf32>
    %base_buffer_7, %offset_8, %sizes_9, %strides_10 = memref.extract_strided_metadata %5 : memref<?xf32> -> memref<f32>, index, index, index
    memref.dealloc %alloc_6 : memref<?xf32>
    %alloc_11 = memref.alloc() : memref<2xindex>
    %alloc_12 = memref.alloc() : memref<2xi1>
    %alloc_14 = memref.alloc() : memref<2xi1>
    cf.br ^bb4(%c0 : index)
  ^bb4(%9: index):
    cf.br ^bb9
  ^bb5:
    %11 = memref.load %alloc_11[%9] : memref<2xindex>
    cf.br ^bb6(%c0, %true : index, i1)
  ^bb6(%13: index, %14: i1):
    %16 = memref.load %alloc_11[%13] : memref<2xindex>
    %17 = arith.cmpi ne, %16, %11 : index
    %18 = arith.andi %14, %17 : i1
    %19 = arith.addi %13, %c1 : index
    cf.br ^bb6(%19, %18 : index, i1)
  ^bb9:
    %23 = memref.load %alloc_14[%c1] : memref<2xi1>
    cf.cond_br %23, ^bb12, ^bb13
  ^bb12:
    memref.dealloc %base_buffer_7 : memref<f32>
    cf.br ^bb13
  ^bb13:
    memref.dealloc %alloc_11 : memref<2xindex>
    memref.dealloc %alloc_12 : memref<2xi1>
    memref.dealloc %alloc_14 : memref<2xi1>
    cf.cond_br %8, ^bb14(%alloc_4 : memref<?xf32>), ^bb15
  ^bb14(%24: memref<?xf32>):
    cf.br ^bb3(%24, %24, %true : memref<?xf32>, memref<?xf32>, i1)
  ^bb15:
    memref.dealloc %alloc_2 : memref<?xf32>
    %29 = arith.addi %0, %c1 : index
    cf.br ^bb1(%29, %alloc_4, %true : index, memref<?xf32>, i1)
  ^bb18:
    %alloc_21 = memref.alloc(%dim) {alignment = 64 : i64} : memref<?xf32>
    %dim_22 = memref.dim %1, %c0 : memref<?xf32>
    %alloc_23 = memref.alloc(%dim_22) {alignment = 64 : i64} : memref<?xf32>
    cf.br ^bb19(%c0, %alloc_21, %alloc_23, %false : index, memref<?xf32>, memref<?xf32>, i1)
  ^bb19(%30: index, %31: memref<?xf32>, %32: memref<?xf32>, %33: i1):
    %alloc_24 = memref.alloc(%dim_0) {alignment = 64 : i64} : memref<?xf32>
    cf.br ^bb21(%c0, %alloc_24, %false : index, memref<?xf32>, i1)
  ^bb21(%35: index, %36: memref<?xf32>, %37: i1):
    %38 = arith.cmpi slt, %35, %arg3 : index
    cf.cond_br %38, ^bb22, ^bb45
  ^bb22:
    cf.br ^bb26(%36 : memref<?xf32>)
  ^bb26(%42: memref<?xf32>):
    cf.br ^bb28(%42 : memref<?xf32>)
  ^bb28(%43: memref<?xf32>):
    %dim_29 = memref.dim %31, %c0 : memref<?xf32>
    %alloc_30 = memref.alloc(%dim_29) {alignment = 64 : i64} : memref<?xf32>
    memref.dealloc %alloc_30 : memref<?xf32>
    cf.br ^bb32
  ^bb32:
    %dim_31 = memref.dim %43, %c0 : memref<?xf32>
    %alloc_32 = memref.alloc(%dim_31) {alignment = 64 : i64} : memref<?xf32>
    %base_buffer_33, %offset_34, %sizes_35, %strides_36 = memref.extract_strided_metadata %36 : memref<?xf32> -> memref<f32>, index, index, index
    %alloc_41 = memref.alloc() : memref<2xindex>
    %alloc_42 = memref.alloc() : memref<2xi1>
    %alloc_43 = memref.alloc() : memref<1xindex>
    %alloc_47 = memref.alloc() : memref<2xi1>
    %alloc_48 = memref.alloc() : memref<1xi1>
    cf.br ^bb33(%c0 : index)
  ^bb33(%45: index):
    %46 = arith.cmpi slt, %45, %c2 : index
    cf.cond_br %46, ^bb34, ^bb40
  ^bb34:
    %47 = memref.load %alloc_41[%45] : memref<2xindex>
    %49 = memref.load %alloc_43[%c0] : memref<1xindex>
    %53 = arith.cmpi ne, %49, %47 : index
    cf.br ^bb37(%c0, %53 : index, i1)
  ^bb37(%54: index, %55: i1):
    %56 = arith.cmpi slt, %54, %45 : index
    cf.cond_br %56, ^bb38, ^bb39
  ^bb38:
    %57 = memref.load %alloc_41[%54] : memref<2xindex>
    %58 = arith.cmpi ne, %57, %47 : index
    %59 = arith.andi %55, %58 : i1
    %60 = arith.addi %54, %c1 : index
    cf.br ^bb37(%60, %59 : index, i1)
  ^bb39:
    %62 = arith.addi %45, %c1 : index
    cf.br ^bb33(%62 : index)
  ^bb40:
    %63 = memref.load %alloc_47[%c0] : memref<2xi1>
    cf.cond_br %63, ^bb41, ^bb42
  ^bb41:
    memref.dealloc %base_buffer_33 : memref<f32>
    cf.br ^bb42
  ^bb42:
    memref.dealloc %alloc_41 : memref<2xindex>
    memref.dealloc %alloc_43 : memref<1xindex>
    memref.dealloc %alloc_42 : memref<2xi1>
    memref.dealloc %alloc_47 : memref<2xi1>
    memref.dealloc %alloc_48 : memref<1xi1>
    %65 = arith.addi %35, %c1 : index
    cf.br ^bb21(%65, %alloc_32, %true : index, memref<?xf32>, i1)
  ^bb45:
    %base_buffer_49, %offset_50, %sizes_51, %strides_52 = memref.extract_strided_metadata %31 : memref<?xf32> -> memref<f32>, index, index, index
    %intptr_57 = memref.extract_aligned_pointer_as_index %alloc_24 : memref<?xf32> -> index
    %intptr_58 = memref.extract_aligned_pointer_as_index %36 : memref<?xf32> -> index
    %67 = arith.cmpi eq, %intptr_57, %intptr_58 : index
    %alloc_59 = memref.alloc() : memref<2xindex>
    %alloc_60 = memref.alloc() : memref<2xi1>
    %alloc_61 = memref.alloc() : memref<1xindex>
    %alloc_64 = memref.alloc() : memref<2xi1>
    %alloc_65 = memref.alloc() : memref<1xi1>
    cf.br ^bb48(%c0 : index)
  ^bb48(%68: index):
    %69 = arith.cmpi slt, %68, %c2 : index
    cf.cond_br %69, ^bb49, ^bb55
  ^bb49:
    %70 = memref.load %alloc_59[%68] : memref<2xindex>
    %72 = memref.load %alloc_61[%c0] : memref<1xindex>
    cf.br ^bb51
  ^bb51:
    %76 = arith.cmpi ne, %72, %70 : index
    cf.br ^bb52(%c0, %76 : index, i1)
  ^bb52(%77: index, %78: i1):
    %85 = arith.addi %68, %c1 : index
    cf.br ^bb48(%85 : index)
  ^bb55:
    cf.br ^bb56
  ^bb56:
    memref.dealloc %base_buffer_49 : memref<f32>
    %88 = memref.load %alloc_65[%c0] : memref<1xi1>
    memref.dealloc %alloc_59 : memref<2xindex>
    memref.dealloc %alloc_61 : memref<1xindex>
    memref.dealloc %alloc_60 : memref<2xi1>
    memref.dealloc %alloc_64 : memref<2xi1>
    memref.dealloc %alloc_65 : memref<1xi1>
    %89 = arith.ori %88, %67 : i1
    %90 = arith.ori %89, %37 : i1
    %91 = arith.addi %30, %c1 : index
    cf.br ^bb19(%91, %36, %36, %90 : index, memref<?xf32>, memref<?xf32>, i1)
  ^bb90(%136: index):
    cf.br ^bb91
  ^bb91:
    %153 = arith.addi %136, %c1 : index
    cf.br ^bb90(%153 : index)
  }
