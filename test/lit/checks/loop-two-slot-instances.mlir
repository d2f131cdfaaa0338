// RUN: %memlint lint %s
// RUN: sed 's|^  // EXTRA_FREE: ||' %s | not %memlint lint - | FileCheck %s --check-prefix=DF
// RUN: sed 's|^  // EXTRA_LOAD: ||' %s | not %memlint lint - | FileCheck %s --check-prefix=UAF
//
// A loop that moves each buffer through two slots before it frees it
// (helper-126's random CFG loops, correct on every path at run time):
// slot A is freed, takes slot B's buffer, and slot B a new one. A loop
// allocation has one earlier instance per loop, so the buffer of two
// iterations back (freed here) and the one of one iteration back (still
// passed round in slot A) are one entry: it was "freed twice" at the next
// free of slot A. Where this iteration's instance is carried on live, the
// earlier instance now stands for it, and the older one's free is dropped
// from it (LoopModel::carryInstances). A second free and a use after the
// free at the exit are still found.
// DF: error: buffer %a13 (allocated by an earlier iteration) is freed twice (through its alias %s34) [double-free]
// UAF: error: 'memref.load' uses buffer %a13 (allocated by an earlier iteration) after it was freed (through its alias %s34) {{.*}}[use-after-free]
func.func private @chk(f32)
func.func @two_slots(%tape: memref<256xi1>, %ctr: memref<1xindex>, %arg: memref<4xf32>) {
  %z = arith.constant 0 : index
  %one = arith.constant 1 : index
  %t = arith.constant true
  %f = arith.constant false
  %a1 = memref.alloc() : memref<4xf32>
  cf.br ^b1(%a1, %t, %arg, %f : memref<4xf32>, i1, memref<4xf32>, i1)
^b1(%s2: memref<4xf32>, %o4: i1, %s3: memref<4xf32>, %o5: i1):
  %k6 = memref.load %ctr[%z] : memref<1xindex>
  %n8 = arith.addi %k6, %one : index
  memref.store %n8, %ctr[%z] : memref<1xindex>
  %c7 = memref.load %tape[%k6] : memref<256xi1>
  cf.cond_br %c7, ^b3(%s2, %o4, %s3, %o5 : memref<4xf32>, i1, memref<4xf32>, i1), ^b2(%s2, %o4, %s3, %o5 : memref<4xf32>, i1, memref<4xf32>, i1)
^b3(%s9: memref<4xf32>, %o11: i1, %s10: memref<4xf32>, %o12: i1):
  scf.if %o11 {
    memref.dealloc %s9 : memref<4xf32>
  }
  %a13 = memref.alloc() : memref<4xf32>
  %k14 = memref.load %ctr[%z] : memref<1xindex>
  %n16 = arith.addi %k14, %one : index
  memref.store %n16, %ctr[%z] : memref<1xindex>
  %c15 = memref.load %tape[%k14] : memref<256xi1>
  cf.cond_br %c15, ^b5(%s10, %o12, %a13, %t : memref<4xf32>, i1, memref<4xf32>, i1), ^b4(%s10, %o12, %a13, %t : memref<4xf32>, i1, memref<4xf32>, i1)
^b5(%s17: memref<4xf32>, %o19: i1, %s18: memref<4xf32>, %o20: i1):
  %x21 = memref.load %s17[%z] : memref<4xf32>
  func.call @chk(%x21) : (f32) -> ()
  %k22 = memref.load %ctr[%z] : memref<1xindex>
  %n24 = arith.addi %k22, %one : index
  memref.store %n24, %ctr[%z] : memref<1xindex>
  %c23 = memref.load %tape[%k22] : memref<256xi1>
  cf.cond_br %c23, ^b1(%s17, %o19, %s18, %o20 : memref<4xf32>, i1, memref<4xf32>, i1), ^b3(%s17, %o19, %s18, %o20 : memref<4xf32>, i1, memref<4xf32>, i1)
^b4(%s25: memref<4xf32>, %o27: i1, %s26: memref<4xf32>, %o28: i1):
  %x29 = memref.load %s25[%z] : memref<4xf32>
  func.call @chk(%x29) : (f32) -> ()
  %k30 = memref.load %ctr[%z] : memref<1xindex>
  %n32 = arith.addi %k30, %one : index
  memref.store %n32, %ctr[%z] : memref<1xindex>
  %c31 = memref.load %tape[%k30] : memref<256xi1>
  cf.cond_br %c31, ^b3(%s25, %o27, %s26, %o28 : memref<4xf32>, i1, memref<4xf32>, i1), ^b1(%s25, %o27, %s26, %o28 : memref<4xf32>, i1, memref<4xf32>, i1)
^b2(%s33: memref<4xf32>, %o35: i1, %s34: memref<4xf32>, %o36: i1):
  scf.if %o35 {
    memref.dealloc %s33 : memref<4xf32>
  }
  scf.if %o36 {
    memref.dealloc %s34 : memref<4xf32>
  }
  // EXTRA_FREE: scf.if %o36 {
  // EXTRA_FREE:   memref.dealloc %s34 : memref<4xf32>
  // EXTRA_FREE: }
  // EXTRA_LOAD: %uafx = memref.load %s34[%z] : memref<4xf32>
  // EXTRA_LOAD: func.call @chk(%uafx) : (f32) -> ()
  return
}
