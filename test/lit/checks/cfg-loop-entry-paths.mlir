// Reduced from upstream's output for a tensor program (helper-40's g023:
// -ownership-based-buffer-deallocation, -buffer-deallocation-pipeline,
// then --inline --sccp --canonicalize --symbol-dce --convert-scf-to-cf
// --canonicalize): loops written as branches, nested in an outer loop
// whose body allocates %alloc_77 after one inner loop and frees it after
// two more. What an inner loop's back edges carried in earlier rounds of
// the walk held paths of earlier states of the outer loop (atoms since
// renamed); joined at the header, they made paths no execution has, and on
// them the free at the end of the body did not free %alloc_77: a false
// leak at the outer back edge. The paths coming round a loop now hold what
// some path into it holds. The second function drops the free.
// RUN: %memlint lint --verify-diagnostics %s

func.func @freed_each_outer_iteration(%arg0: memref<?xf32>, %arg1: memref<?xf32>, %arg2: index, %arg3: index, %arg4: index, %arg5: i1, %arg6: i1, %arg7: f32, %arg8: f32) -> (memref<?xf32>, f32) {
  %c1 = arith.constant 1 : index
  %c0 = arith.constant 0 : index
  %true = arith.constant true
  %false = arith.constant false
  %c2 = arith.constant 2 : index
  %dim = memref.dim %arg0, %c0 : memref<?xf32>
  %dim_0 = memref.dim %arg1, %c0 : memref<?xf32>
  cf.br ^bb1(%c0 : index)
^bb1(%0: index):
  %alloc_2 = memref.alloc(%dim_0) {alignment = 64 : i64} : memref<?xf32>
  %alloc_40 = memref.alloc(%dim) {alignment = 64 : i64} : memref<?xf32>
  %alloc_41 = memref.alloc(%dim_0) {alignment = 64 : i64} : memref<?xf32>
  cf.br ^bb32(%c0, %alloc_41, %false : index, memref<?xf32>, i1)
^bb32(%38: index, %39: memref<?xf32>, %40: i1):
  %41 = arith.cmpi slt, %38, %arg3 : index
  cf.cond_br %41, ^bb33, ^bb53
^bb33:
  %alloc_42 = memref.alloc(%dim) {alignment = 64 : i64} : memref<?xf32>
  %alloc_43 = memref.alloc(%dim_0) {alignment = 64 : i64} : memref<?xf32>
  cf.br ^bb34(%c0, %alloc_43, %alloc_42, %false : index, memref<?xf32>, memref<?xf32>, i1)
^bb34(%42: index, %43: memref<?xf32>, %44: memref<?xf32>, %45: i1):
  %46 = arith.cmpi slt, %42, %arg3 : index
  cf.cond_br %46, ^bb35, ^bb38
^bb35:
  %alloc_44 = memref.alloc(%dim_0) {alignment = 64 : i64} : memref<?xf32>
  %alloc_45 = memref.alloc(%dim_0) {alignment = 64 : i64} : memref<?xf32>
  %alloc_46 = memref.alloc(%arg2) {alignment = 64 : i64} : memref<?xf32>
  %dim_47 = memref.dim %44, %c0 : memref<?xf32>
  %alloc_48 = memref.alloc(%dim_47) {alignment = 64 : i64} : memref<?xf32>
  %dim_49 = memref.dim %43, %c0 : memref<?xf32>
  %alloc_50 = memref.alloc(%dim_49) {alignment = 64 : i64} : memref<?xf32>
  %base_buffer_51, %offset_52, %sizes_53, %strides_54 = memref.extract_strided_metadata %43 : memref<?xf32> -> memref<f32>, index, index, index
  %base_buffer_55, %offset_56, %sizes_57, %strides_58 = memref.extract_strided_metadata %44 : memref<?xf32> -> memref<f32>, index, index, index
  cf.cond_br %45, ^bb36, ^bb37
^bb36:
  memref.dealloc %base_buffer_51 : memref<f32>
  memref.dealloc %base_buffer_55 : memref<f32>
  cf.br ^bb37
^bb37:
  memref.dealloc %alloc_44 : memref<?xf32>
  memref.dealloc %alloc_45 : memref<?xf32>
  memref.dealloc %alloc_46 : memref<?xf32>
  %47 = arith.addi %42, %c1 : index
  cf.br ^bb34(%47, %alloc_48, %alloc_50, %true : index, memref<?xf32>, memref<?xf32>, i1)
^bb38:
  %dim_59 = memref.dim %39, %c0 : memref<?xf32>
  %alloc_60 = memref.alloc(%dim_59) {alignment = 64 : i64} : memref<?xf32>
  %base_buffer_61, %offset_62, %sizes_63, %strides_64 = memref.extract_strided_metadata %39 : memref<?xf32> -> memref<f32>, index, index, index
  %base_buffer_65, %offset_66, %sizes_67, %strides_68 = memref.extract_strided_metadata %44 : memref<?xf32> -> memref<f32>, index, index, index
  %intptr_69 = memref.extract_aligned_pointer_as_index %base_buffer_61 : memref<f32> -> index
  %intptr_70 = memref.extract_aligned_pointer_as_index %43 : memref<?xf32> -> index
  %48 = arith.cmpi ne, %intptr_69, %intptr_70 : index
  %49 = arith.andi %48, %40 : i1
  cf.cond_br %49, ^bb39, ^bb40
^bb39:
  memref.dealloc %base_buffer_61 : memref<f32>
  cf.br ^bb40
^bb40:
  %50 = arith.cmpi eq, %intptr_69, %intptr_70 : index
  %51 = arith.andi %50, %40 : i1
  %intptr_71 = memref.extract_aligned_pointer_as_index %alloc_43 : memref<?xf32> -> index
  %52 = arith.cmpi ne, %intptr_71, %intptr_70 : index
  cf.cond_br %52, ^bb41, ^bb42
^bb41:
  memref.dealloc %alloc_43 : memref<?xf32>
  cf.br ^bb42
^bb42:
  %53 = arith.cmpi eq, %intptr_71, %intptr_70 : index
  memref.dealloc %alloc_60 : memref<?xf32>
  %alloc_72 = memref.alloc() : memref<2xindex>
  %alloc_73 = memref.alloc() : memref<2xi1>
  %alloc_76 = memref.alloc() : memref<2xi1>
  %67 = memref.load %alloc_76[%c0] : memref<2xi1>
  cf.cond_br %67, ^bb49, ^bb50
^bb49:
  memref.dealloc %alloc_42 : memref<?xf32>
  cf.br ^bb50
^bb50:
  memref.dealloc %base_buffer_65 : memref<f32>
  memref.dealloc %alloc_72 : memref<2xindex>
  memref.dealloc %alloc_73 : memref<2xi1>
  memref.dealloc %alloc_76 : memref<2xi1>
  %69 = arith.ori %51, %53 : i1
  %70 = arith.ori %69, %45 : i1
  %71 = arith.addi %38, %c1 : index
  cf.br ^bb32(%71, %43, %70 : index, memref<?xf32>, i1)
^bb53:
  %alloc_77 = memref.alloc(%arg2) {alignment = 64 : i64} : memref<?xf32>
  %base_buffer_78, %offset_79, %sizes_80, %strides_81 = memref.extract_strided_metadata %39 : memref<?xf32> -> memref<f32>, index, index, index
  memref.dealloc %alloc_40 : memref<?xf32>
  %alloc_82 = memref.alloc() : memref<2xindex>
  %alloc_83 = memref.alloc() : memref<2xi1>
  %alloc_86 = memref.alloc() : memref<2xi1>
  cf.br ^bb54(%c0 : index)
^bb54(%72: index):
  %73 = arith.cmpi slt, %72, %c2 : index
  cf.cond_br %73, ^bb55, ^bb59
^bb55:
  cf.br ^bb56(%c0, %true : index, i1)
^bb56(%76: index, %77: i1):
  %84 = arith.addi %72, %c1 : index
  cf.br ^bb54(%84 : index)
^bb59:
  %85 = memref.load %alloc_86[%c0] : memref<2xi1>
  cf.cond_br %85, ^bb60, ^bb61
^bb60:
  memref.dealloc %alloc_41 : memref<?xf32>
  cf.br ^bb61
^bb61:
  memref.dealloc %base_buffer_78 : memref<f32>
  memref.dealloc %alloc_82 : memref<2xindex>
  memref.dealloc %alloc_83 : memref<2xi1>
  memref.dealloc %alloc_86 : memref<2xi1>
  cf.br ^bb65(%alloc_77 : memref<?xf32>)
^bb65(%87: memref<?xf32>):
  %alloc_88 = memref.alloc(%arg2) {alignment = 64 : i64} : memref<?xf32>
  %base_buffer_89, %offset_90, %sizes_91, %strides_92 = memref.extract_strided_metadata %87 : memref<?xf32> -> memref<f32>, index, index, index
  memref.dealloc %alloc_88 : memref<?xf32>
  %alloc_93 = memref.alloc() : memref<2xindex>
  %alloc_94 = memref.alloc() : memref<2xi1>
  %alloc_97 = memref.alloc() : memref<2xi1>
  cf.br ^bb66(%c0 : index)
^bb66(%88: index):
  %89 = arith.cmpi slt, %88, %c2 : index
  cf.cond_br %89, ^bb67, ^bb71
^bb67:
  %100 = arith.addi %88, %c1 : index
  cf.br ^bb66(%100 : index)
^bb71:
  memref.dealloc %alloc_2 : memref<?xf32>
  memref.dealloc %base_buffer_89 : memref<f32>
  memref.dealloc %alloc_93 : memref<2xindex>
  memref.dealloc %alloc_94 : memref<2xi1>
  memref.dealloc %alloc_97 : memref<2xi1>
  %103 = arith.addi %0, %c1 : index
  cf.br ^bb1(%103 : index)
}

