// BUG: leak
// memref.cast alias: when %c is true a scratch buffer is filled through its memref<?xf32> cast and never freed (the returned buffer is owned and freed by main).

func.func private @printI64(i64)
func.func private @printF32(f32)
func.func private @printNewline()
func.func private @memcount_begin()
func.func private @memcount_end()

func.func @f(%c: i1) -> memref<?xf32> {
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %v = arith.constant 3.5 : f32
  %a = memref.alloc(%c4) : memref<?xf32>
  memref.store %v, %a[%c0] : memref<?xf32>
  scf.if %c {
    %scratch = memref.alloc() : memref<4xf32>
    %d = memref.cast %scratch : memref<4xf32> to memref<?xf32>
    memref.copy %a, %d : memref<?xf32> to memref<?xf32>
  }
  return %a : memref<?xf32>
}

func.func @main() {
  %mc0 = arith.constant 0 : index
  %minit = arith.constant 1.0 : f32
  %false = arith.constant false
  %true = arith.constant true
  // input 0: false
  func.call @memcount_begin() : () -> ()
  %r0 = func.call @f(%false) : (i1) -> (memref<?xf32>)
  %p0_0 = memref.load %r0[%mc0] : memref<?xf32>
  func.call @printF32(%p0_0) : (f32) -> ()
  memref.dealloc %r0 : memref<?xf32>
  func.call @printNewline() : () -> ()
  func.call @memcount_end() : () -> ()
  // input 1: true
  func.call @memcount_begin() : () -> ()
  %r1 = func.call @f(%true) : (i1) -> (memref<?xf32>)
  %p1_0 = memref.load %r1[%mc0] : memref<?xf32>
  func.call @printF32(%p1_0) : (f32) -> ()
  memref.dealloc %r1 : memref<?xf32>
  func.call @printNewline() : () -> ()
  func.call @memcount_end() : () -> ()
  return
}
