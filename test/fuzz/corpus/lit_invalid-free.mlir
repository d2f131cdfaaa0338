// RUN: %memlint lint --verify-diagnostics %s

func.func @frees_argument(%arg: memref<4xf32>) { // expected-note {{argument %arg declared here}}
  memref.dealloc %arg : memref<4xf32> // expected-error {{frees %arg, which comes from function argument %arg: the caller owns it [invalid-free]}}
  return
}

func.func @frees_alloca() {
  %s = memref.alloca() : memref<4xf32> // expected-note {{stack allocation here}}
  memref.dealloc %s : memref<4xf32> // expected-error {{stack memory from 'memref.alloca'}}
  return
}

memref.global "private" constant @g : memref<2xf32> = dense<[1.0, 2.0]>
func.func @frees_global() {
  %g = memref.get_global @g : memref<2xf32>
  memref.dealloc %g : memref<2xf32> // expected-error {{the memory of a global}}
  return
}

func.func @frees_interior_view() {
  %a = memref.alloc() : memref<16xf32>
  %v = memref.subview %a[4] [4] [1] : memref<16xf32> to memref<4xf32, strided<[1], offset: 4>>
  memref.dealloc %v : memref<4xf32, strided<[1], offset: 4>> // expected-error {{an interior view of buffer %a}}
  return
}

// An argument reached through a cast, on one path only.
func.func @frees_arg_on_branch(%arg: memref<4xf32>, %c: i1) {
  %m = memref.cast %arg : memref<4xf32> to memref<?xf32>
  scf.if %c {
    memref.dealloc %m : memref<?xf32> // expected-error {{comes from function argument %arg}}
  }
  return
}
