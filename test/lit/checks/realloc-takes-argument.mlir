// RUN: %memlint lint %s
// RUN: sed 's/func.func private @push_back/func.func @push_back/' %s | not %memlint lint - | FileCheck %s --check-prefix=PUBLIC
// RUN: sed 's/^  %a = memref.alloc(%c2) : memref<?xf64>$/  %a = memref.alloca(%c2) : memref<?xf64>/; s/^  memref.dealloc %r : memref<?xf64>$//' %s | not %memlint lint - | FileCheck %s --check-prefix=STACK
// RUN: %mlir-opt --expand-realloc %s | %memlint lint -
// RUN: sed '/memref.dealloc %grown /d' %s | not %memlint lint - | FileCheck %s --check-prefix=LEAK
// RUN: sed '/memref.dealloc %grown /d' %s | %mlir-opt --expand-realloc | not %memlint lint - | FileCheck %s --check-prefix=LEAK
//
// The sparse compiler's insertion helpers: a private function takes the
// buffer it is passed, grows it with memref.realloc when full, and hands
// the grown one back. Freeing an argument was an invalid free ("the
// caller owns it") in every sparse kernel that inserts. A private
// function whose realloc takes an argument over is not reported; a call
// that passes it memory the caller does not own is (the call frees it).
// A public function's callers are not all in sight: still reported.
// -expand-realloc spells the realloc out (alloc, copy, free of the
// argument, the new buffer yielded in its place): the same take-over.
// A caller of the helper sees a realloc: what it passed ends at the call,
// the result is a fresh buffer of its own (leaked if never freed).
// LEAK: warning: buffer {{%grown|%[0-9]+}} is never freed [leak]
// PUBLIC: error: frees %buf, which comes from function argument %buf: the caller owns it [invalid-free]
// STACK: error: frees %b, which is stack memory from 'memref.alloca'

func.func private @push_back(%buf: memref<?xf64>, %size: index, %v: f64) -> memref<?xf64> {
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  %cap = memref.dim %buf, %c0 : memref<?xf64>
  %full = arith.cmpi uge, %size, %cap : index
  %r = scf.if %full -> (memref<?xf64>) {
    %ncap = arith.muli %cap, %c2 : index
    %g = memref.realloc %buf(%ncap) : memref<?xf64> to memref<?xf64>
    scf.yield %g : memref<?xf64>
  } else {
    scf.yield %buf : memref<?xf64>
  }
  memref.store %v, %r[%size] : memref<?xf64>
  return %r : memref<?xf64>
}

// A private wrapper handing its argument on to the helper takes it over
// too.
func.func private @push_one(%buf: memref<?xf64>, %size: index) -> memref<?xf64> {
  %one = arith.constant 1.0 : f64
  %r = func.call @push_back(%buf, %size, %one) : (memref<?xf64>, index, f64) -> memref<?xf64>
  return %r : memref<?xf64>
}

func.func @fill(%n: index) -> f64 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %one = arith.constant 1.0 : f64
  %a = memref.alloc(%c2) : memref<?xf64>
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%b = %a) -> (memref<?xf64>) {
    %nb = func.call @push_one(%b, %i) : (memref<?xf64>, index) -> memref<?xf64>
    scf.yield %nb : memref<?xf64>
  }
  %x = memref.load %r[%c0] : memref<?xf64>
  memref.dealloc %r : memref<?xf64>
  return %x : f64
}

func.func @grow_twice() -> f64 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %one = arith.constant 1.0 : f64
  %a = memref.alloc(%c1) : memref<?xf64>
  %b = func.call @push_back(%a, %c1, %one) : (memref<?xf64>, index, f64) -> memref<?xf64>
  %grown = func.call @push_back(%b, %c2, %one) : (memref<?xf64>, index, f64) -> memref<?xf64>
  %x = memref.load %grown[%c0] : memref<?xf64>
  memref.dealloc %grown : memref<?xf64>
  return %x : f64
}
