// RUN: %memlint lint --verify-diagnostics %s
//
// Calls inside the region of an op of a dialect memlint does not know (a
// custom scope or launch). MLIR takes such an op, with one region, for a
// possible symbol table, where `@release` resolves to nothing: its
// verifier rejects the call (mlir-opt too, without the dialect), where the
// tool that knows the op accepts it. memlint verifies the rest as usual
// and reads the callee as the module's function of that name.
//
// A call of a function the module does not have, outside such an op, is
// still refused, as mlir-opt refuses it:
// RUN: not %memlint lint %S/Inputs/undefined-callee.mlir 2>&1 | FileCheck %s --check-prefix=UNDEFINED
// UNDEFINED: undefined-callee.mlir:2:3: error: 'func.call' op 'nope' does not reference a valid function
// and so is a call in such an op of a function of the module whose type
// is not the call's:
// (the file is written from the `// IN:` lines below: an invalid input
// among the repository's .mlir files would trip the editor's incremental
// check, which splits a file into functions)
// RUN: sed -n 's|^// IN: \{0,1\}||p' %s > %t.mismatched.mlir
// RUN: not %memlint lint %t.mismatched.mlir 2>&1 | FileCheck %s --check-prefix=MISMATCHED
// MISMATCHED: mismatched.mlir:7:5: error: 'func.call' op 'release' does not reference a valid function
// IN: func.func private @release(%m: memref<4xf32>) {
// IN:   memref.dealloc %m : memref<4xf32>
// IN:   return
// IN: }
// IN: func.func @f(%b: memref<8xi32>) {
// IN:   "npu.scope"() ({
// IN:     func.call @release(%b) : (memref<8xi32>) -> ()
// IN:     "npu.yield"() : () -> ()
// IN:   }) : () -> ()
// IN:   return
// IN: }

// A release helper: private, it frees its argument on every path, and
// its callers pass what they own.
func.func private @release(%m: memref<4xf32>) {
  memref.dealloc %m : memref<4xf32>
  return
}
func.func private @id(%m: memref<4xf32>) -> memref<4xf32> {
  return %m : memref<4xf32>
}

// Correct: freed by the wrapper, called inside the custom region.
func.func @freed_by_call_in_custom_region() {
  %a = memref.alloc() : memref<4xf32>
  "npu.scope"() ({
    func.call @release(%a) : (memref<4xf32>) -> ()
    "npu.yield"() : () -> ()
  }) : () -> ()
  return
}

func.func @freed_twice_in_custom_region() {
  // expected-note@+1 {{%a allocated here}}
  %a = memref.alloc() : memref<4xf32>
  "npu.scope"() ({
    %r = func.call @id(%a) : (memref<4xf32>) -> memref<4xf32>
    // expected-note@+1 {{first freed here}}
    memref.dealloc %r : memref<4xf32>
    "npu.yield"() : () -> ()
  }) : () -> ()
  // expected-error@+1 {{buffer %a is freed twice [double-free]}}
  memref.dealloc %a : memref<4xf32>
  return
}
