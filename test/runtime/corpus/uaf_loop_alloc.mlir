// BUG: use-after-free
// buffers allocated inside scf.for: when %c is true each iteration frees the buffer carried from the previous iteration before reading it.

func.func private @printI64(i64)
func.func private @printF32(f32)
func.func private @printNewline()
func.func private @memcount_begin()
func.func private @memcount_end()

func.func @f(%c: i1) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %true = arith.constant true
  %one = arith.constant 1.0 : f32
  %init = memref.alloc() : memref<1xf32>
  memref.store %one, %init[%c0] : memref<1xf32>
  %nc = arith.xori %c, %true : i1
  %last = scf.for %i = %c0 to %c3 step %c1 iter_args(%cur = %init) -> (memref<1xf32>) {
    %nb = memref.alloc() : memref<1xf32>
    scf.if %c {
      memref.dealloc %cur : memref<1xf32>
    }
    %x = memref.load %cur[%c0] : memref<1xf32>
    %y = arith.addf %x, %one : f32
    memref.store %y, %nb[%c0] : memref<1xf32>
    scf.if %nc {
      memref.dealloc %cur : memref<1xf32>
    }
    scf.yield %nb : memref<1xf32>
  }
  %r = memref.load %last[%c0] : memref<1xf32>
  memref.dealloc %last : memref<1xf32>
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
