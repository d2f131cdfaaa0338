// RUN: %memlint fix %s | grep -v '^//' | FileCheck %s
// RUN: %memlint fix %s | %memlint lint -
//
// A leak on the paths through the default of an scf.index_switch written
// empty (its yield implicit, no op to put the free before; cases cannot be
// written empty) is fixed inside it, on its own line or between its braces.
// The first function leaked at run time for every %k but 0 and 1; fixed,
// it frees %a once for each (helper-76 N1).

// CHECK-LABEL: func.func @leak_in_empty_default
// CHECK: default {
// CHECK-NEXT: memref.dealloc %a : memref<4xf32>
// CHECK-NEXT: }
func.func @leak_in_empty_default(%k: index) -> f32 {
  %c0 = arith.constant 0 : index
  %a = memref.alloc() : memref<4xf32>
  %x = memref.load %a[%c0] : memref<4xf32>
  scf.index_switch %k
  case 0 {
    memref.dealloc %a : memref<4xf32>
    scf.yield
  }
  case 1 {
    memref.dealloc %a : memref<4xf32>
    scf.yield
  }
  default {
  }
  return %x : f32
}

// CHECK-LABEL: func.func @leak_in_empty_default_on_one_line
// CHECK: default { memref.dealloc %a : memref<4xf32> }
func.func @leak_in_empty_default_on_one_line(%k: index) -> f32 {
  %c0 = arith.constant 0 : index
  %a = memref.alloc() : memref<4xf32>
  %x = memref.load %a[%c0] : memref<4xf32>
  scf.index_switch %k
  case 0 {
    memref.dealloc %a : memref<4xf32>
    scf.yield
  }
  default {}
  return %x : f32
}
