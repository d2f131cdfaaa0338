// RUN: %memlint lint --checks=missed-reuse --verify-diagnostics %s

// Same size, same space, the first freed before the second is allocated.
func.func @same_size(%x: memref<64x64xf32>) {
  %a = memref.alloc() : memref<64x64xf32> // expected-note {{%a is allocated here}}
  "npu.exp"(%x, %a) : (memref<64x64xf32>, memref<64x64xf32>) -> ()
  memref.dealloc %a : memref<64x64xf32> // expected-note {{%a is freed here, before %b is allocated}}
  %b = memref.alloc() : memref<64x64xf32> // expected-note {{buffer %b (16384 bytes) could reuse %a, which is freed before it is allocated (same size, memory space default) [missed-reuse]}}
  "npu.norm"(%x, %b) : (memref<64x64xf32>, memref<64x64xf32>) -> ()
  memref.dealloc %b : memref<64x64xf32>
  return
}

// A smaller later buffer fits; the memory space is named as written.
func.func @smaller_sram() {
  %big = memref.alloc() : memref<128x4096xbf16, "SRAM">
  "npu.fill"(%big) : (memref<128x4096xbf16, "SRAM">) -> ()
  memref.dealloc %big : memref<128x4096xbf16, "SRAM">
  %small = memref.alloc() : memref<64x4096xbf16, "SRAM"> // expected-note {{buffer %small (524288 bytes) could reuse %big, which is freed before it is allocated (%big has 1048576 bytes, memory space SRAM)}}
  "npu.fill"(%small) : (memref<64x4096xbf16, "SRAM">) -> ()
  memref.dealloc %small : memref<64x4096xbf16, "SRAM">
  return
}

// Several candidates: the smallest that fits, and each candidate once; and
// none that raises the peak: %d in %big would hold 4,096 bytes while %c, %d
// and %e live (5,920 bytes with %c in %mid, past the 5,184 at the first
// use), so %d reuses nothing.
func.func @best_candidate() {
  %big = memref.alloc() : memref<1024xf32>
  %mid = memref.alloc() : memref<256xf32>
  %tiny = memref.alloc() : memref<16xf32>
  "npu.use"(%big, %mid, %tiny) : (memref<1024xf32>, memref<256xf32>, memref<16xf32>) -> ()
  memref.dealloc %big : memref<1024xf32>
  memref.dealloc %mid : memref<256xf32>
  memref.dealloc %tiny : memref<16xf32>
  %c = memref.alloc() : memref<200xf32> // expected-note {{buffer %c (800 bytes) could reuse %mid}}
  %d = memref.alloc() : memref<200xf32>
  %e = memref.alloc() : memref<200xf32>
  "npu.use"(%c, %d, %e) : (memref<200xf32>, memref<200xf32>, memref<200xf32>) -> ()
  memref.dealloc %c : memref<200xf32>
  memref.dealloc %d : memref<200xf32>
  memref.dealloc %e : memref<200xf32>
  return
}

// Dynamic sizes: the same SSA size operands and the same type.
func.func @dynamic_same(%n: index) {
  %a = memref.alloc(%n) : memref<?x4096xf32>
  "npu.fill"(%a) : (memref<?x4096xf32>) -> ()
  memref.dealloc %a : memref<?x4096xf32>
  %b = memref.alloc(%n) : memref<?x4096xf32> // expected-note {{buffer %b could reuse %a, which is freed before it is allocated (same dynamic size, memory space default)}}
  "npu.fill"(%b) : (memref<?x4096xf32>) -> ()
  memref.dealloc %b : memref<?x4096xf32>
  return
}

// Freed through a view of the buffer: still exactly that buffer.
func.func @freed_through_cast() {
  %a = memref.alloc() : memref<16xf32>
  %v = memref.cast %a : memref<16xf32> to memref<?xf32>
  "npu.fill"(%v) : (memref<?xf32>) -> ()
  memref.dealloc %v : memref<?xf32>
  %b = memref.alloc() : memref<16xf32> // expected-note {{could reuse %a}}
  "npu.fill"(%b) : (memref<16xf32>) -> ()
  memref.dealloc %b : memref<16xf32>
  return
}

