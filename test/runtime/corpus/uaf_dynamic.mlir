// BUG: use-after-free
// dynamic size: a memref<?xf32> of %n elements is freed before the summing loop reads it when n > 2 (and after it otherwise).

func.func private @printI64(i64)
func.func private @printF32(f32)
func.func private @printNewline()
func.func private @memcount_begin()
func.func private @memcount_end()

func.func @f(%n: index) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %true = arith.constant true
  %z = arith.constant 0.0 : f32
  %v = arith.constant 0.5 : f32
  %a = memref.alloc(%n) : memref<?xf32>
  scf.for %i = %c0 to %n step %c1 {
    memref.store %v, %a[%i] : memref<?xf32>
  }
  %big = arith.cmpi ugt, %n, %c2 : index
  scf.if %big {
    memref.dealloc %a : memref<?xf32>
  }
  %s = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %z) -> (f32) {
    %x = memref.load %a[%i] : memref<?xf32>
    %y = arith.addf %acc, %x : f32
    scf.yield %y : f32
  }
  %small = arith.xori %big, %true : i1
  scf.if %small {
    memref.dealloc %a : memref<?xf32>
  }
  return %s : f32
}

func.func @main() {
  %index_2 = arith.constant 2 : index
  %index_4 = arith.constant 4 : index
  // input 0: 2
  func.call @memcount_begin() : () -> ()
  %r0 = func.call @f(%index_2) : (index) -> (f32)
  func.call @printF32(%r0) : (f32) -> ()
  func.call @printNewline() : () -> ()
  func.call @memcount_end() : () -> ()
  // input 1: 4
  func.call @memcount_begin() : () -> ()
  %r1 = func.call @f(%index_4) : (index) -> (f32)
  func.call @printF32(%r1) : (f32) -> ()
  func.call @printNewline() : () -> ()
  func.call @memcount_end() : () -> ()
  return
}
