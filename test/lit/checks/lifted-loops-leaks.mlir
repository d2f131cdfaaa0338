// RUN: not %memlint lint %s | FileCheck %s
//
// A program of memlint's differential generator with its frees deleted,
// through -convert-scf-to-cf, -lift-cf-to-scf and -convert-scf-to-cf
// (reduced): a CFG region of loops one after another and nested, each
// joining its latch and exit under a flag. Every loop's first-iteration
// atom is made in the walk's first round and the atoms of later
// iterations rounds after; ordered last they sat far from their loop's,
// and the region's states grew with each loop (CostShapeTest reads this
// file for its work counters). Every buffer leaks.
//
// CHECK: :37:14: warning: buffer %alloc is never freed [leak]
// CHECK: :38:16: warning: buffer %alloc_0 is never freed [leak]
// CHECK: :76:16: warning: buffer %alloc_2 is never freed [leak]
// CHECK: :77:16: warning: buffer %alloc_3 is never freed [leak]
// CHECK: :123:16: warning: buffer %alloc_6 allocated in a loop is not freed before the next iteration allocates it again when the loop at 120:11 is in its first iteration [leak]
// CHECK: :130:16: warning: buffer %alloc_8 allocated in a loop is not freed before the next iteration allocates it again when the loop at 127:11 is in its first iteration [leak]
// CHECK: :207:11: warning: buffer %98 allocated in a loop is not freed before the next iteration allocates it again when the loop at 120:11 is in its first iteration [leak]
// CHECK: :260:17: warning: buffer %alloc_14 is never freed [leak]
// CHECK: :278:17: warning: buffer %alloc_16 is never freed [leak]
module {
  func.func private @mk() -> memref<4xi64> {
    %alloc = memref.alloc() : memref<4xi64>
    return %alloc : memref<4xi64>
  }
  func.func @f(%arg0: i1, %arg1: i1, %arg2: i1, %arg3: index) -> i64 {
    %0 = ub.poison : i64
    %1 = ub.poison : index
    %c1_i32 = arith.constant 1 : i32
    %c0_i32 = arith.constant 0 : i32
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c3_i64 = arith.constant 3 : i64
    %2 = arith.addi %arg3, %c2 : index
    %alloca = memref.alloca() : memref<1xi64>
    %alloc = memref.alloc() : memref<4xi64>
    %alloc_0 = memref.alloc() : memref<4xi64>
    %dim = memref.dim %alloc_0, %c0 : memref<4xi64>
    cf.br ^bb1(%c0 : index)
  ^bb1(%3: index):  // 2 preds: ^bb0, ^bb5
    %4 = arith.cmpi slt, %3, %dim : index
    cf.cond_br %4, ^bb2, ^bb3
  ^bb2:  // pred: ^bb1
    %5 = arith.addi %3, %c1 : index
    cf.br ^bb4(%5, %c0_i32, %c1_i32 : index, i32, i32)
  ^bb3:  // pred: ^bb1
    cf.br ^bb4(%1, %c1_i32, %c0_i32 : index, i32, i32)
  ^bb4(%6: index, %7: i32, %8: i32):  // 2 preds: ^bb2, ^bb3
    cf.br ^bb5
  ^bb5:  // pred: ^bb4
    %9 = arith.trunci %8 : i32 to i1
    cf.cond_br %9, ^bb1(%6 : index), ^bb6
  ^bb6:  // pred: ^bb5
    %dim_1 = memref.dim %alloc, %c0 : memref<4xi64>
    %10 = memref.load %alloca[%c0] : memref<1xi64>
    cf.br ^bb7(%c0, %10 : index, i64)
  ^bb7(%11: index, %12: i64):  // 2 preds: ^bb6, ^bb11
    %13 = arith.cmpi slt, %11, %dim_1 : index
    cf.cond_br %13, ^bb8, ^bb9
  ^bb8:  // pred: ^bb7
    %14 = memref.load %alloc[%11] : memref<4xi64>
    %15 = arith.muli %12, %c3_i64 : i64
    %16 = arith.addi %15, %14 : i64
    %17 = arith.addi %11, %c1 : index
    cf.br ^bb10(%17, %16, %c0_i32, %c1_i32 : index, i64, i32, i32)
  ^bb9:  // pred: ^bb7
    cf.br ^bb10(%1, %0, %c1_i32, %c0_i32 : index, i64, i32, i32)
  ^bb10(%18: index, %19: i64, %20: i32, %21: i32):  // 2 preds: ^bb8, ^bb9
    cf.br ^bb11
  ^bb11:  // pred: ^bb10
    %22 = arith.trunci %21 : i32 to i1
    cf.cond_br %22, ^bb7(%18, %19 : index, i64), ^bb12
  ^bb12:  // pred: ^bb11
    %23 = arith.addi %arg3, %c2 : index
    %alloc_2 = memref.alloc(%23) : memref<?xi64>
    %alloc_3 = memref.alloc(%2) : memref<?xi64>
    %dim_4 = memref.dim %alloc_2, %c0 : memref<?xi64>
    %24 = memref.load %alloca[%c0] : memref<1xi64>
    cf.br ^bb13(%c0, %24 : index, i64)
  ^bb13(%25: index, %26: i64):  // 2 preds: ^bb12, ^bb17
    %27 = arith.cmpi slt, %25, %dim_4 : index
    cf.cond_br %27, ^bb14, ^bb15
  ^bb14:  // pred: ^bb13
    %28 = memref.load %alloc_2[%25] : memref<?xi64>
    %29 = arith.muli %26, %c3_i64 : i64
    %30 = arith.addi %29, %28 : i64
    %31 = arith.addi %25, %c1 : index
    cf.br ^bb16(%31, %30, %c0_i32, %c1_i32 : index, i64, i32, i32)
  ^bb15:  // pred: ^bb13
    cf.br ^bb16(%1, %0, %c1_i32, %c0_i32 : index, i64, i32, i32)
  ^bb16(%32: index, %33: i64, %34: i32, %35: i32):  // 2 preds: ^bb14, ^bb15
    cf.br ^bb17
  ^bb17:  // pred: ^bb16
    %36 = arith.trunci %35 : i32 to i1
    cf.cond_br %36, ^bb13(%32, %33 : index, i64), ^bb18
  ^bb18:  // pred: ^bb17
    %dim_5 = memref.dim %alloc_3, %c0 : memref<?xi64>
    %37 = memref.load %alloca[%c0] : memref<1xi64>
    cf.br ^bb19(%c0, %37 : index, i64)
  ^bb19(%38: index, %39: i64):  // 2 preds: ^bb18, ^bb23
    %40 = arith.cmpi slt, %38, %dim_5 : index
    cf.cond_br %40, ^bb20, ^bb21
  ^bb20:  // pred: ^bb19
    %41 = memref.load %alloc_3[%38] : memref<?xi64>
    %42 = arith.muli %39, %c3_i64 : i64
    %43 = arith.addi %42, %41 : i64
    %44 = arith.addi %38, %c1 : index
    cf.br ^bb22(%44, %43, %c0_i32, %c1_i32 : index, i64, i32, i32)
  ^bb21:  // pred: ^bb19
    cf.br ^bb22(%1, %0, %c1_i32, %c0_i32 : index, i64, i32, i32)
  ^bb22(%45: index, %46: i64, %47: i32, %48: i32):  // 2 preds: ^bb20, ^bb21
    cf.br ^bb23
  ^bb23:  // pred: ^bb22
    %49 = arith.trunci %48 : i32 to i1
    cf.cond_br %49, ^bb19(%45, %46 : index, i64), ^bb24
  ^bb24:  // pred: ^bb23
    cf.br ^bb25(%c0 : index)
  ^bb25(%50: index):  // 2 preds: ^bb24, ^bb62
    %51 = arith.cmpi slt, %50, %c2 : index
    cf.cond_br %51, ^bb26, ^bb60
  ^bb26:  // pred: ^bb25
    %alloc_6 = memref.alloc() : memref<8xi64>
    %dim_7 = memref.dim %alloc_6, %c0 : memref<8xi64>
    cf.br ^bb27(%c0 : index)
  ^bb27(%52: index):  // 2 preds: ^bb26, ^bb43
    %53 = arith.cmpi slt, %52, %dim_7 : index
    cf.cond_br %53, ^bb28, ^bb41
  ^bb28:  // pred: ^bb27
    %alloc_8 = memref.alloc(%2) : memref<?xi64>
    %dim_9 = memref.dim %alloc_8, %c0 : memref<?xi64>
    %54 = memref.load %alloca[%c0] : memref<1xi64>
    cf.br ^bb29(%c0, %54 : index, i64)
  ^bb29(%55: index, %56: i64):  // 2 preds: ^bb28, ^bb33
    %57 = arith.cmpi slt, %55, %dim_9 : index
    cf.cond_br %57, ^bb30, ^bb31
  ^bb30:  // pred: ^bb29
    %58 = memref.load %alloc_8[%55] : memref<?xi64>
    %59 = arith.muli %56, %c3_i64 : i64
    %60 = arith.addi %59, %58 : i64
    %61 = arith.addi %55, %c1 : index
    cf.br ^bb32(%61, %60, %c0_i32, %c1_i32 : index, i64, i32, i32)
  ^bb31:  // pred: ^bb29
    cf.br ^bb32(%1, %0, %c1_i32, %c0_i32 : index, i64, i32, i32)
  ^bb32(%62: index, %63: i64, %64: i32, %65: i32):  // 2 preds: ^bb30, ^bb31
    cf.br ^bb33
  ^bb33:  // pred: ^bb32
    %66 = arith.trunci %65 : i32 to i1
    cf.cond_br %66, ^bb29(%62, %63 : index, i64), ^bb34
  ^bb34:  // pred: ^bb33
    %dim_10 = memref.dim %alloc_8, %c0 : memref<?xi64>
    %67 = memref.load %alloca[%c0] : memref<1xi64>
    cf.br ^bb35(%c0, %67 : index, i64)
  ^bb35(%68: index, %69: i64):  // 2 preds: ^bb34, ^bb39
    %70 = arith.cmpi slt, %68, %dim_10 : index
    cf.cond_br %70, ^bb36, ^bb37
  ^bb36:  // pred: ^bb35
    %71 = memref.load %alloc_8[%68] : memref<?xi64>
    %72 = arith.muli %69, %c3_i64 : i64
    %73 = arith.addi %72, %71 : i64
    %74 = arith.addi %68, %c1 : index
    cf.br ^bb38(%74, %73, %c0_i32, %c1_i32 : index, i64, i32, i32)
  ^bb37:  // pred: ^bb35
    cf.br ^bb38(%1, %0, %c1_i32, %c0_i32 : index, i64, i32, i32)
  ^bb38(%75: index, %76: i64, %77: i32, %78: i32):  // 2 preds: ^bb36, ^bb37
    cf.br ^bb39
  ^bb39:  // pred: ^bb38
    %79 = arith.trunci %78 : i32 to i1
    cf.cond_br %79, ^bb35(%75, %76 : index, i64), ^bb40
  ^bb40:  // pred: ^bb39
    %80 = arith.addi %52, %c1 : index
    cf.br ^bb42(%80, %c0_i32, %c1_i32 : index, i32, i32)
  ^bb41:  // pred: ^bb27
    cf.br ^bb42(%1, %c1_i32, %c0_i32 : index, i32, i32)
  ^bb42(%81: index, %82: i32, %83: i32):  // 2 preds: ^bb40, ^bb41
    cf.br ^bb43
  ^bb43:  // pred: ^bb42
    %84 = arith.trunci %83 : i32 to i1
    cf.cond_br %84, ^bb27(%81 : index), ^bb44
  ^bb44:  // pred: ^bb43
    cf.cond_br %arg1, ^bb45, ^bb52
  ^bb45:  // pred: ^bb44
    %dim_11 = memref.dim %alloc_6, %c0 : memref<8xi64>
    %85 = memref.load %alloca[%c0] : memref<1xi64>
    cf.br ^bb46(%c0, %85 : index, i64)
  ^bb46(%86: index, %87: i64):  // 2 preds: ^bb45, ^bb50
    %88 = arith.cmpi slt, %86, %dim_11 : index
    cf.cond_br %88, ^bb47, ^bb48
  ^bb47:  // pred: ^bb46
    %89 = memref.load %alloc_6[%86] : memref<8xi64>
    %90 = arith.muli %87, %c3_i64 : i64
    %91 = arith.addi %90, %89 : i64
    %92 = arith.addi %86, %c1 : index
    cf.br ^bb49(%92, %91, %c0_i32, %c1_i32 : index, i64, i32, i32)
  ^bb48:  // pred: ^bb46
    cf.br ^bb49(%1, %0, %c1_i32, %c0_i32 : index, i64, i32, i32)
  ^bb49(%93: index, %94: i64, %95: i32, %96: i32):  // 2 preds: ^bb47, ^bb48
    cf.br ^bb50
  ^bb50:  // pred: ^bb49
    %97 = arith.trunci %96 : i32 to i1
    cf.cond_br %97, ^bb46(%93, %94 : index, i64), ^bb51
  ^bb51:  // pred: ^bb50
    cf.br ^bb53
  ^bb52:  // pred: ^bb44
    cf.br ^bb53
  ^bb53:  // 2 preds: ^bb51, ^bb52
    %98 = call @mk() : () -> memref<4xi64>
    %subview = memref.subview %98[1] [3] [1] : memref<4xi64> to memref<3xi64, strided<[1], offset: 1>>
    %dim_12 = memref.dim %subview, %c0 : memref<3xi64, strided<[1], offset: 1>>
    %99 = memref.load %alloca[%c0] : memref<1xi64>
    cf.br ^bb54(%c0, %99 : index, i64)
  ^bb54(%100: index, %101: i64):  // 2 preds: ^bb53, ^bb58
    %102 = arith.cmpi slt, %100, %dim_12 : index
    cf.cond_br %102, ^bb55, ^bb56
  ^bb55:  // pred: ^bb54
    %103 = memref.load %subview[%100] : memref<3xi64, strided<[1], offset: 1>>
    %104 = arith.muli %101, %c3_i64 : i64
    %105 = arith.addi %104, %103 : i64
    %106 = arith.addi %100, %c1 : index
    cf.br ^bb57(%106, %105, %c0_i32, %c1_i32 : index, i64, i32, i32)
  ^bb56:  // pred: ^bb54
    cf.br ^bb57(%1, %0, %c1_i32, %c0_i32 : index, i64, i32, i32)
  ^bb57(%107: index, %108: i64, %109: i32, %110: i32):  // 2 preds: ^bb55, ^bb56
    cf.br ^bb58
  ^bb58:  // pred: ^bb57
    %111 = arith.trunci %110 : i32 to i1
    cf.cond_br %111, ^bb54(%107, %108 : index, i64), ^bb59
  ^bb59:  // pred: ^bb58
    %112 = arith.addi %50, %c1 : index
    cf.br ^bb61(%112, %c0_i32, %c1_i32 : index, i32, i32)
  ^bb60:  // pred: ^bb25
    cf.br ^bb61(%1, %c1_i32, %c0_i32 : index, i32, i32)
  ^bb61(%113: index, %114: i32, %115: i32):  // 2 preds: ^bb59, ^bb60
    cf.br ^bb62
  ^bb62:  // pred: ^bb61
    %116 = arith.trunci %115 : i32 to i1
    cf.cond_br %116, ^bb25(%113 : index), ^bb63
  ^bb63:  // pred: ^bb62
    %dim_13 = memref.dim %alloc_3, %c0 : memref<?xi64>
    %117 = memref.load %alloca[%c0] : memref<1xi64>
    cf.br ^bb64(%c0, %117 : index, i64)
  ^bb64(%118: index, %119: i64):  // 2 preds: ^bb63, ^bb68
    %120 = arith.cmpi slt, %118, %dim_13 : index
    cf.cond_br %120, ^bb65, ^bb66
  ^bb65:  // pred: ^bb64
    %121 = memref.load %alloc_3[%118] : memref<?xi64>
    %122 = arith.muli %119, %c3_i64 : i64
    %123 = arith.addi %122, %121 : i64
    %124 = arith.addi %118, %c1 : index
    cf.br ^bb67(%124, %123, %c0_i32, %c1_i32 : index, i64, i32, i32)
  ^bb66:  // pred: ^bb64
    cf.br ^bb67(%1, %0, %c1_i32, %c0_i32 : index, i64, i32, i32)
  ^bb67(%125: index, %126: i64, %127: i32, %128: i32):  // 2 preds: ^bb65, ^bb66
    cf.br ^bb68
  ^bb68:  // pred: ^bb67
    %129 = arith.trunci %128 : i32 to i1
    cf.cond_br %129, ^bb64(%125, %126 : index, i64), ^bb69
  ^bb69:  // pred: ^bb68
    %130 = arith.addi %arg3, %c2 : index
    %alloc_14 = memref.alloc(%130) : memref<?xi64>
    %dim_15 = memref.dim %alloc_14, %c0 : memref<?xi64>
    cf.br ^bb70(%c0 : index)
  ^bb70(%131: index):  // 2 preds: ^bb69, ^bb74
    %132 = arith.cmpi slt, %131, %dim_15 : index
    cf.cond_br %132, ^bb71, ^bb72
  ^bb71:  // pred: ^bb70
    %133 = arith.addi %131, %c1 : index
    cf.br ^bb73(%133, %c0_i32, %c1_i32 : index, i32, i32)
  ^bb72:  // pred: ^bb70
    cf.br ^bb73(%1, %c1_i32, %c0_i32 : index, i32, i32)
  ^bb73(%134: index, %135: i32, %136: i32):  // 2 preds: ^bb71, ^bb72
    cf.br ^bb74
  ^bb74:  // pred: ^bb73
    %137 = arith.trunci %136 : i32 to i1
    cf.cond_br %137, ^bb70(%134 : index), ^bb75
  ^bb75:  // pred: ^bb74
    %138 = arith.addi %arg3, %c2 : index
    %alloc_16 = memref.alloc(%138) : memref<?xi64>
    %dim_17 = memref.dim %alloc_16, %c0 : memref<?xi64>
    cf.br ^bb76(%c0 : index)
  ^bb76(%139: index):  // 2 preds: ^bb75, ^bb80
    %140 = arith.cmpi slt, %139, %dim_17 : index
    cf.cond_br %140, ^bb77, ^bb78
  ^bb77:  // pred: ^bb76
    %141 = arith.addi %139, %c1 : index
    cf.br ^bb79(%141, %c0_i32, %c1_i32 : index, i32, i32)
  ^bb78:  // pred: ^bb76
    cf.br ^bb79(%1, %c1_i32, %c0_i32 : index, i32, i32)
  ^bb79(%142: index, %143: i32, %144: i32):  // 2 preds: ^bb77, ^bb78
    cf.br ^bb80
  ^bb80:  // pred: ^bb79
    %145 = arith.trunci %144 : i32 to i1
    cf.cond_br %145, ^bb76(%142 : index), ^bb81
  ^bb81:  // pred: ^bb80
    %dim_18 = memref.dim %alloc_16, %c0 : memref<?xi64>
    %146 = memref.load %alloca[%c0] : memref<1xi64>
    cf.br ^bb82(%c0, %146 : index, i64)
  ^bb82(%147: index, %148: i64):  // 2 preds: ^bb81, ^bb86
    %149 = arith.cmpi slt, %147, %dim_18 : index
    cf.cond_br %149, ^bb83, ^bb84
  ^bb83:  // pred: ^bb82
    %150 = memref.load %alloc_16[%147] : memref<?xi64>
    %151 = arith.muli %148, %c3_i64 : i64
    %152 = arith.addi %151, %150 : i64
    %153 = arith.addi %147, %c1 : index
    cf.br ^bb85(%153, %152, %c0_i32, %c1_i32 : index, i64, i32, i32)
  ^bb84:  // pred: ^bb82
    cf.br ^bb85(%1, %0, %c1_i32, %c0_i32 : index, i64, i32, i32)
  ^bb85(%154: index, %155: i64, %156: i32, %157: i32):  // 2 preds: ^bb83, ^bb84
    cf.br ^bb86
  ^bb86:  // pred: ^bb85
    %158 = arith.trunci %157 : i32 to i1
    cf.cond_br %158, ^bb82(%154, %155 : index, i64), ^bb87
  ^bb87:  // pred: ^bb86
    %dim_19 = memref.dim %alloc_14, %c0 : memref<?xi64>
    %159 = memref.load %alloca[%c0] : memref<1xi64>
    cf.br ^bb88(%c0, %159 : index, i64)
  ^bb88(%160: index, %161: i64):  // 2 preds: ^bb87, ^bb92
    %162 = arith.cmpi slt, %160, %dim_19 : index
    cf.cond_br %162, ^bb89, ^bb90
  ^bb89:  // pred: ^bb88
    %163 = memref.load %alloc_14[%160] : memref<?xi64>
    %164 = arith.muli %161, %c3_i64 : i64
    %165 = arith.addi %164, %163 : i64
    %166 = arith.addi %160, %c1 : index
    cf.br ^bb91(%166, %165, %c0_i32, %c1_i32 : index, i64, i32, i32)
  ^bb90:  // pred: ^bb88
    cf.br ^bb91(%1, %0, %c1_i32, %c0_i32 : index, i64, i32, i32)
  ^bb91(%167: index, %168: i64, %169: i32, %170: i32):  // 2 preds: ^bb89, ^bb90
    cf.br ^bb92
  ^bb92:  // pred: ^bb91
    %171 = arith.trunci %170 : i32 to i1
    cf.cond_br %171, ^bb88(%167, %168 : index, i64), ^bb93
  ^bb93:  // pred: ^bb92
    %dim_20 = memref.dim %alloc_3, %c0 : memref<?xi64>
    %172 = memref.load %alloca[%c0] : memref<1xi64>
    cf.br ^bb94(%c0, %172 : index, i64)
  ^bb94(%173: index, %174: i64):  // 2 preds: ^bb93, ^bb98
    %175 = arith.cmpi slt, %173, %dim_20 : index
    cf.cond_br %175, ^bb95, ^bb96
  ^bb95:  // pred: ^bb94
    %176 = memref.load %alloc_3[%173] : memref<?xi64>
    %177 = arith.muli %174, %c3_i64 : i64
    %178 = arith.addi %177, %176 : i64
    %179 = arith.addi %173, %c1 : index
    cf.br ^bb97(%179, %178, %c0_i32, %c1_i32 : index, i64, i32, i32)
  ^bb96:  // pred: ^bb94
    cf.br ^bb97(%1, %0, %c1_i32, %c0_i32 : index, i64, i32, i32)
  ^bb97(%180: index, %181: i64, %182: i32, %183: i32):  // 2 preds: ^bb95, ^bb96
    cf.br ^bb98
  ^bb98:  // pred: ^bb97
    %184 = arith.trunci %183 : i32 to i1
    cf.cond_br %184, ^bb94(%180, %181 : index, i64), ^bb99
  ^bb99:  // pred: ^bb98
    cf.cond_br %arg0, ^bb100, ^bb107
  ^bb100:  // pred: ^bb99
    %dim_21 = memref.dim %alloc_16, %c0 : memref<?xi64>
    %185 = memref.load %alloca[%c0] : memref<1xi64>
    cf.br ^bb101(%c0, %185 : index, i64)
  ^bb101(%186: index, %187: i64):  // 2 preds: ^bb100, ^bb105
    %188 = arith.cmpi slt, %186, %dim_21 : index
    cf.cond_br %188, ^bb102, ^bb103
  ^bb102:  // pred: ^bb101
    %189 = memref.load %alloc_16[%186] : memref<?xi64>
    %190 = arith.muli %187, %c3_i64 : i64
    %191 = arith.addi %190, %189 : i64
    %192 = arith.addi %186, %c1 : index
    cf.br ^bb104(%192, %191, %c0_i32, %c1_i32 : index, i64, i32, i32)
  ^bb103:  // pred: ^bb101
    cf.br ^bb104(%1, %0, %c1_i32, %c0_i32 : index, i64, i32, i32)
  ^bb104(%193: index, %194: i64, %195: i32, %196: i32):  // 2 preds: ^bb102, ^bb103
    cf.br ^bb105
  ^bb105:  // pred: ^bb104
    %197 = arith.trunci %196 : i32 to i1
    cf.cond_br %197, ^bb101(%193, %194 : index, i64), ^bb106
  ^bb106:  // pred: ^bb105
    cf.br ^bb108
  ^bb107:  // pred: ^bb99
    cf.br ^bb108
  ^bb108:  // 2 preds: ^bb106, ^bb107
    %cast = memref.cast %alloc_0 : memref<4xi64> to memref<?xi64>
    %dim_22 = memref.dim %cast, %c0 : memref<?xi64>
    %198 = memref.load %alloca[%c0] : memref<1xi64>
    cf.br ^bb109(%c0, %198 : index, i64)
  ^bb109(%199: index, %200: i64):  // 2 preds: ^bb108, ^bb113
    %201 = arith.cmpi slt, %199, %dim_22 : index
    cf.cond_br %201, ^bb110, ^bb111
  ^bb110:  // pred: ^bb109
    %202 = memref.load %cast[%199] : memref<?xi64>
    %203 = arith.muli %200, %c3_i64 : i64
    %204 = arith.addi %203, %202 : i64
    %205 = arith.addi %199, %c1 : index
    cf.br ^bb112(%205, %204, %c0_i32, %c1_i32 : index, i64, i32, i32)
  ^bb111:  // pred: ^bb109
    cf.br ^bb112(%1, %0, %c1_i32, %c0_i32 : index, i64, i32, i32)
  ^bb112(%206: index, %207: i64, %208: i32, %209: i32):  // 2 preds: ^bb110, ^bb111
    cf.br ^bb113
  ^bb113:  // pred: ^bb112
    %210 = arith.trunci %209 : i32 to i1
    cf.cond_br %210, ^bb109(%206, %207 : index, i64), ^bb114
  ^bb114:  // pred: ^bb113
    %dim_23 = memref.dim %alloc_0, %c0 : memref<4xi64>
    %211 = memref.load %alloca[%c0] : memref<1xi64>
    cf.br ^bb115(%c0, %211 : index, i64)
  ^bb115(%212: index, %213: i64):  // 2 preds: ^bb114, ^bb119
    %214 = arith.cmpi slt, %212, %dim_23 : index
    cf.cond_br %214, ^bb116, ^bb117
  ^bb116:  // pred: ^bb115
    %215 = memref.load %alloc_0[%212] : memref<4xi64>
    %216 = arith.muli %213, %c3_i64 : i64
    %217 = arith.addi %216, %215 : i64
    %218 = arith.addi %212, %c1 : index
    cf.br ^bb118(%218, %217, %c0_i32, %c1_i32 : index, i64, i32, i32)
  ^bb117:  // pred: ^bb115
    cf.br ^bb118(%1, %0, %c1_i32, %c0_i32 : index, i64, i32, i32)
  ^bb118(%219: index, %220: i64, %221: i32, %222: i32):  // 2 preds: ^bb116, ^bb117
    cf.br ^bb119
  ^bb119:  // pred: ^bb118
    %223 = arith.trunci %222 : i32 to i1
    cf.cond_br %223, ^bb115(%219, %220 : index, i64), ^bb120
  ^bb120:  // pred: ^bb119
    %224 = memref.load %alloca[%c0] : memref<1xi64>
    return %224 : i64
  }
}

