// RUN: %memlint lint --checks=-missed-reuse --verify-diagnostics %s
//
// A linalg op on memrefs reads its ins and writes its outs while its body
// runs: each is a use of the buffer, as a memref.copy's operands are
// (helper-128: a linalg.fill, copy, generic or matmul of a freed buffer
// went unreported; each segfaulted at run time).

func.func @fill_after_free(%f: f32) {
  %a = memref.alloc() : memref<4xf32> // expected-note {{%a allocated here}}
  memref.dealloc %a : memref<4xf32> // expected-note {{freed here}}
  linalg.fill ins(%f : f32) outs(%a : memref<4xf32>) // expected-error {{'linalg.fill' uses buffer %a after it was freed}}
  return
}

func.func @matmul_input_after_free(%b: memref<4x4xf32>, %o: memref<4x4xf32>) {
  %a = memref.alloc() : memref<4x4xf32> // expected-note {{%a allocated here}}
  memref.dealloc %a : memref<4x4xf32> // expected-note {{freed here}}
  linalg.matmul ins(%a, %b : memref<4x4xf32>, memref<4x4xf32>) outs(%o : memref<4x4xf32>) // expected-error {{'linalg.matmul' uses buffer %a after it was freed}}
  return
}

// Freed on one branch before a generic reads it.
func.func @generic_input_freed_on_one_branch(%c: i1, %r: memref<4xf32>) {
  %a = memref.alloc() : memref<4xf32> // expected-note {{%a allocated here}}
  scf.if %c {
    memref.dealloc %a : memref<4xf32> // expected-note {{freed here}}
  }
  linalg.generic {indexing_maps = [affine_map<(i) -> (i)>, affine_map<(i) -> (i)>], iterator_types = ["parallel"]} ins(%a : memref<4xf32>) outs(%r : memref<4xf32>) { // expected-error {{'linalg.generic' uses buffer %a after it was freed when %c is true}}
  ^bb0(%x: f32, %y: f32):
    %s = arith.addf %x, %y : f32
    linalg.yield %s : f32
  }
  scf.if %c {
  } else {
    memref.dealloc %a : memref<4xf32>
  }
  return
}

// What stays clean: every linalg op runs before the frees, in a loop too,
// and a free inside a later iteration's fresh buffer.
func.func @used_then_freed(%f: f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %a = memref.alloc() : memref<4x4xf32>
  %b = memref.alloc() : memref<4x4xf32>
  %o = memref.alloc() : memref<4x4xf32>
  linalg.fill ins(%f : f32) outs(%a : memref<4x4xf32>)
  linalg.fill ins(%f : f32) outs(%b : memref<4x4xf32>)
  linalg.matmul ins(%a, %b : memref<4x4xf32>, memref<4x4xf32>) outs(%o : memref<4x4xf32>)
  memref.dealloc %a : memref<4x4xf32>
  memref.dealloc %b : memref<4x4xf32>
  scf.for %i = %c0 to %c4 step %c1 {
    %t = memref.alloc() : memref<4x4xf32>
    linalg.copy ins(%o : memref<4x4xf32>) outs(%t : memref<4x4xf32>)
    linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"]} ins(%t : memref<4x4xf32>) outs(%o : memref<4x4xf32>) {
    ^bb0(%x: f32, %y: f32):
      %s = arith.mulf %x, %y : f32
      linalg.yield %s : f32
    }
    memref.dealloc %t : memref<4x4xf32>
  }
  memref.dealloc %o : memref<4x4xf32>
  return
}
