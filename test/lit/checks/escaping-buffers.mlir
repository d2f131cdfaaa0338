// RUN: %memlint lint --verify-diagnostics %s
//
// A buffer that leaves memlint's sight (stored into memory, made a tensor,
// its address turned into a pointer) becomes untracked: no finding and no
// fix about it is guessed (a leak's fix would free it before the use that
// goes through the other form).

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
