// RUN: %memlint lint --verify-diagnostics %s
//
// A switch of many cases is read as one code over its cases (a few atoms
// for any number of them): each case and the default stay exclusive, the
// paths are worded by the cases taken, and later questions on the
// selector (a comparison, another switch) read the same cells.

func.func @every_case_frees(%f: i32) {
  %a = memref.alloc() : memref<4xf32>
  cf.switch %f : i32, [default: ^d, 0: ^c0, 1: ^c1, 2: ^c2, 3: ^c3, 4: ^c4, 5: ^c5, 6: ^c6, 7: ^c7, 8: ^c8, 9: ^c9]
^c0:
  memref.dealloc %a : memref<4xf32>
  cf.br ^exit
^c1:
  memref.dealloc %a : memref<4xf32>
  cf.br ^exit
^c2:
  memref.dealloc %a : memref<4xf32>
  cf.br ^exit
^c3:
  memref.dealloc %a : memref<4xf32>
  cf.br ^exit
^c4:
  memref.dealloc %a : memref<4xf32>
  cf.br ^exit
^c5:
  memref.dealloc %a : memref<4xf32>
  cf.br ^exit
^c6:
  memref.dealloc %a : memref<4xf32>
  cf.br ^exit
^c7:
  memref.dealloc %a : memref<4xf32>
  cf.br ^exit
^c8:
  memref.dealloc %a : memref<4xf32>
  cf.br ^exit
^c9:
  memref.dealloc %a : memref<4xf32>
  cf.br ^exit
^d:
  memref.dealloc %a : memref<4xf32>
  cf.br ^exit
^exit:
  return
}

func.func @case_seven_leaks(%f: i32) {
  %a = memref.alloc() : memref<4xf32> // expected-warning {{buffer %a is never freed when the switch at 50:3 takes case 7 (it is freed only on other paths) [leak]}}
  cf.switch %f : i32, [default: ^d, 0: ^c0, 1: ^c1, 2: ^c2, 3: ^c3, 4: ^c4, 5: ^c5, 6: ^c6, 7: ^c7, 8: ^c8, 9: ^c9]
^c0:
  memref.dealloc %a : memref<4xf32>
  cf.br ^exit
^c1:
  memref.dealloc %a : memref<4xf32>
  cf.br ^exit
^c2:
  memref.dealloc %a : memref<4xf32>
  cf.br ^exit
^c3:
  memref.dealloc %a : memref<4xf32>
  cf.br ^exit
^c4:
  memref.dealloc %a : memref<4xf32>
  cf.br ^exit
^c5:
  memref.dealloc %a : memref<4xf32>
  cf.br ^exit
^c6:
  memref.dealloc %a : memref<4xf32>
  cf.br ^exit
^c7:
  cf.br ^exit
^c8:
  memref.dealloc %a : memref<4xf32>
  cf.br ^exit
^c9:
  memref.dealloc %a : memref<4xf32>
  cf.br ^exit
^d:
  memref.dealloc %a : memref<4xf32>
  cf.br ^exit
^exit:
  return // expected-note {{the function exits here with %a still allocated}}
}

func.func @default_leaks(%f: i32) {
  %a = memref.alloc() : memref<4xf32> // expected-warning {{never freed when the switch at 89:3 takes its default case}}
  cf.switch %f : i32, [default: ^d, 0: ^c0, 1: ^c1, 2: ^c2, 3: ^c3, 4: ^c4, 5: ^c5, 6: ^c6, 7: ^c7, 8: ^c8]
^c0:
  memref.dealloc %a : memref<4xf32>
  cf.br ^exit
^c1:
  memref.dealloc %a : memref<4xf32>
  cf.br ^exit
^c2:
  memref.dealloc %a : memref<4xf32>
  cf.br ^exit
^c3:
  memref.dealloc %a : memref<4xf32>
  cf.br ^exit
^c4:
  memref.dealloc %a : memref<4xf32>
  cf.br ^exit
^c5:
  memref.dealloc %a : memref<4xf32>
  cf.br ^exit
^c6:
  memref.dealloc %a : memref<4xf32>
  cf.br ^exit
^c7:
  memref.dealloc %a : memref<4xf32>
  cf.br ^exit
^c8:
  memref.dealloc %a : memref<4xf32>
  cf.br ^exit
^d:
  cf.br ^exit
^exit:
  return // expected-note {{the function exits here with %a still allocated}}
}

