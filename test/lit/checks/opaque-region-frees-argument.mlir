// RUN: %memlint lint --verify-diagnostics %s
//
// An op memlint cannot see into may bind its operands to its regions'
// arguments (a custom launch, a scope that takes ownership): where a
// region frees an argument, the buffers the op is given may be freed
// there, or not. memlint stops following them rather than guess
// (helper-73: a false leak of the operand).

// Not judged: %x may be %a.
func.func @region_frees_its_argument() {
  %a = memref.alloc() : memref<4xf32>
  "npu.launch"(%a) ({
  ^bb0(%x: memref<4xf32>):
    "npu.compute"(%x) : (memref<4xf32>) -> ()
    memref.dealloc %x : memref<4xf32>
    "npu.yield"() : () -> ()
  }) : (memref<4xf32>) -> ()
  return
}

// A region that only uses its argument frees nothing: the buffer the op
// is given is still followed, and its leak found.
func.func @region_uses_its_argument() {
  %a = memref.alloc() : memref<4xf32> // expected-warning {{buffer %a is never freed [leak]}}
  "npu.launch"(%a) ({
  ^bb0(%x: memref<4xf32>):
    "npu.compute"(%x) : (memref<4xf32>) -> ()
    "npu.yield"() : () -> ()
  }) : (memref<4xf32>) -> ()
  return // expected-note {{the function exits here with %a still allocated}}
}

// Buffers the op is not given are still followed.
func.func @other_buffers_still_followed() {
  %a = memref.alloc() : memref<4xf32>
  %b = memref.alloc() : memref<4xf32> // expected-warning {{buffer %b is never freed [leak]}}
  "npu.launch"(%a) ({
  ^bb0(%x: memref<4xf32>):
    memref.dealloc %x : memref<4xf32>
    "npu.yield"() : () -> ()
  }) : (memref<4xf32>) -> ()
  return // expected-note {{the function exits here with %b still allocated}}
}
