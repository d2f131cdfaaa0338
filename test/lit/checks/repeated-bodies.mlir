// RUN: %memlint lint --verify-diagnostics %s
//
// Ops that run their bodies again and again without saying so through
// RegionBranchOpInterface are walked as loops (RepeatedBodies.h):
// affine.parallel (a loop only through LoopLikeOpInterface), a linalg op's
// body (once per element), scf.reduce's combiners (once per two values
// combined). A free in such a body of a buffer made outside it frees it
// again on the next run; before, the body was walked once and nothing was
// said. What each run allocates and frees itself, and what is freed after
// the op, stays clean.

func.func @affine_parallel_frees_outer() {
  %a = memref.alloc() : memref<16xf32> // expected-note {{%a allocated here}}
  affine.parallel (%i) = (0) to (16) {
    memref.dealloc %a : memref<16xf32> // expected-error {{buffer %a is freed twice when the loop at 14:3 is past its first iteration [double-free]}} expected-note {{freed here in the previous iteration of the loop}}
  }
  return
}

// One iteration: the free runs once.
func.func @affine_parallel_one_iteration() {
  %a = memref.alloc() : memref<16xf32>
  affine.parallel (%i) = (0) to (1) {
    memref.dealloc %a : memref<16xf32>
  }
  return
}

// One iteration however the bounds are written: a step past the upper
// bound, a max and a min of constants, a constant symbol.
func.func @affine_parallel_one_iteration_by_step() {
  %a = memref.alloc() : memref<16xf32>
  affine.parallel (%i) = (0) to (10) step (16) {
    memref.dealloc %a : memref<16xf32>
  }
  return
}

func.func @affine_parallel_one_iteration_by_min_max() {
  %a = memref.alloc() : memref<16xf32>
  affine.parallel (%i) = (max(0, 3)) to (min(4, 7)) {
    memref.dealloc %a : memref<16xf32>
  }
  return
}

func.func @affine_parallel_one_iteration_by_symbol() {
  %c1 = arith.constant 1 : index
  %a = memref.alloc() : memref<16xf32>
  affine.parallel (%i, %j) = (0, 0) to (symbol(%c1), 1) {
    memref.dealloc %a : memref<16xf32>
  }
  return
}

// A dimension of size 0: the body never runs, whatever the others are.
func.func @linalg_body_of_no_element(%m: memref<0x?xf32>) {
  %c0 = arith.constant 0 : index
  %b = memref.alloc() : memref<1xf32>
  memref.dealloc %b : memref<1xf32>
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>],
                  iterator_types = ["parallel", "parallel"]}
      outs(%m : memref<0x?xf32>) {
  ^bb0(%y: f32):
    %s = memref.load %b[%c0] : memref<1xf32>
    linalg.yield %s : f32
  }
  return
}

func.func @affine_parallel_scratch_per_iteration(%out: memref<?xf32>, %n: index) {
  %c0 = arith.constant 0 : index
  affine.parallel (%i) = (0) to (symbol(%n)) {
    %t = memref.alloc() : memref<4xf32>
    %v = memref.load %t[%c0] : memref<4xf32>
    memref.store %v, %out[%i] : memref<?xf32>
    memref.dealloc %t : memref<4xf32>
  }
  return
}

func.func @affine_parallel_freed_after(%n: index) {
  %a = memref.alloc(%n) : memref<?xf32>
  %cst = arith.constant 1.0 : f32
  affine.parallel (%i) = (0) to (symbol(%n)) {
    memref.store %cst, %a[%i] : memref<?xf32>
  }
  memref.dealloc %a : memref<?xf32>
  return
}

func.func @affine_parallel_leaks_per_iteration(%n: index) {
  // expected-note @+1 {{the loop repeats here with %t still allocated}}
  affine.parallel (%i) = (0) to (symbol(%n)) {
    %t = memref.alloc() : memref<4xf32> // expected-warning {{buffer %t allocated in a loop is not freed before the next iteration allocates it again [leak]}}
  }
  return // expected-note {{the function exits here with %t still allocated when the loop at 94:3 runs}}
}

#id = affine_map<(d0) -> (d0)>

func.func @linalg_body_frees_outer(%in: memref<16xf32>, %out: memref<16xf32>) {
  %b = memref.alloc() : memref<1xf32> // expected-note {{%b allocated here}}
  linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]}
      ins(%in : memref<16xf32>) outs(%out : memref<16xf32>) {
  ^bb0(%x: f32, %y: f32):
    memref.dealloc %b : memref<1xf32> // expected-error {{buffer %b is freed twice when the linalg.generic at 104:3 is past its first iteration [double-free]}} expected-note {{freed here in another run of the body of the linalg.generic}}
    linalg.yield %x : f32
  }
  return
}

func.func @linalg_body_reads_buffer_freed_after(%in: memref<16xf32>, %out: memref<16xf32>) {
  %c0 = arith.constant 0 : index
  %b = memref.alloc() : memref<1xf32>
  linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]}
      ins(%in : memref<16xf32>) outs(%out : memref<16xf32>) {
  ^bb0(%x: f32, %y: f32):
    %s = memref.load %b[%c0] : memref<1xf32>
    %r = arith.addf %x, %s : f32
    linalg.yield %r : f32
  }
  memref.dealloc %b : memref<1xf32>
  return
}

func.func @reduce_reads_freed(%n: index) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %z = arith.constant 0.0 : f32
  %b = memref.alloc() : memref<1xf32> // expected-note {{%b allocated here}}
  memref.dealloc %b : memref<1xf32> // expected-note {{freed here}}
  %s = scf.parallel (%i) = (%c0) to (%n) step (%c1) init (%z) -> f32 {
    %v = arith.constant 1.0 : f32
    scf.reduce(%v : f32) {
    ^bb0(%x: f32, %y: f32):
      %w = memref.load %b[%c0] : memref<1xf32> // expected-error {{'memref.load' uses buffer %b after it was freed [use-after-free]}}
      %r = arith.addf %x, %w : f32
      scf.reduce.return %r : f32
    }
  }
  return %s : f32
}

func.func @reduce_scratch_per_combination(%n: index) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %z = arith.constant 0.0 : f32
  %s = scf.parallel (%i) = (%c0) to (%n) step (%c1) init (%z) -> f32 {
    %v = arith.constant 1.0 : f32
    scf.reduce(%v : f32) {
    ^bb0(%x: f32, %y: f32):
      %t = memref.alloc() : memref<1xf32>
      memref.store %x, %t[%c0] : memref<1xf32>
      %w = memref.load %t[%c0] : memref<1xf32>
      memref.dealloc %t : memref<1xf32>
      %r = arith.addf %w, %y : f32
      scf.reduce.return %r : f32
    }
  }
  return %s : f32
}

func.func @reduce_leaks_per_combination(%n: index) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %z = arith.constant 0.0 : f32
  %s = scf.parallel (%i) = (%c0) to (%n) step (%c1) init (%z) -> f32 {
    %v = arith.constant 1.0 : f32
    // expected-note @+1 {{the loop repeats here with %t still allocated when the body of the scf.reduce at 171:5 runs}}
    scf.reduce(%v : f32) {
    ^bb0(%x: f32, %y: f32):
      %t = memref.alloc() : memref<1xf32> // expected-warning {{buffer %t allocated in a loop is not freed before the next iteration allocates it again [leak]}}
      memref.store %x, %t[%c0] : memref<1xf32>
      %r = arith.addf %x, %y : f32
      scf.reduce.return %r : f32 // expected-note {{the loop repeats here with %t still allocated}}
    }
  }
  return %s : f32
}
