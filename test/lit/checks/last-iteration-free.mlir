// RUN: %memlint lint --verify-diagnostics %s
//
// An scf.for with constant bounds leaves from its last iteration only and
// goes back from every other one: a body that frees a buffer when its
// induction variable is the last value it takes (`%i == 3` for 0 to 4)
// frees it once, after every use, on every path (helper-113: a false leak
// and use after free).

func.func @freed_in_last_iteration() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %a = memref.alloc() : memref<4xf32>
  scf.for %i = %c0 to %c4 step %c1 {
    %v = memref.load %a[%i] : memref<4xf32>
    %z = arith.cmpi eq, %i, %c3 : index
    scf.if %z {
      memref.dealloc %a : memref<4xf32>
    }
  }
  return
}

// 0, 2, 4, 6: the last value is 6, not the bound less one.
func.func @freed_in_last_iteration_step_two() {
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  %c6 = arith.constant 6 : index
  %c7 = arith.constant 7 : index
  %a = memref.alloc() : memref<8xf32>
  scf.for %i = %c0 to %c7 step %c2 {
    %v = memref.load %a[%i] : memref<8xf32>
    %z = arith.cmpi eq, %c6, %i : index
    scf.if %z {
      memref.dealloc %a : memref<8xf32>
    }
  }
  return
}

// 0 to 7 step 2 never reaches 7: never freed.
func.func @compared_with_a_value_it_never_takes() {
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  %c7 = arith.constant 7 : index
  %a = memref.alloc() : memref<8xf32> // expected-warning {{buffer %a is never freed (its free is never reached) [leak]}}
  scf.for %i = %c0 to %c7 step %c2 {
    %z = arith.cmpi eq, %i, %c7 : index
    scf.if %z {
      memref.dealloc %a : memref<8xf32>
    }
  }
  return // expected-note {{the function exits here with %a still allocated}}
}

// The same free, and one of a view of it that runs when %c holds: the
// buffer is freed on other paths (the leak's words say so, not that its
// free is never reached).
func.func @freed_through_a_view_elsewhere(%c: i1) {
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  %c7 = arith.constant 7 : index
  %a = memref.alloc() : memref<8xf32> // expected-warning {{buffer %a is never freed when %c is false (it is freed only on other paths) [leak]}}
  %v = memref.cast %a : memref<8xf32> to memref<?xf32>
  scf.for %i = %c0 to %c7 step %c2 {
    %z = arith.cmpi eq, %i, %c7 : index
    scf.if %z {
      memref.dealloc %a : memref<8xf32>
    }
  }
  scf.if %c {
    memref.dealloc %v : memref<?xf32>
  }
  return // expected-note {{the function exits here with %a still allocated}}
}

// The last value asked as a case of an index_switch on the counter
// (helper-122), with a few cases or many.
func.func @freed_in_last_case() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c10 = arith.constant 10 : index
  %a = memref.alloc() : memref<10xf32>
  scf.for %i = %c0 to %c10 step %c1 {
    %v = memref.load %a[%i] : memref<10xf32>
    scf.index_switch %i
    case 9 {
      memref.dealloc %a : memref<10xf32>
      scf.yield
    }
    default { }
  }
  return
}

func.func @freed_in_last_of_many_cases() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c10 = arith.constant 10 : index
  %a = memref.alloc() : memref<10xf32>
  scf.for %i = %c0 to %c10 step %c1 {
    scf.index_switch %i
    case 0 { scf.yield }
    case 1 { scf.yield }
    case 2 { scf.yield }
    case 3 { scf.yield }
    case 4 { scf.yield }
    case 5 { scf.yield }
    case 6 { scf.yield }
    case 7 { scf.yield }
    case 8 { scf.yield }
    case 9 {
      memref.dealloc %a : memref<10xf32>
      scf.yield
    }
    default { }
  }
  return
}

// The last case frees twice.
func.func @freed_twice_in_last_case() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c10 = arith.constant 10 : index
  %a = memref.alloc() : memref<10xf32> // expected-note {{%a allocated here}}
  scf.for %i = %c0 to %c10 step %c1 {
    scf.index_switch %i
    case 9 {
      memref.dealloc %a : memref<10xf32> // expected-note {{first freed here}}
      memref.dealloc %a : memref<10xf32> // expected-error {{[double-free]}}
      scf.yield
    }
    default { }
  }
  return
}

// Two questions of the counter, one of them the last value: the last
// iteration's atom belongs to the body (renamed at the back edge like the
// others), so the earlier iteration's `i >= 2` is not the current one's;
// a free in the last two iterations is a double free (missed while the
// atom belonged to the loop op), and no leak.
func.func @freed_in_the_last_two_iterations() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %a = memref.alloc() : memref<4xf32> // expected-note {{%a allocated here}}
  scf.for %i = %c0 to %c4 step %c1 {
    %z = arith.cmpi sge, %i, %c2 : index
    %y = arith.cmpi eq, %i, %c3 : index
    "test.use"(%y) : (i1) -> ()
    scf.if %z {
      memref.dealloc %a : memref<4xf32> // expected-error {{buffer %a is freed twice when the loop at}} expected-note {{freed here in the previous iteration of the loop}}
    }
  }
  return
}