// Both inside one loop iteration: reuse within the iteration.
func.func @inside_loop_body(%lb: index, %ub: index) {
  %c1 = arith.constant 1 : index
  scf.for %i = %lb to %ub step %c1 {
    %a = memref.alloc() : memref<32xf32>
    "npu.fill"(%a) : (memref<32xf32>) -> ()
    memref.dealloc %a : memref<32xf32>
    %b = memref.alloc() : memref<32xf32> // expected-note {{buffer %b (128 bytes) could reuse %a}}
    "npu.fill"(%b) : (memref<32xf32>) -> ()
    memref.dealloc %b : memref<32xf32>
  }
  return
}

// Straight-line blocks of a CFG without cycles.
func.func @cfg_straight() {
  %a = memref.alloc() : memref<8xf32>
  "npu.fill"(%a) : (memref<8xf32>) -> ()
  memref.dealloc %a : memref<8xf32>
  cf.br ^bb1
^bb1:
  %b = memref.alloc() : memref<8xf32> // expected-note {{buffer %b (32 bytes) could reuse %a}}
  "npu.fill"(%b) : (memref<8xf32>) -> ()
  memref.dealloc %b : memref<8xf32>
  return
}

// gpu.alloc in an integer memory space.
func.func @gpu_space() {
  %a = gpu.alloc () : memref<256xf16, 1>
  "npu.fill"(%a) : (memref<256xf16, 1>) -> ()
  gpu.dealloc %a : memref<256xf16, 1>
  %b = gpu.alloc () : memref<256xf16, 1> // expected-note {{buffer %b (512 bytes) could reuse %a, which is freed before it is allocated (same size, memory space 1)}}
  "npu.fill"(%b) : (memref<256xf16, 1>) -> ()
  gpu.dealloc %b : memref<256xf16, 1>
  return
}

//===----------------------------------------------------------------------===//
// What it leaves alone: nothing below is reported.
//===----------------------------------------------------------------------===//

// Overlapping lifetimes.
func.func @overlap() {
  %a = memref.alloc() : memref<16xf32>
  %b = memref.alloc() : memref<16xf32>
  "npu.copy"(%a, %b) : (memref<16xf32>, memref<16xf32>) -> ()
  memref.dealloc %a : memref<16xf32>
  memref.dealloc %b : memref<16xf32>
  return
}

// Different memory spaces.
func.func @different_spaces() {
  %a = memref.alloc() : memref<16xf32, "SRAM">
  "npu.fill"(%a) : (memref<16xf32, "SRAM">) -> ()
  memref.dealloc %a : memref<16xf32, "SRAM">
  %b = memref.alloc() : memref<16xf32, "HBM">
  "npu.fill"(%b) : (memref<16xf32, "HBM">) -> ()
  memref.dealloc %b : memref<16xf32, "HBM">
  return
}

// The later buffer is bigger.
func.func @bigger_later() {
  %a = memref.alloc() : memref<16xf32>
  "npu.fill"(%a) : (memref<16xf32>) -> ()
  memref.dealloc %a : memref<16xf32>
  %b = memref.alloc() : memref<17xf32>
  "npu.fill"(%b) : (memref<17xf32>) -> ()
  memref.dealloc %b : memref<17xf32>
  return
}

// Dynamic sizes from different SSA values, or static against dynamic.
func.func @dynamic_different(%n: index, %m: index) {
  %a = memref.alloc(%n) : memref<?xf32>
  "npu.fill"(%a) : (memref<?xf32>) -> ()
  memref.dealloc %a : memref<?xf32>
  %b = memref.alloc(%m) : memref<?xf32>
  "npu.fill"(%b) : (memref<?xf32>) -> ()
  memref.dealloc %b : memref<?xf32>
  %c = memref.alloc() : memref<4xf32>
  "npu.fill"(%c) : (memref<4xf32>) -> ()
  memref.dealloc %c : memref<4xf32>
  return
}

