// BUG: missed-reuse
// scf.if and views: the later buffer is written through a subview in one branch, read in both, and freed through a cast; the fix renames every use, so the views and the free name the earlier buffer.

func.func private @printF32(f32)
func.func private @printNewline()
func.func private @memcount_begin()
func.func private @memcount_end()

func.func @f(%c: i1) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %five = arith.constant 5.0 : f32
  %seven = arith.constant 7.0 : f32
  %first = memref.alloc() : memref<4xf32>
  memref.store %five, %first[%c0] : memref<4xf32>
  %p = memref.load %first[%c0] : memref<4xf32>
  memref.dealloc %first : memref<4xf32>
  %second = memref.alloc() : memref<4xf32>
  %tail = memref.subview %second[2] [2] [1] : memref<4xf32> to memref<2xf32, strided<[1], offset: 2>>
  memref.store %p, %second[%c2] : memref<4xf32>
  %r = scf.if %c -> (f32) {
    memref.store %seven, %tail[%c0] : memref<2xf32, strided<[1], offset: 2>>
    %v = memref.load %second[%c2] : memref<4xf32>
    scf.yield %v : f32
  } else {
    %v = memref.load %tail[%c0] : memref<2xf32, strided<[1], offset: 2>>
    %w = arith.addf %v, %seven : f32
    scf.yield %w : f32
  }
  %cast = memref.cast %second : memref<4xf32> to memref<?xf32>
  memref.dealloc %cast : memref<?xf32>
  return %r : f32
}

func.func @main() {
  %false = arith.constant false
  %true = arith.constant true
  // input 0: false
  func.call @memcount_begin() : () -> ()
  %r0 = func.call @f(%false) : (i1) -> (f32)
  func.call @printF32(%r0) : (f32) -> ()
  func.call @printNewline() : () -> ()
  func.call @memcount_end() : () -> ()
  // input 1: true
  func.call @memcount_begin() : () -> ()
  %r1 = func.call @f(%true) : (i1) -> (f32)
  func.call @printF32(%r1) : (f32) -> ()
  func.call @printNewline() : () -> ()
  func.call @memcount_end() : () -> ()
  return
}