func.func @not_freed(%arg0: memref<?xf32>, %arg1: memref<?xf32>, %arg2: index, %arg3: index, %arg4: index, %arg5: i1, %arg6: i1, %arg7: f32, %arg8: f32) -> (memref<?xf32>, f32) {
  %c1 = arith.constant 1 : index
  %c0 = arith.constant 0 : index
  %true = arith.constant true
  %false = arith.constant false
  %c2 = arith.constant 2 : index
  %dim = memref.dim %arg0, %c0 : memref<?xf32>
  %dim_0 = memref.dim %arg1, %c0 : memref<?xf32>
  cf.br ^bb1(%c0 : index)
^bb1(%0: index):
  %alloc_2 = memref.alloc(%dim_0) {alignment = 64 : i64} : memref<?xf32>
  %alloc_40 = memref.alloc(%dim) {alignment = 64 : i64} : memref<?xf32>
  %alloc_41 = memref.alloc(%dim_0) {alignment = 64 : i64} : memref<?xf32>
  cf.br ^bb32(%c0, %alloc_41, %false : index, memref<?xf32>, i1)
^bb32(%38: index, %39: memref<?xf32>, %40: i1):
  %41 = arith.cmpi slt, %38, %arg3 : index
  cf.cond_br %41, ^bb33, ^bb53
^bb33:
  %alloc_42 = memref.alloc(%dim) {alignment = 64 : i64} : memref<?xf32>
  %alloc_43 = memref.alloc(%dim_0) {alignment = 64 : i64} : memref<?xf32>
  cf.br ^bb34(%c0, %alloc_43, %alloc_42, %false : index, memref<?xf32>, memref<?xf32>, i1)
^bb34(%42: index, %43: memref<?xf32>, %44: memref<?xf32>, %45: i1):
  %46 = arith.cmpi slt, %42, %arg3 : index
  cf.cond_br %46, ^bb35, ^bb38
^bb35:
  %alloc_44 = memref.alloc(%dim_0) {alignment = 64 : i64} : memref<?xf32>
  %alloc_45 = memref.alloc(%dim_0) {alignment = 64 : i64} : memref<?xf32>
  %alloc_46 = memref.alloc(%arg2) {alignment = 64 : i64} : memref<?xf32>
  %dim_47 = memref.dim %44, %c0 : memref<?xf32>
  %alloc_48 = memref.alloc(%dim_47) {alignment = 64 : i64} : memref<?xf32>
  %dim_49 = memref.dim %43, %c0 : memref<?xf32>
  %alloc_50 = memref.alloc(%dim_49) {alignment = 64 : i64} : memref<?xf32>
  %base_buffer_51, %offset_52, %sizes_53, %strides_54 = memref.extract_strided_metadata %43 : memref<?xf32> -> memref<f32>, index, index, index
  %base_buffer_55, %offset_56, %sizes_57, %strides_58 = memref.extract_strided_metadata %44 : memref<?xf32> -> memref<f32>, index, index, index
  cf.cond_br %45, ^bb36, ^bb37
^bb36:
  memref.dealloc %base_buffer_51 : memref<f32>
  memref.dealloc %base_buffer_55 : memref<f32>
  cf.br ^bb37
^bb37:
  memref.dealloc %alloc_44 : memref<?xf32>
  memref.dealloc %alloc_45 : memref<?xf32>
  memref.dealloc %alloc_46 : memref<?xf32>
  %47 = arith.addi %42, %c1 : index
  cf.br ^bb34(%47, %alloc_48, %alloc_50, %true : index, memref<?xf32>, memref<?xf32>, i1)
^bb38:
  %dim_59 = memref.dim %39, %c0 : memref<?xf32>
  %alloc_60 = memref.alloc(%dim_59) {alignment = 64 : i64} : memref<?xf32>
  %base_buffer_61, %offset_62, %sizes_63, %strides_64 = memref.extract_strided_metadata %39 : memref<?xf32> -> memref<f32>, index, index, index
  %base_buffer_65, %offset_66, %sizes_67, %strides_68 = memref.extract_strided_metadata %44 : memref<?xf32> -> memref<f32>, index, index, index
  %intptr_69 = memref.extract_aligned_pointer_as_index %base_buffer_61 : memref<f32> -> index
  %intptr_70 = memref.extract_aligned_pointer_as_index %43 : memref<?xf32> -> index
  %48 = arith.cmpi ne, %intptr_69, %intptr_70 : index
  %49 = arith.andi %48, %40 : i1
  cf.cond_br %49, ^bb39, ^bb40
^bb39:
  memref.dealloc %base_buffer_61 : memref<f32>
  cf.br ^bb40
^bb40:
  %50 = arith.cmpi eq, %intptr_69, %intptr_70 : index
  %51 = arith.andi %50, %40 : i1
  %intptr_71 = memref.extract_aligned_pointer_as_index %alloc_43 : memref<?xf32> -> index
  %52 = arith.cmpi ne, %intptr_71, %intptr_70 : index
  cf.cond_br %52, ^bb41, ^bb42
^bb41:
  memref.dealloc %alloc_43 : memref<?xf32>
  cf.br ^bb42
^bb42:
  %53 = arith.cmpi eq, %intptr_71, %intptr_70 : index
  memref.dealloc %alloc_60 : memref<?xf32>
  %alloc_72 = memref.alloc() : memref<2xindex>
  %alloc_73 = memref.alloc() : memref<2xi1>
  %alloc_76 = memref.alloc() : memref<2xi1>
  %67 = memref.load %alloc_76[%c0] : memref<2xi1>
  cf.cond_br %67, ^bb49, ^bb50
^bb49:
  memref.dealloc %alloc_42 : memref<?xf32>
  cf.br ^bb50
^bb50:
  memref.dealloc %base_buffer_65 : memref<f32>
  memref.dealloc %alloc_72 : memref<2xindex>
  memref.dealloc %alloc_73 : memref<2xi1>
  memref.dealloc %alloc_76 : memref<2xi1>
  %69 = arith.ori %51, %53 : i1
  %70 = arith.ori %69, %45 : i1
  %71 = arith.addi %38, %c1 : index
  cf.br ^bb32(%71, %43, %70 : index, memref<?xf32>, i1)
^bb53:
  %alloc_77 = memref.alloc(%arg2) {alignment = 64 : i64} : memref<?xf32> // expected-warning {{buffer %alloc_77 allocated in a loop is not freed before the next iteration allocates it again [leak]}}
  %base_buffer_78, %offset_79, %sizes_80, %strides_81 = memref.extract_strided_metadata %39 : memref<?xf32> -> memref<f32>, index, index, index
  memref.dealloc %alloc_40 : memref<?xf32>
  %alloc_82 = memref.alloc() : memref<2xindex>
  %alloc_83 = memref.alloc() : memref<2xi1>
  %alloc_86 = memref.alloc() : memref<2xi1>
  cf.br ^bb54(%c0 : index)
^bb54(%72: index):
  %73 = arith.cmpi slt, %72, %c2 : index
  cf.cond_br %73, ^bb55, ^bb59
^bb55:
  cf.br ^bb56(%c0, %true : index, i1)
^bb56(%76: index, %77: i1):
  %84 = arith.addi %72, %c1 : index
  cf.br ^bb54(%84 : index)
^bb59:
  %85 = memref.load %alloc_86[%c0] : memref<2xi1>
  cf.cond_br %85, ^bb60, ^bb61
^bb60:
  memref.dealloc %alloc_41 : memref<?xf32>
  cf.br ^bb61
^bb61:
  memref.dealloc %base_buffer_78 : memref<f32>
  memref.dealloc %alloc_82 : memref<2xindex>
  memref.dealloc %alloc_83 : memref<2xi1>
  memref.dealloc %alloc_86 : memref<2xi1>
  cf.br ^bb65(%alloc_77 : memref<?xf32>)
^bb65(%87: memref<?xf32>):
  %alloc_88 = memref.alloc(%arg2) {alignment = 64 : i64} : memref<?xf32>
  %base_buffer_89, %offset_90, %sizes_91, %strides_92 = memref.extract_strided_metadata %87 : memref<?xf32> -> memref<f32>, index, index, index
  memref.dealloc %alloc_88 : memref<?xf32>
  %alloc_93 = memref.alloc() : memref<2xindex>
  %alloc_94 = memref.alloc() : memref<2xi1>
  %alloc_97 = memref.alloc() : memref<2xi1>
  cf.br ^bb66(%c0 : index)
^bb66(%88: index):
  %89 = arith.cmpi slt, %88, %c2 : index
  cf.cond_br %89, ^bb67, ^bb71
^bb67:
  %100 = arith.addi %88, %c1 : index
  cf.br ^bb66(%100 : index)
^bb71:
  memref.dealloc %alloc_2 : memref<?xf32>
  memref.dealloc %alloc_93 : memref<2xindex>
  memref.dealloc %alloc_94 : memref<2xi1>
  memref.dealloc %alloc_97 : memref<2xi1>
  %103 = arith.addi %0, %c1 : index
  // expected-note @below {{the loop repeats here with %alloc_77 still allocated}}
  cf.br ^bb1(%103 : index)
}
