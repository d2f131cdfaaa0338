// RUN: %memlint lint --checks=-leak --verify-diagnostics %s
//
// In a body repeated once per index (a one-dimensional affine.parallel, a
// linalg op of one loop), an equality on the index holds in one run at
// most: a free under it frees once, not again in a later run. (Whether
// that run comes is not known: the leak on the runs without it is a limit,
// docs/ownership-model.md, hence -leak here.)

func.func @affine_parallel_free_at_one_index() {
  %a = memref.alloc() : memref<4xf32>
  affine.parallel (%i) = (0) to (4) {
    affine.if affine_set<(d0) : (d0 - 3 == 0)>(%i) {
      memref.dealloc %a : memref<4xf32>
    }
  }
  return
}

func.func @linalg_free_at_one_index(%out: memref<8xf32>) {
  %c7 = arith.constant 7 : index
  %a = memref.alloc() : memref<4xf32>
  linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>],
                  iterator_types = ["parallel"]}
      outs(%out : memref<8xf32>) {
  ^bb0(%y: f32):
    %i = linalg.index 0 : index
    %last = arith.cmpi eq, %i, %c7 : index
    scf.if %last {
      memref.dealloc %a : memref<4xf32>
    }
    linalg.yield %y : f32
  }
  return
}

// Two dimensions: the index of one repeats across the other, so the free
// runs again.
func.func @affine_parallel_2d_free_at_one_index() {
  %a = memref.alloc() : memref<4xf32> // expected-note {{%a allocated here}}
  affine.parallel (%i, %j) = (0, 0) to (4, 4) {
    affine.if affine_set<(d0) : (d0 - 3 == 0)>(%i) {
      memref.dealloc %a : memref<4xf32> // expected-error {{freed twice}} expected-note {{freed here in the previous iteration of the loop}}
    }
  }
  return
}
