// RUN: %memlint lint --verify-diagnostics %s
//
// Conditions as the conversions to LLVM and EmitC write them: llvm.fcmp
// predicates on one pair of floats are questions on the same cells as
// arith.cmpf's, emitc's boolean ops on i1 are the boolean ops, and a region
// op whose entry one i1 operand decides (emitc.if, which says so through
// RegionBranchOpInterface) branches on it as scf.if does.

// Correct: heap where olt, stack otherwise; freed where not uge, which is
// olt (-convert-arith-to-llvm of the same arith.cmpf pair).
func.func @fcmp_pair(%x: f32, %y: f32) {
  %c0 = arith.constant 0 : index
  %lt = llvm.fcmp "olt" %x, %y : f32
  %m = scf.if %lt -> (memref<4xf32>) {
    %a = memref.alloc() : memref<4xf32>
    scf.yield %a : memref<4xf32>
  } else {
    %s = memref.alloca() : memref<4xf32>
    scf.yield %s : memref<4xf32>
  }
  memref.store %x, %m[%c0] : memref<4xf32>
  %ge = llvm.fcmp "uge" %x, %y : f32
  scf.if %ge {
  } else {
    memref.dealloc %m : memref<4xf32>
  }
  return
}

// Wrong: ole is not the negation of olt (both hold where x < y): the
// stack buffer is freed where x == y.
func.func @fcmp_overlap(%x: f32, %y: f32) {
  %c0 = arith.constant 0 : index
  %lt = llvm.fcmp "olt" %x, %y : f32
  %m = scf.if %lt -> (memref<4xf32>) {
    %a = memref.alloc() : memref<4xf32>
    scf.yield %a : memref<4xf32>
  } else {
    %s = memref.alloca() : memref<4xf32> // expected-note {{stack allocation here}}
    scf.yield %s : memref<4xf32>
  }
  memref.store %x, %m[%c0] : memref<4xf32>
  %le = llvm.fcmp "ole" %x, %y : f32
  scf.if %le {
    // expected-error@+1 {{which is stack memory}}
    memref.dealloc %m : memref<4xf32>
  }
  return
}

// Correct: freed under %c and under %c xor true, once either way
// (-convert-arith-to-emitc).
func.func @emitc_xor(%c: i1) {
  %t = "emitc.constant"() <{value = true}> : () -> i1
  %a = memref.alloc() : memref<4xf32>
  scf.if %c {
    memref.dealloc %a : memref<4xf32>
  }
  %nc = emitc.bitwise_xor %c, %t : (i1, i1) -> i1
  scf.if %nc {
    memref.dealloc %a : memref<4xf32>
  }
  return
}

// Correct: logical_not and logical_and.
func.func @emitc_logical(%c: i1, %d: i1) {
  %a = memref.alloc() : memref<4xf32>
  %both = emitc.logical_and %c, %d : i1, i1
  %nb = emitc.logical_not %both : i1
  scf.if %both {
    memref.dealloc %a : memref<4xf32>
  }
  scf.if %nb {
    memref.dealloc %a : memref<4xf32>
  }
  return
}

// Wrong: logical_or and its operand both hold where %c does.
func.func @emitc_or_twice(%c: i1, %d: i1) {
  %a = memref.alloc() : memref<4xf32> // expected-note {{%a allocated here}}
  %either = emitc.logical_or %c, %d : i1, i1
  scf.if %either {
    memref.dealloc %a : memref<4xf32> // expected-note {{first freed here}}
  } else {
    memref.dealloc %a : memref<4xf32>
  }
  scf.if %c {
    // (Reached only where %c holds: the message leaves it out.)
    // expected-error@+1 {{buffer %a is freed twice [double-free]}}
    memref.dealloc %a : memref<4xf32>
  }
  return
}

// Correct: emitc.if on one value, then on it again with the other branch.
func.func @emitc_if(%c: i1) {
  %a = memref.alloc() : memref<4xf32>
  emitc.if %c {
    memref.dealloc %a : memref<4xf32>
  }
  emitc.if %c {
  } else {
    memref.dealloc %a : memref<4xf32>
  }
  return
}

// Wrong: both emitc.if branches free, then a free where %c holds.
func.func @emitc_if_twice(%c: i1) {
  %a = memref.alloc() : memref<4xf32> // expected-note {{%a allocated here}}
  emitc.if %c {
    memref.dealloc %a : memref<4xf32> // expected-note {{first freed here}}
  }
  emitc.if %c {
    // (Reached only where %c holds: the message leaves it out.)
    // expected-error@+1 {{buffer %a is freed twice [double-free]}}
    memref.dealloc %a : memref<4xf32>
  } else {
    memref.dealloc %a : memref<4xf32>
  }
  return
}

// Wrong: an emitc.switch on an i1 is no `if`: its case -1 is what its
// interface picks for true (the case values read sign-extended), while C
// compares the bool with -1 and takes the default either way. Only an op
// whose first region true takes is read as branching on the operand.
func.func @emitc_switch_i1(%b: i1) {
  %a = memref.alloc() : memref<4xf32> // expected-note 2 {{%a allocated here}}
  emitc.switch %b : i1
  case -1 {
    emitc.yield
  }
  default {
    memref.dealloc %a : memref<4xf32> // expected-note 2 {{first freed here}}
    emitc.yield
  }
  emitc.if %b {
    // expected-error@+1 {{buffer %a is freed twice}}
    memref.dealloc %a : memref<4xf32>
  } else {
    // expected-error@+1 {{buffer %a is freed twice}}
    memref.dealloc %a : memref<4xf32>
  }
  return
}
