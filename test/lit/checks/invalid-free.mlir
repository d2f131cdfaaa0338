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

// A cast of the whole buffer to a later offset is an interior view, and so
// is one at the offset a view's metadata reads (not fixed by its type).
func.func @reinterpret_past_start() {
  %a = memref.alloc() : memref<8xf32>
  %m1 = memref.reinterpret_cast %a to offset: [0], sizes: [8], strides: [1] : memref<8xf32> to memref<8xf32>
  %in = memref.reinterpret_cast %m1 to offset: [2], sizes: [4], strides: [1] : memref<8xf32> to memref<4xf32, strided<[1], offset: 2>> // expected-note {{interior view created here}}
  memref.dealloc %in : memref<4xf32, strided<[1], offset: 2>> // expected-error {{frees %in, an interior view of buffer %a; free %a itself [invalid-free]}}
  return
}

func.func @reinterpret_at_view_metadata_offset(%i: index) {
  %a = memref.alloc() : memref<8xf32>
  %v = memref.subview %a[%i] [4] [1] : memref<8xf32> to memref<4xf32, strided<[1], offset: ?>>
  %base, %off, %sz, %st = memref.extract_strided_metadata %v : memref<4xf32, strided<[1], offset: ?>> -> memref<f32>, index, index, index
  %rc = memref.reinterpret_cast %base to offset: [%off], sizes: [4], strides: [1] : memref<f32> to memref<4xf32, strided<[1], offset: ?>> // expected-note {{interior view created here}}
  memref.dealloc %rc : memref<4xf32, strided<[1], offset: ?>> // expected-error {{frees %rc, an interior view of buffer %a; free %a itself [invalid-free]}}
  return
}