// The later buffer escapes (returned).
func.func @later_returned() -> memref<16xf32> {
  %a = memref.alloc() : memref<16xf32>
  "npu.fill"(%a) : (memref<16xf32>) -> ()
  memref.dealloc %a : memref<16xf32>
  %b = memref.alloc() : memref<16xf32>
  return %b : memref<16xf32>
}

// The earlier buffer is freed only on one branch.
func.func @freed_on_some_paths(%c: i1) {
  %a = memref.alloc() : memref<16xf32>
  scf.if %c {
    memref.dealloc %a : memref<16xf32>
  } else {
    memref.dealloc %a : memref<16xf32>
  }
  %b = memref.alloc() : memref<16xf32>
  "npu.fill"(%b) : (memref<16xf32>) -> ()
  memref.dealloc %b : memref<16xf32>
  return
}

// Freed through a select that may be another buffer.
func.func @freed_through_select(%c: i1) {
  %a = memref.alloc() : memref<16xf32>
  %x = memref.alloc() : memref<16xf32>
  %s = arith.select %c, %a, %x : memref<16xf32>
  memref.dealloc %s : memref<16xf32>
  %b = memref.alloc() : memref<16xf32>
  "npu.fill"(%b) : (memref<16xf32>) -> ()
  memref.dealloc %b : memref<16xf32>
  return
}

// Across loop iterations: the earlier buffer outside, the later in the loop
// (different regions).
func.func @across_loop(%lb: index, %ub: index) {
  %c1 = arith.constant 1 : index
  %a = memref.alloc() : memref<16xf32>
  "npu.fill"(%a) : (memref<16xf32>) -> ()
  memref.dealloc %a : memref<16xf32>
  scf.for %i = %lb to %ub step %c1 {
    %b = memref.alloc() : memref<16xf32>
    "npu.fill"(%b) : (memref<16xf32>) -> ()
    memref.dealloc %b : memref<16xf32>
  }
  return
}

// Different branches.
func.func @different_branches(%c: i1) {
  scf.if %c {
    %a = memref.alloc() : memref<16xf32>
    "npu.fill"(%a) : (memref<16xf32>) -> ()
    memref.dealloc %a : memref<16xf32>
  } else {
    %b = memref.alloc() : memref<16xf32>
    "npu.fill"(%b) : (memref<16xf32>) -> ()
    memref.dealloc %b : memref<16xf32>
  }
  return
}

// A CFG cycle: the free and the later allocation are in a loop.
func.func @cfg_cycle(%c: i1) {
  cf.br ^bb1
^bb1:
  %a = memref.alloc() : memref<16xf32>
  "npu.fill"(%a) : (memref<16xf32>) -> ()
  memref.dealloc %a : memref<16xf32>
  %b = memref.alloc() : memref<16xf32>
  "npu.fill"(%b) : (memref<16xf32>) -> ()
  memref.dealloc %b : memref<16xf32>
  cf.cond_br %c, ^bb1, ^bb2
^bb2:
  return
}

// Untracked: buffers carried around a loop.
func.func @carried(%lb: index, %ub: index) {
  %c1 = arith.constant 1 : index
  %init = memref.alloc() : memref<16xf32>
  %r = scf.for %i = %lb to %ub step %c1 iter_args(%cur = %init) -> (memref<16xf32>) {
    %next = memref.alloc() : memref<16xf32>
    "npu.copy"(%cur, %next) : (memref<16xf32>, memref<16xf32>) -> ()
    memref.dealloc %cur : memref<16xf32>
    scf.yield %next : memref<16xf32>
  }
  memref.dealloc %r : memref<16xf32>
  %b = memref.alloc() : memref<16xf32>
  "npu.fill"(%b) : (memref<16xf32>) -> ()
  memref.dealloc %b : memref<16xf32>
  return
}

// The earlier buffer is freed but also leaked / double freed: other checks
// own those, no reuse advice on top.
func.func @earlier_double_freed() {
  %a = memref.alloc() : memref<16xf32>
  memref.dealloc %a : memref<16xf32>
  memref.dealloc %a : memref<16xf32>
  %b = memref.alloc() : memref<16xf32>
  "npu.fill"(%b) : (memref<16xf32>) -> ()
  memref.dealloc %b : memref<16xf32>
  return
}

