// Two 2^62-byte buffers live together: their offsets would not fit in 64
// bits, so plan refuses the input instead of wrapping around.
// RUN: not %memlint plan %s 2>&1 | FileCheck %s

// CHECK: error: cannot plan @f, space default: the buffers' sizes
// CHECK-SAME: arena offsets would overflow 64 bits

func.func @f() {
  %a = memref.alloc() : memref<4611686018427387904xi8>
  %b = memref.alloc() : memref<4611686018427387904xi8>
  %c = memref.alloc() : memref<64xi8>
  %i = arith.constant 0 : index
  %x = memref.load %a[%i] : memref<4611686018427387904xi8>
  %y = memref.load %b[%i] : memref<4611686018427387904xi8>
  %z = memref.load %c[%i] : memref<64xi8>
  memref.dealloc %a : memref<4611686018427387904xi8>
  memref.dealloc %b : memref<4611686018427387904xi8>
  memref.dealloc %c : memref<64xi8>
  return
}
