// RUN: %memlint plan %s | FileCheck %s
//
// A buffer takes as many bytes as its lowering steps over: LLVM lays out
// `<3 x float>` 16 bytes apart, not 12, and an i24 4 bytes apart. Planned
// at 768 bytes, %v's last element overwrote %w in the emitted arena.
// CHECK: %v {{.*}} 1024 0
// CHECK: %w {{.*}} 256 1024
// CHECK: %x {{.*}} 64 1280

func.func @f() {
  %v = memref.alloc() : memref<64xvector<3xf32>>
  %w = memref.alloc() : memref<64xf32>
  %x = memref.alloc() : memref<16xi24>
  "x.use"(%v, %w, %x) : (memref<64xvector<3xf32>>, memref<64xf32>, memref<16xi24>) -> ()
  memref.dealloc %v : memref<64xvector<3xf32>>
  memref.dealloc %w : memref<64xf32>
  memref.dealloc %x : memref<16xi24>
  return
}