// The later one is never freed (a leak): no advice.
func.func @later_leaks() {
  %a = memref.alloc() : memref<16xf32>
  memref.dealloc %a : memref<16xf32>
  %b = memref.alloc() : memref<16xf32>
  "npu.fill"(%b) : (memref<16xf32>) -> ()
  return
}

// A stack buffer and a realloc's result are not plain allocations, and a
// buffer freed by a realloc hands its memory on.
func.func @not_plain() {
  %a = memref.alloc() : memref<16xf32>
  memref.dealloc %a : memref<16xf32>
  %s = memref.alloca() : memref<16xf32>
  "npu.fill"(%s) : (memref<16xf32>) -> ()
  return
}
func.func @realloc() {
  %x = memref.alloc() : memref<16xf32>
  %y = memref.realloc %x : memref<16xf32> to memref<8xf32>
  "npu.fill"(%y) : (memref<8xf32>) -> ()
  memref.dealloc %y : memref<8xf32>
  %z = memref.alloc() : memref<16xf32>
  "npu.fill"(%z) : (memref<16xf32>) -> ()
  memref.dealloc %z : memref<16xf32>
  return
}

// Buffers of different functions never interact.
func.func @first() {
  %a = memref.alloc() : memref<16xf32>
  memref.dealloc %a : memref<16xf32>
  return
}
func.func @second() {
  %b = memref.alloc() : memref<16xf32>
  "npu.fill"(%b) : (memref<16xf32>) -> ()
  memref.dealloc %b : memref<16xf32>
  return
}

// Allocation kinds: a device buffer never takes over a host-shared one (or
// the reverse), a host buffer never a device one, and alignments must
// match; buffers of one kind still do.
func.func @allocation_kinds() {
  %shared = gpu.alloc host_shared () : memref<256xf32>
  "npu.use"(%shared) : (memref<256xf32>) -> ()
  gpu.dealloc %shared : memref<256xf32>
  %device = gpu.alloc () : memref<256xf32>
  "npu.use"(%device) : (memref<256xf32>) -> ()
  gpu.dealloc %device : memref<256xf32>
  %host = memref.alloc() : memref<256xf32>
  "npu.use"(%host) : (memref<256xf32>) -> ()
  memref.dealloc %host : memref<256xf32>
  %aligned = memref.alloc() {alignment = 128 : i64} : memref<256xf32>
  "npu.use"(%aligned) : (memref<256xf32>) -> ()
  memref.dealloc %aligned : memref<256xf32>
  %device2 = gpu.alloc () : memref<128xf32> // expected-note {{buffer %device2 (512 bytes) could reuse %device, which is freed before it is allocated (%device has 1024 bytes, memory space default)}}
  "npu.use"(%device2) : (memref<128xf32>) -> ()
  gpu.dealloc %device2 : memref<128xf32>
  %shared2 = gpu.alloc host_shared () : memref<128xf32> // expected-note {{buffer %shared2 (512 bytes) could reuse %shared}}
  "npu.use"(%shared2) : (memref<128xf32>) -> ()
  gpu.dealloc %shared2 : memref<128xf32>
  return
}

// Sizes past 64 bits (2^64 bytes each) are no sizes to compare or print:
// "9223372036854775807 bytes, same size" was the 64-bit cap, not the size.
func.func @sizes_past_64_bits() {
  %a = memref.alloc() : memref<4611686018427387904xf32>
  memref.dealloc %a : memref<4611686018427387904xf32>
  %b = memref.alloc() : memref<4611686018427387904xf32>
  memref.dealloc %b : memref<4611686018427387904xf32>
  return
}

// A reuse keeps the earlier memory from its free to the later allocation:
// never across memory memlint cannot count (a call may allocate; its
// result's memory is the callee's), nor across an allocation that would
// then raise the peak (helper-129: each merge below doubled the peak).
func.func private @mk() -> memref<16xf32>
func.func private @use(memref<16xf32>)
func.func @call_between() {
  %a = memref.alloc() : memref<16xf32>
  func.call @use(%a) : (memref<16xf32>) -> ()
  memref.dealloc %a : memref<16xf32>
  %b = func.call @mk() : () -> memref<16xf32>
  func.call @use(%b) : (memref<16xf32>) -> ()
  memref.dealloc %b : memref<16xf32>
  %c = memref.alloc() : memref<16xf32>
  func.call @use(%c) : (memref<16xf32>) -> ()
  memref.dealloc %c : memref<16xf32>
  return
}

