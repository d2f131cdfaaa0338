// RUN: %memlint lint %s
// RUN: sed 's/arith.cmpf uge, %x, %y/arith.cmpf uge, %y, %x/' %s | not %memlint lint - | FileCheck %s --check-prefix=SWAPPED
// RUN: sed 's/arith.trunci %u\([01]\) : i32 to i1/"test.opaque"(%u\1) : (i32) -> i1/' %s | not %memlint lint - | FileCheck %s --check-prefix=OPAQUE
//
// Code no CSE ran on (Polygeist's output of two C `if`s on one condition)
// asks the same question twice: the same pure op on the same operands, or
// its complement. Each was an atom of its own, and the paths where the two
// answers differ had a leak and a double free. Values pure ops compute
// alike now share one representative; float comparisons are asked as one
// ordered predicate (`uge` is `not olt`, NaN included); widened values are
// compared as the narrow ones. `uge %y, %x` is another question; so is the
// result of an op memlint cannot see into, asked twice.
// SWAPPED: error: buffer %a is freed twice
// OPAQUE: error: buffer %a is freed twice

func.func @cmpf_twice(%x: f32, %y: f32) {
  %a = memref.alloc() : memref<8xf32>
  %0 = arith.cmpf olt, %x, %y : f32
  scf.if %0 {
    memref.dealloc %a : memref<8xf32>
  }
  %1 = arith.cmpf olt, %x, %y : f32
  %t = arith.constant true
  %2 = arith.xori %1, %t : i1
  scf.if %2 {
    memref.dealloc %a : memref<8xf32>
  }
  return
}

func.func @cmpf_complement(%x: f32, %y: f32) {
  %a = memref.alloc() : memref<8xf32>
  %0 = arith.cmpf olt, %x, %y : f32
  scf.if %0 {
    memref.dealloc %a : memref<8xf32>
  }
  %1 = arith.cmpf uge, %x, %y : f32
  scf.if %1 {
    memref.dealloc %a : memref<8xf32>
  }
  return
}

func.func @cmpf_mirrored(%x: f32, %y: f32) {
  %a = memref.alloc() : memref<8xf32>
  %0 = arith.cmpf ogt, %x, %y : f32
  scf.if %0 {
    memref.dealloc %a : memref<8xf32>
  }
  %1 = arith.cmpf uge, %y, %x : f32
  scf.if %1 {
    memref.dealloc %a : memref<8xf32>
  }
  return
}

func.func @trunci_twice(%flag: i32) {
  %a = memref.alloc() : memref<8xf32>
  %0 = arith.trunci %flag : i32 to i1
  scf.if %0 {
    memref.dealloc %a : memref<8xf32>
  }
  %1 = arith.trunci %flag : i32 to i1
  scf.if %1 {
  } else {
    memref.dealloc %a : memref<8xf32>
  }
  return
}

func.func @recomputed_operands(%n: i64, %m: index) {
  %a = memref.alloc() : memref<8xf32>
  %i0 = arith.index_cast %n : i64 to index
  %0 = arith.cmpi slt, %i0, %m : index
  scf.if %0 {
    memref.dealloc %a : memref<8xf32>
  }
  %i1 = arith.index_cast %n : i64 to index
  %1 = arith.cmpi sge, %i1, %m : index
  scf.if %1 {
    memref.dealloc %a : memref<8xf32>
  }
  return
}

func.func @llvm_icmp_twice(%x: i32, %y: i32) {
  %a = memref.alloc() : memref<8xf32>
  %0 = llvm.icmp "slt" %x, %y : i32
  scf.if %0 {
    memref.dealloc %a : memref<8xf32>
  }
  %1 = llvm.icmp "sge" %x, %y : i32
  scf.if %1 {
    memref.dealloc %a : memref<8xf32>
  }
  return
}

func.func @widened_against_zero(%x: i8) {
  %a = memref.alloc() : memref<8xf32>
  %z = arith.constant 0 : i32
  %e = arith.extui %x : i8 to i32
  %0 = arith.cmpi ne, %e, %z : i32
  scf.if %0 {
    memref.dealloc %a : memref<8xf32>
  }
  %z8 = arith.constant 0 : i8
  %1 = arith.cmpi eq, %x, %z8 : i8
  scf.if %1 {
    memref.dealloc %a : memref<8xf32>
  }
  return
}

func.func @pure_ops_twice(%x: i32) {
  %a = memref.alloc() : memref<8xf32>
  %c = arith.constant 7 : i32
  %u0 = arith.addi %x, %c : i32
  %0 = arith.trunci %u0 : i32 to i1
  scf.if %0 {
    memref.dealloc %a : memref<8xf32>
  }
  %u1 = arith.addi %x, %c : i32
  %1 = arith.trunci %u1 : i32 to i1
  %t = arith.constant true
  %2 = arith.xori %1, %t : i1
  scf.if %2 {
    memref.dealloc %a : memref<8xf32>
  }
  return
}
