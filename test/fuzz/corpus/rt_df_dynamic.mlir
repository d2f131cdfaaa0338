// BUG: double-free
// dynamic size: a memref<?xf32> of %n elements is freed inside the large-size branch and again at the end.

func.func private @printI64(i64)
func.func private @printF32(f32)
func.func private @printNewline()
func.func private @memcount_begin()
func.func private @memcount_end()

func.func @f(%n: index) -> f32 {
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  %v = arith.constant 13.0 : f32
  %a = memref.alloc(%n) : memref<?xf32>
  memref.store %v, %a[%c0] : memref<?xf32>
  %r = memref.load %a[%c0] : memref<?xf32>
  %big = arith.cmpi ugt, %n, %c2 : index
  scf.if %big {
    memref.dealloc %a : memref<?xf32>
  }
  memref.dealloc %a : memref<?xf32>
  return %r : f32
}

func.func @main() {
  %index_1 = arith.constant 1 : index
  %index_4 = arith.constant 4 : index
  // input 0: 1
  func.call @memcount_begin() : () -> ()
  %r0 = func.call @f(%index_1) : (index) -> (f32)
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