func.func @branch_allocates_between(%p: i1) {
  %a = memref.alloc() : memref<16xf32>
  "npu.use"(%a) : (memref<16xf32>) -> ()
  memref.dealloc %a : memref<16xf32>
  scf.if %p {
    %b = memref.alloc() : memref<8xf32>
    "npu.use"(%b) : (memref<8xf32>) -> ()
    memref.dealloc %b : memref<8xf32>
  }
  %c = memref.alloc() : memref<16xf32>
  "npu.use"(%c) : (memref<16xf32>) -> ()
  memref.dealloc %c : memref<16xf32>
  return
}

// An allocation in between that stays under the peak (128 bytes while %a
// and %x live) keeps the reuse: %b in %a, then %c in that memory again.
func.func @allocation_between_below_peak() {
  %a = memref.alloc() : memref<16xf32> // expected-note {{%a is allocated here}}
  %x = memref.alloc() : memref<16xf32>
  "npu.use"(%a, %x) : (memref<16xf32>, memref<16xf32>) -> ()
  memref.dealloc %x : memref<16xf32>
  memref.dealloc %a : memref<16xf32> // expected-note {{%a is freed here, before %b is allocated}}
  // expected-note @below {{%b is allocated here}}
  %b = memref.alloc() : memref<16xf32> // expected-note {{buffer %b (64 bytes) could reuse %a}}
  "npu.use"(%b) : (memref<16xf32>) -> ()
  memref.dealloc %b : memref<16xf32> // expected-note {{%b is freed here, before %c is allocated}}
  %c = memref.alloc() : memref<16xf32> // expected-note {{buffer %c (64 bytes) could reuse %b}}
  "npu.use"(%c) : (memref<16xf32>) -> ()
  memref.dealloc %c : memref<16xf32>
  return
}

// Between blocks: an allocation on a path from the free to the later
// allocation (^t) counts, one on a branch that does not lead there would
// not. %c in %a would hold %a's 64 bytes beside %b's 128.
func.func @cfg_allocates_on_the_way(%p: i1) {
  %a = memref.alloc() : memref<16xf32>
  "npu.use"(%a) : (memref<16xf32>) -> ()
  memref.dealloc %a : memref<16xf32>
  cf.cond_br %p, ^t, ^x
^t:
  %b = memref.alloc() : memref<32xf32>
  "npu.use"(%b) : (memref<32xf32>) -> ()
  memref.dealloc %b : memref<32xf32>
  cf.br ^x
^x:
  %c = memref.alloc() : memref<16xf32>
  "npu.use"(%c) : (memref<16xf32>) -> ()
  memref.dealloc %c : memref<16xf32>
  return
}

// A call whose callee allocates nothing (its body is in the file, and so
// are the bodies of what it calls) takes no memory: the reuse stays.
func.func private @nothing_allocated() {
  return
}
func.func private @calls_nothing_allocated(%m: memref<16xf32>) {
  %s = memref.alloca() : memref<16xf32>
  memref.copy %m, %s : memref<16xf32> to memref<16xf32>
  func.call @nothing_allocated() : () -> ()
  return
}
func.func @call_of_a_function_that_allocates_nothing(%x: memref<16xf32>) {
  %a = memref.alloc() : memref<16xf32> // expected-note {{%a is allocated here}}
  "npu.use"(%a) : (memref<16xf32>) -> ()
  memref.dealloc %a : memref<16xf32> // expected-note {{%a is freed here, before %b is allocated}}
  func.call @calls_nothing_allocated(%x) : (memref<16xf32>) -> ()
  %b = memref.alloc() : memref<16xf32> // expected-note {{buffer %b (64 bytes) could reuse %a}}
  "npu.use"(%b) : (memref<16xf32>) -> ()
  memref.dealloc %b : memref<16xf32>
  return
}
