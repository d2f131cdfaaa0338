// RUN: %memlint fix --time-report %s 2>&1 >/dev/null | FileCheck %s
// RUN: %memlint fix --time-report %S/Inputs/time-report-clean.mlir 2>&1 >/dev/null | FileCheck %s --check-prefix=CLEAN

// What `memlint fix` spent goes to stderr after the fixed text: the whole
// file's parses and lints per round, and the functions' searches, with the
// analyses they ran and the fixes they applied (two frees, then %b
// takes over %a).
// CHECK: memlint: time report (wall seconds)
// CHECK-NEXT: file {{[0-9]+\.[0-9][0-9][0-9]}} (parse and lint of the whole file, 2 rounds)
// CHECK-NEXT: fixes {{[0-9]+\.[0-9][0-9][0-9]}} (searches and proofs: {{[1-9][0-9]*}} analyses of functions, 3 fixes applied)

// A clean file is linted once and searched for nothing.
// CLEAN: file {{.*}}(parse and lint of the whole file, 1 round)
// CLEAN-NEXT: fixes {{.*}}(searches and proofs: 0 analyses of functions, 0 fixes applied)
func.func @f(%c: i1) {
  %a = memref.alloc() : memref<8xf32>
  %b = memref.alloc() : memref<8xf32>
  scf.if %c {
    memref.dealloc %b : memref<8xf32>
  }
  return
}
