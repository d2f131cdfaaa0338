// RUN: %memlint lint --verify-diagnostics %s
//
// A buffer that leaves memlint's sight (stored into memory, made a tensor,
// its address turned into a pointer) becomes untracked: no leak and no fix
// about it is guessed (a leak's fix would free it before the use that goes
// through the other form), but for what happened to it before, in a block
// that runs once. A second free, or a use, after a free, each through a
// value memlint follows, is still reported wherever it happens: it is
// wrong whatever else holds the buffer.

func.func @stored_into_memory(%v: f32) -> f32 {
  %c0 = arith.constant 0 : index
  %box = memref.alloca() : memref<memref<4xf32>>
  %a = memref.alloc() : memref<4xf32>
  memref.store %a, %box[] : memref<memref<4xf32>>
  %b = memref.load %box[] : memref<memref<4xf32>>
  memref.store %v, %b[%c0] : memref<4xf32>
  %x = memref.load %b[%c0] : memref<4xf32>
  return %x : f32
}

func.func @made_a_tensor(%v: f32) -> f32 {
  %c0 = arith.constant 0 : index
  %a = memref.alloc() : memref<4xf32>
  memref.store %v, %a[%c0] : memref<4xf32>
  %t = bufferization.to_tensor %a restrict writable : memref<4xf32> to tensor<4xf32>
  %b = bufferization.to_buffer %t : tensor<4xf32> to memref<4xf32>
  %x = memref.load %b[%c0] : memref<4xf32>
  return %x : f32
}

func.func @address_made_a_pointer(%v: f32) -> f32 {
  %c0 = arith.constant 0 : index
  %a = memref.alloc() : memref<4xf32>
  memref.store %v, %a[%c0] : memref<4xf32>
  %p = memref.extract_aligned_pointer_as_index %a : memref<4xf32> -> index
  %i = arith.index_cast %p : index to i64
  %ptr = llvm.inttoptr %i : i64 to !llvm.ptr
  %x = llvm.load %ptr : !llvm.ptr -> f32
  return %x : f32
}

// Its address only compared, or an index stored: still tracked.
func.func @address_compared(%other: memref<4xf32>, %slots: memref<1xindex>) -> i1 {
  %c0 = arith.constant 0 : index
  %a = memref.alloc() : memref<4xf32> // expected-warning {{buffer %a is never freed [leak]}}
  %p = memref.extract_aligned_pointer_as_index %a : memref<4xf32> -> index
  %q = memref.extract_aligned_pointer_as_index %other : memref<4xf32> -> index
  memref.store %p, %slots[%c0] : memref<1xindex>
  %same = arith.cmpi eq, %p, %q : index
  return %same : i1 // expected-note {{the function exits here with %a still allocated}}
}

// What happened to the buffer before it left memlint's sight still holds:
// freed twice, then stored.
func.func @freed_twice_before_stored(%v: f32) {
  %box = memref.alloca() : memref<memref<4xf32>>
  // expected-note@+1 {{%a allocated here}}
  %a = memref.alloc() : memref<4xf32>
  // expected-note@+1 {{first freed here}}
  memref.dealloc %a : memref<4xf32>
  // expected-error@+1 {{buffer %a is freed twice [double-free]}}
  memref.dealloc %a : memref<4xf32>
  memref.store %a, %box[] : memref<memref<4xf32>>
  return
}

