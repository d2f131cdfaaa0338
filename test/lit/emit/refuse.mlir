// emit lowers only what is free of lifetime errors. A double free: with
// --no-fix emit refuses (exit 1, the findings on stderr); by default it
// applies memlint's safe fix in memory (the second free goes) and emits.
//
// RUN: bash %S/../../emit/exit_code.sh %memlint emit --target=cuda --no-fix %s \
// RUN:   | FileCheck %s --check-prefix=REFUSE
// RUN: bash %S/../../emit/exit_code.sh %memlint emit --target=cuda --emit=arena %s \
// RUN:   | FileCheck %s --check-prefix=FIXED

// REFUSE: refuse.mlir:[[@LINE+19]]:3: error: buffer %a is freed twice [double-free]
// REFUSE: memlint emit: {{.*}}refuse.mlir has lifetime errors; fix them first (memlint fix)
// REFUSE: exit 1

// FIXED: memlint emit: applied 1 safe fix(es) in memory
// FIXED: %[[ARENA:.*]] = gpu.alloc () : memref<128xi8>
// FIXED-NOT: gpu.dealloc %{{.*}} : memref<16xf32>
// FIXED: gpu.dealloc %[[ARENA]] : memref<128xi8>
// FIXED-NEXT: return
// FIXED: exit 0
func.func @double_free() {
  %c0 = arith.constant 0 : index
  %one = arith.constant 1.0 : f32
  %a = gpu.alloc () : memref<16xf32>
  %b = gpu.alloc () : memref<16xf32>
  memref.store %one, %a[%c0] : memref<16xf32>
  memref.store %one, %b[%c0] : memref<16xf32>
  gpu.dealloc %a : memref<16xf32>
  gpu.dealloc %b : memref<16xf32>
  gpu.dealloc %a : memref<16xf32>
  return
}
