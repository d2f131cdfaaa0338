// BUG: none
// Correct: a loop of 3 iterations frees the buffer in its last one only (%i == 2): it leaves from that iteration only, so the free comes after every use, on every run (a false use after free and leak until session 36; docs/ownership-model.md).

func.func private @printI64(i64)
func.func private @printF32(f32)
func.func private @printNewline()
func.func private @memcount_begin()
func.func private @memcount_end()

func.func @f(%v: f32) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %zero = arith.constant 0.0 : f32
  %a = memref.alloc() : memref<4xf32>
  memref.store %v, %a[%c0] : memref<4xf32>
  %sum = scf.for %i = %c0 to %c3 step %c1 iter_args(%acc = %zero) -> (f32) {
    %x = memref.load %a[%c0] : memref<4xf32>
    %next = arith.addf %acc, %x : f32
    %done = arith.cmpi eq, %i, %c2 : index
    scf.if %done {
      memref.dealloc %a : memref<4xf32>
    }
    scf.yield %next : f32
  }
  return %sum : f32
}

func.func @main() {
  %f32_2 = arith.constant 2.0 : f32
  // input 0: 2.0
  func.call @memcount_begin() : () -> ()
  %r0 = func.call @f(%f32_2) : (f32) -> (f32)
  func.call @printF32(%r0) : (f32) -> ()
  func.call @printNewline() : () -> ()
  func.call @memcount_end() : () -> ()
  return
}
