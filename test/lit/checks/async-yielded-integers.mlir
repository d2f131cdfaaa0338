// RUN: %memlint lint --verify-diagnostics %s
//
// An async.execute that yields an integer hands it out as an
// `!async.value<i1>`: upstream's range analysis gave that result the
// integer's range and, where it was one value, aborted making a constant
// of the value's type (LLVM ERROR: Don't know how to create a constant).
// Such a function goes without ranges; its findings stand.

func.func @constant_yielded(%n: index) {
  %t, %v = async.execute -> !async.value<i1> {
    %true = arith.constant true
    async.yield %true : i1
  }
  // expected-warning@+1 {{buffer %m is never freed when %c is false}}
  %m = memref.alloc() : memref<8xf32>
  %c4 = arith.constant 4 : index
  %c = arith.cmpi slt, %n, %c4 : index
  scf.if %c {
    memref.dealloc %m : memref<8xf32>
  }
  return // expected-note {{the function exits here with %m still allocated}}
}

func.func @index_yielded_beside_affine_if(%n: index) {
  %tok, %av = async.execute -> !async.value<index> {
    %c = arith.constant 1 : index
    async.yield %c : index
  }
  affine.if affine_set<()[s0] : (s0 - 2 >= 0)>()[%n] {
  }
  return
}
