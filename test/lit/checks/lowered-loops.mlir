// RUN: %memlint lint --verify-diagnostics %s
//
// Loops whose control flow reached LLVM before their buffers did
// (-convert-scf-to-cf, then -convert-cf-to-llvm, -convert-arith-to-llvm,
// -convert-func-to-llvm, with memref ops left for a later pass): the
// counter is an i64 block argument reached through index <-> i64 casts,
// tested with llvm.icmp and stepped with llvm.add. It is the counter of an
// scf.for all the same: `%i == 0` holds in its first iteration only.

// Correct: freed in the first iteration of a loop that runs.
llvm.func @llvm_counter(%arg0: i64) {
  %0 = llvm.mlir.constant(0 : index) : i64
  %1 = builtin.unrealized_conversion_cast %0 : i64 to index
  %2 = llvm.mlir.constant(1 : index) : i64
  %3 = llvm.mlir.constant(10 : index) : i64
  %4 = llvm.mlir.constant(0.000000e+00 : f32) : f32
  %alloc = memref.alloc() : memref<4xf32>
  llvm.br ^bb1(%0 : i64)
^bb1(%5: i64):
  %6 = builtin.unrealized_conversion_cast %5 : i64 to index
  %7 = builtin.unrealized_conversion_cast %6 : index to i64
  %8 = llvm.icmp "slt" %7, %3 : i64
  llvm.cond_br %8, ^bb2, ^bb5
^bb2:
  %9 = llvm.icmp "eq" %7, %0 : i64
  llvm.cond_br %9, ^bb3, ^bb4
^bb3:
  memref.store %4, %alloc[%1] : memref<4xf32>
  memref.dealloc %alloc : memref<4xf32>
  llvm.br ^bb4
^bb4:
  %10 = llvm.add %7, %2 : i64
  llvm.br ^bb1(%10 : i64)
^bb5:
  llvm.return
}

// Correct: arith left as it is, the counter carried as an i64.
func.func @cast_counter() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %0 = builtin.unrealized_conversion_cast %c0 : index to i64
  %a = memref.alloc() : memref<4xf32>
  cf.br ^hdr(%0 : i64)
^hdr(%1: i64):
  %i = builtin.unrealized_conversion_cast %1 : i64 to index
  %lt = arith.cmpi slt, %i, %c8 : index
  cf.cond_br %lt, ^body, ^exit
^body:
  %first = arith.cmpi eq, %i, %c0 : index
  cf.cond_br %first, ^free, ^latch
^free:
  memref.dealloc %a : memref<4xf32>
  cf.br ^latch
^latch:
  %n = arith.addi %i, %c1 : index
  %n64 = builtin.unrealized_conversion_cast %n : index to i64
  cf.br ^hdr(%n64 : i64)
^exit:
  return
}

// Wrong: `%i >= 0` holds in every iteration.
llvm.func @llvm_counter_twice(%arg0: i64) {
  %0 = llvm.mlir.constant(0 : index) : i64
  %1 = llvm.mlir.constant(1 : index) : i64
  %3 = llvm.mlir.constant(10 : index) : i64
  %alloc = memref.alloc() : memref<4xf32> // expected-note {{%alloc allocated here}}
  llvm.br ^bb1(%0 : i64)
^bb1(%5: i64):
  %8 = llvm.icmp "slt" %5, %3 : i64
  llvm.cond_br %8, ^bb2, ^bb5
^bb2:
  %9 = llvm.icmp "sge" %5, %0 : i64
  llvm.cond_br %9, ^bb3, ^bb4
^bb3:
  // expected-error@+1 {{buffer %alloc is freed twice when the loop at}}
  memref.dealloc %alloc : memref<4xf32> // expected-note {{freed here in the previous iteration of the loop}}
  llvm.br ^bb4
^bb4:
  %10 = llvm.add %5, %1 : i64
  llvm.br ^bb1(%10 : i64)
^bb5:
  llvm.return
}