// A callee that returns the buffer it is given on some paths only: the
// buffer is lost at the call, not before.
func.func private @maybe_copy(%c: i1, %m: memref<4xf32>) -> memref<4xf32> {
  %r = scf.if %c -> (memref<4xf32>) {
    %n = memref.alloc() : memref<4xf32>
    memref.copy %m, %n : memref<4xf32> to memref<4xf32>
    scf.yield %n : memref<4xf32>
  } else {
    scf.yield %m : memref<4xf32>
  }
  return %r : memref<4xf32>
}
func.func @used_after_free_before_call(%c: i1, %d: i1, %v: f32) -> memref<4xf32> {
  %c0 = arith.constant 0 : index
  // expected-note@+1 {{%a allocated here}}
  %a = memref.alloc() : memref<4xf32>
  scf.if %d {
    // expected-note@+1 {{freed here}}
    memref.dealloc %a : memref<4xf32>
  }
  // expected-error@+1 {{'memref.store' uses buffer %a after it was freed when %d is true [use-after-free]}}
  memref.store %v, %a[%c0] : memref<4xf32>
  // expected-error@+1 {{'func.call' uses buffer %a after it was freed when %d is true [use-after-free]}}
  %r = call @maybe_copy(%c, %a) : (i1, memref<4xf32>) -> memref<4xf32>
  return %r : memref<4xf32>
}

// After the buffer is lost, nothing is said: which buffer the result is
// cannot be told, and a free of it may be the free of %a.
func.func @freed_after_call(%c: i1) {
  %a = memref.alloc() : memref<4xf32>
  %r = call @maybe_copy(%c, %a) : (i1, memref<4xf32>) -> memref<4xf32>
  memref.dealloc %r : memref<4xf32>
  memref.dealloc %a : memref<4xf32>
  return
}

// In a loop that loses it, a use after the free of the same iteration's
// buffer is still one.
func.func @lost_in_a_loop(%n: index, %v: f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %box = memref.alloca() : memref<memref<4xf32>>
  scf.for %i = %c0 to %n step %c1 {
    // expected-note@+1 {{%a allocated here}}
    %a = memref.alloc() : memref<4xf32>
    // expected-note@+1 {{freed here}}
    memref.dealloc %a : memref<4xf32>
    // expected-error@+1 {{'memref.store' uses buffer %a after it was freed [use-after-free]}}
    memref.store %v, %a[%c0] : memref<4xf32>
    memref.store %a, %box[] : memref<memref<4xf32>>
  }
  return
}

// Lost in a later block that no branch leads back from: what happened
// before still holds.
func.func @freed_twice_then_stored_in_a_later_block(%box: memref<memref<4xf32>>) {
  // expected-note@+1 {{%a allocated here}}
  %a = memref.alloc() : memref<4xf32>
  // expected-note@+1 {{first freed here}}
  memref.dealloc %a : memref<4xf32>
  cf.br ^freed_again
^freed_again:
  // expected-error@+1 {{buffer %a is freed twice [double-free]}}
  memref.dealloc %a : memref<4xf32>
  cf.br ^stored
^stored:
  memref.store %a, %box[] : memref<memref<4xf32>>
  return
}

// After it left memlint's sight, a second free through its own name is
// still a double free (what holds the other form cannot undo the first
// free), and a use after the free still a use after free; as -gpu-to-llvm
// leaves a device buffer cast to its LLVM descriptor beside its frees.
func.func @freed_twice_after_cast() {
  // expected-note@+1 {{%d allocated here}}
  %d = gpu.alloc () : memref<16xf32>
  %x = builtin.unrealized_conversion_cast %d : memref<16xf32> to !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
  // expected-note@+1 {{first freed here}}
  gpu.dealloc %d : memref<16xf32>
  // expected-error@+1 {{buffer %d is freed twice [double-free]}}
  gpu.dealloc %d : memref<16xf32>
  return
}
func.func @used_after_free_after_stored(%v: f32) {
  %c0 = arith.constant 0 : index
  %box = memref.alloca() : memref<memref<4xf32>>
  // expected-note@+1 {{%a allocated here}}
  %a = memref.alloc() : memref<4xf32>
  memref.store %a, %box[] : memref<memref<4xf32>>
  // expected-note@+1 {{freed here}}
  memref.dealloc %a : memref<4xf32>
  // expected-error@+1 {{'memref.store' uses buffer %a after it was freed [use-after-free]}}
  memref.store %v, %a[%c0] : memref<4xf32>
  return
}
