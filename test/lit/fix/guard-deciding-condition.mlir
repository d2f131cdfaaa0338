// A leak freed on some paths by a bufferization.dealloc under one of many
// i1 values: the guarded free tests the value that decides the leak, first
// among the i1s in scope (it was the eighth of eight here, past the six the
// search tried).
// RUN: %memlint fix %s | FileCheck %s --strict-whitespace --match-full-lines
// RUN: %memlint fix %s | %memlint lint -
// RUN: %memlint fix %s | %memlint fix --check -

// CHECK-LABEL:func.func @many_flags(%c0: i1, %c1: i1, %c2: i1, %c3: i1, %c4: i1, %c5: i1, %c6: i1, %c7: i1) {
// CHECK-NEXT:  %a = memref.alloc() : memref<16xf32>
// CHECK-NEXT:  scf.if %c0 {
// CHECK-NEXT:  }
// CHECK-NEXT:  scf.if %c1 {
// CHECK-NEXT:  }
// CHECK-NEXT:  scf.if %c2 {
// CHECK-NEXT:  }
// CHECK-NEXT:  scf.if %c3 {
// CHECK-NEXT:  }
// CHECK-NEXT:  scf.if %c4 {
// CHECK-NEXT:  }
// CHECK-NEXT:  scf.if %c5 {
// CHECK-NEXT:  }
// CHECK-NEXT:  scf.if %c6 {
// CHECK-NEXT:  }
// CHECK-NEXT:  bufferization.dealloc (%a : memref<16xf32>) if (%c7)
// CHECK-NEXT:  scf.if %c7 {} else { memref.dealloc %a : memref<16xf32> }
// CHECK-NEXT:  return
// CHECK-NEXT:}
func.func @many_flags(%c0: i1, %c1: i1, %c2: i1, %c3: i1, %c4: i1, %c5: i1, %c6: i1, %c7: i1) {
  %a = memref.alloc() : memref<16xf32>
  scf.if %c0 {
  }
  scf.if %c1 {
  }
  scf.if %c2 {
  }
  scf.if %c3 {
  }
  scf.if %c4 {
  }
  scf.if %c5 {
  }
  scf.if %c6 {
  }
  bufferization.dealloc (%a : memref<16xf32>) if (%c7)
  return
}
