// An integer an scf.if yields as a constant per branch (what
// -lift-cf-to-scf emits to remember which block a CFG chose) is that
// branch's condition when compared or truncated afterwards: a free on each
// side of the later choice frees once. (It was an atom of its own: a false
// leak and double free.)
// RUN: %memlint lint %s
// RUN: sed 's/scf.yield %c0_i32 : i32 \/\/ else-trunc/scf.yield %c1_i32 : i32/' %s | not %memlint lint - 2>&1 | FileCheck %s --check-prefix=TRUNC
// TRUNC: warning: buffer %a is never freed
// RUN: sed 's/%again = arith.cmpi eq, %r, %c2_i32/%again = arith.cmpi ne, %r, %c2_i32/' %s | not %memlint lint - 2>&1 | FileCheck %s --check-prefix=CMP
// CMP: error: buffer %b is freed twice

func.func @truncated(%c: i1) {
  %c0_i32 = arith.constant 0 : i32
  %c1_i32 = arith.constant 1 : i32
  %a = memref.alloc() : memref<4xf32>
  %r = scf.if %c -> (i32) {
    memref.dealloc %a : memref<4xf32>
    scf.yield %c1_i32 : i32
  } else {
    scf.yield %c0_i32 : i32 // else-trunc
  }
  %freed = arith.trunci %r : i32 to i1
  scf.if %freed {
  } else {
    memref.dealloc %a : memref<4xf32>
  }
  return
}

// Nested: three blocks chosen by two conditions, the number compared.
func.func @compared(%c: i1, %d: i1) {
  %c0_i32 = arith.constant 0 : i32
  %c1_i32 = arith.constant 1 : i32
  %c2_i32 = arith.constant 2 : i32
  %b = memref.alloc() : memref<4xf32>
  %r = scf.if %c -> (i32) {
    scf.yield %c0_i32 : i32
  } else {
    %inner = scf.if %d -> (i32) {
      memref.dealloc %b : memref<4xf32>
      scf.yield %c2_i32 : i32
    } else {
      scf.yield %c1_i32 : i32
    }
    scf.yield %inner : i32
  }
  %again = arith.cmpi eq, %r, %c2_i32 : i32
  scf.if %again {
  } else {
    memref.dealloc %b : memref<4xf32>
  }
  return
}
