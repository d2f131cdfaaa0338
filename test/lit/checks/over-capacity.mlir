// RUN: %memlint lint --checks=over-capacity --capacity SRAM=1048576 --capacity default=100 --capacity L2=4096 --assume 'n<=2048' --verify-diagnostics %s
// Without a capacity the check says nothing.
// RUN: %memlint lint --checks=over-capacity %s | FileCheck %s --check-prefix=NONE --allow-empty
// NONE-NOT: over-capacity
// The capacity can come from .memlint.json.
// RUN: echo '{"capacity": {"SRAM": 1048576}}' > %t.json
// RUN: not %memlint lint --checks=over-capacity --config=%t.json %s | FileCheck %s --check-prefix=CONFIG
// CONFIG: over-capacity.mlir:[[@LINE+3]]:11: warning: cannot fit: at least 1572864 bytes of SRAM are live at once, capacity 1048576 [over-capacity]

// Two 768 KiB activations live at once in 1 MiB of SRAM: certain OOM.
func.func @certain_oom(%x: memref<4xf32>) { // expected-warning {{cannot fit: at least 1572864 bytes of SRAM are live at once, capacity 1048576 [over-capacity]}}
  %q = memref.alloc() : memref<768x512xf16, "SRAM">
  %k = memref.alloc() : memref<768x512xf16, "SRAM"> // expected-note {{1572864 bytes of SRAM are live here: %q (786432), %k (786432)}}
  "npu.attn"(%q, %k, %x) : (memref<768x512xf16, "SRAM">, memref<768x512xf16, "SRAM">, memref<4xf32>) -> ()
  memref.dealloc %q : memref<768x512xf16, "SRAM">
  memref.dealloc %k : memref<768x512xf16, "SRAM">
  return
}

// The same bytes one after the other fit.
func.func @fits() {
  %q = memref.alloc() : memref<768x512xf16, "SRAM">
  "npu.use"(%q) : (memref<768x512xf16, "SRAM">) -> ()
  memref.dealloc %q : memref<768x512xf16, "SRAM">
  %k = memref.alloc() : memref<768x512xf16, "SRAM">
  "npu.use"(%k) : (memref<768x512xf16, "SRAM">) -> ()
  memref.dealloc %k : memref<768x512xf16, "SRAM">
  return
}

// At most 96 bytes are live at once (with 64-byte alignment, a 32-byte
// buffer on top), but %y and %z cannot both be on top: any plan needs 128.
func.func @fragmented() { // expected-warning {{the planned arena needs 128 bytes, capacity 100; the lower bound 96 fits [over-capacity]}}
  %x0 = memref.alloc() : memref<64xi8>
  %y = memref.alloc() : memref<32xi8>
  "npu.use"(%x0, %y) : (memref<64xi8>, memref<32xi8>) -> ()
  memref.dealloc %x0 : memref<64xi8>
  %z = memref.alloc() : memref<32xi8>
  "npu.use"(%y, %z) : (memref<32xi8>, memref<32xi8>) -> ()
  memref.dealloc %y : memref<32xi8>
  %x2 = memref.alloc() : memref<64xi8>
  "npu.use"(%z, %x2) : (memref<32xi8>, memref<64xi8>) -> ()
  memref.dealloc %z : memref<32xi8>
  memref.dealloc %x2 : memref<64xi8>
  return
}

// A dynamic size bounded by --assume n<=2048: 2048 x 4 bytes > 4096.
func.func @bounded(%n: index) { // expected-warning {{cannot fit: at least 8192 bytes of L2 are live at once, capacity 4096}}
  %a = memref.alloc(%n) : memref<?xf32, "L2"> // expected-note {{8192 bytes of L2 are live here: %a (8192)}}
  "npu.use"(%a) : (memref<?xf32, "L2">) -> ()
  memref.dealloc %a : memref<?xf32, "L2">
  return
}

// An unbounded dynamic size is not a finding by itself...
func.func @unbounded(%m: index) {
  %a = memref.alloc(%m) : memref<?xf32, "L2">
  "npu.use"(%a) : (memref<?xf32, "L2">) -> ()
  memref.dealloc %a : memref<?xf32, "L2">
  return
}

// ...but is mentioned when the rest already does not fit.
func.func @unbounded_and_static(%m: index) { // expected-warning {{cannot fit: at least 8192 bytes of L2 are live at once, capacity 4096 (not counting 1 buffer of unbounded dynamic size; bound them with --assume)}}
  %a = memref.alloc(%m) : memref<?xf32, "L2">
  %b = memref.alloc() : memref<2048xf32, "L2">
  "npu.use"(%a, %b) : (memref<?xf32, "L2">, memref<2048xf32, "L2">) -> ()
  memref.dealloc %a : memref<?xf32, "L2">
  memref.dealloc %b : memref<2048xf32, "L2">
  return
}

// A space without a configured capacity is never judged.
func.func @no_capacity() {
  %a = memref.alloc() : memref<1048576xf32, "HBM">
  "npu.use"(%a) : (memref<1048576xf32, "HBM">) -> ()
  memref.dealloc %a : memref<1048576xf32, "HBM">
  return
}

// Sizes whose sum 64 bits cannot count (2^61 bytes, and 2^59 + 1 floats,
// which wrap when summed in bytes) exceed any capacity: the plan's numbers
// were 0 and the check said nothing.
func.func @past_64_bits() { // expected-warning {{cannot fit: the buffers of default add up to more bytes than 64 bits count, capacity 100 [over-capacity]}}
  %a = memref.alloc() : memref<2305843009213693952xi8>
  memref.dealloc %a : memref<2305843009213693952xi8>
  %b = memref.alloc() : memref<576460752303423489xf32>
  memref.dealloc %b : memref<576460752303423489xf32>
  return
}