// Case 3 frees nothing, and `%f == 3` afterwards frees: one question.
func.func @later_comparison(%f: i32) {
  %a = memref.alloc() : memref<4xf32>
  cf.switch %f : i32, [default: ^d, 0: ^c0, 1: ^c1, 2: ^c2, 3: ^c3, 4: ^c4, 5: ^c5, 6: ^c6, 7: ^c7, 8: ^c8]
^c0:
  memref.dealloc %a : memref<4xf32>
  cf.br ^exit
^c1:
  memref.dealloc %a : memref<4xf32>
  cf.br ^exit
^c2:
  memref.dealloc %a : memref<4xf32>
  cf.br ^exit
^c3:
  cf.br ^exit
^c4:
  memref.dealloc %a : memref<4xf32>
  cf.br ^exit
^c5:
  memref.dealloc %a : memref<4xf32>
  cf.br ^exit
^c6:
  memref.dealloc %a : memref<4xf32>
  cf.br ^exit
^c7:
  memref.dealloc %a : memref<4xf32>
  cf.br ^exit
^c8:
  memref.dealloc %a : memref<4xf32>
  cf.br ^exit
^d:
  memref.dealloc %a : memref<4xf32>
  cf.br ^exit
^exit:
  %c3 = arith.constant 3 : i32
  %q = arith.cmpi eq, %f, %c3 : i32
  scf.if %q {
    memref.dealloc %a : memref<4xf32>
  }
  return
}

// The second switch has no case 3: its default frees what case 3 of the
// first freed. Worded by the case that leads there, not by what the paths
// reaching the second free already imply.
func.func @second_switch_default(%f: index) {
  %a = memref.alloc() : memref<4xf32> // expected-note {{%a allocated here}}
  scf.index_switch %f
  case 0 { scf.yield }
  case 1 { scf.yield }
  case 2 { scf.yield }
  case 3 {
    memref.dealloc %a : memref<4xf32> // expected-note {{first freed here}}
    scf.yield
  }
  case 4 { scf.yield }
  case 5 { scf.yield }
  case 6 { scf.yield }
  case 7 { scf.yield }
  case 8 { scf.yield }
  default { }
  scf.index_switch %f
  case 0 { memref.dealloc %a : memref<4xf32>
    scf.yield }
  case 1 { memref.dealloc %a : memref<4xf32>
    scf.yield }
  case 2 { memref.dealloc %a : memref<4xf32>
    scf.yield }
  case 4 { memref.dealloc %a : memref<4xf32>
    scf.yield }
  case 5 { memref.dealloc %a : memref<4xf32>
    scf.yield }
  case 6 { memref.dealloc %a : memref<4xf32>
    scf.yield }
  case 7 { memref.dealloc %a : memref<4xf32>
    scf.yield }
  case 8 { memref.dealloc %a : memref<4xf32>
    scf.yield }
  default {
    memref.dealloc %a : memref<4xf32> // expected-error {{buffer %a is freed twice when the index_switch at 170:3 takes case 3 [double-free]}}
  }
  return
}

// The same cases both times, freeing in complementary cases: clean.
func.func @second_switch_complement(%f: index) {
  %a = memref.alloc() : memref<4xf32>
  scf.index_switch %f
  case 0 { scf.yield }
  case 1 { memref.dealloc %a : memref<4xf32>
    scf.yield }
  case 2 { scf.yield }
  case 3 { memref.dealloc %a : memref<4xf32>
    scf.yield }
  case 4 { scf.yield }
  case 5 { scf.yield }
  case 6 { scf.yield }
  case 7 { scf.yield }
  default { }
  scf.index_switch %f
  case 0 { memref.dealloc %a : memref<4xf32>
    scf.yield }
  case 1 { scf.yield }
  case 2 { memref.dealloc %a : memref<4xf32>
    scf.yield }
  case 3 { scf.yield }
  case 4 { memref.dealloc %a : memref<4xf32>
    scf.yield }
  case 5 { memref.dealloc %a : memref<4xf32>
    scf.yield }
  case 6 { memref.dealloc %a : memref<4xf32>
    scf.yield }
  case 7 { memref.dealloc %a : memref<4xf32>
    scf.yield }
  default { memref.dealloc %a : memref<4xf32> }
  return
}
