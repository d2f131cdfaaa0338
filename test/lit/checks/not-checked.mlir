// RUN: %memlint lint --verify-diagnostics %s
// RUN: not %memlint lint --no-color %s 2>&1 | FileCheck %s --check-prefix=TEXT --implicit-check-not='[not-checked]' --implicit-check-not=warning:
// RUN: not %memlint lint --format=json %s | FileCheck %s --check-prefix=JSON
// RUN: not %memlint lint --format=sarif %s | FileCheck %s --check-prefix=SARIF
// Turned off, by the option or by a comment on the function's name, it is
// gone and the rest is reported as before.
// RUN: not %memlint lint --no-color --checks=-not-checked %s 2>&1 | FileCheck %s --check-prefix=OFF --implicit-check-not='[not-checked]'
// RUN: sed 's|^func.func @pairs($|func.func @pairs( // memlint: ignore[not-checked]|' %s > %t.mlir
// RUN: not %memlint lint --no-color %t.mlir 2>&1 | FileCheck %s --check-prefix=OFF --implicit-check-not='[not-checked]'
// With only the function memlint gives up on, it still fails the run.
// RUN: not %memlint lint --checks=not-checked %s

// TEXT: not-checked.mlir:[[@LINE+8]]:11: warning: @pairs was checked only coarsely: its analysis outgrew the work budget (6000000 BDD operations); only bugs that happen on every path are reported for it [not-checked]
// TEXT: not-checked.mlir:[[@LINE+80]]:8: warning: buffer %b is never freed [leak]
// OFF: .mlir:[[@LINE+79]]:8: warning: buffer %b is never freed [leak]

// (x0 and y0) or ... or (x18 and y18), the x's ordered before the y's (atoms
// are ordered by first use): the BDD doubles with each pair, past the
// budget in about a second.
// expected-warning@+1 {{@pairs was checked only coarsely: its analysis outgrew the work budget (6000000 BDD operations); only bugs that happen on every path are reported for it [not-checked]}}
func.func @pairs(
    %x0: i1, %x1: i1, %x2: i1, %x3: i1, %x4: i1, %x5: i1, %x6: i1, %x7: i1,
    %x8: i1, %x9: i1, %x10: i1, %x11: i1, %x12: i1, %x13: i1, %x14: i1, %x15: i1,
    %x16: i1, %x17: i1, %x18: i1, %y0: i1, %y1: i1, %y2: i1, %y3: i1, %y4: i1,
    %y5: i1, %y6: i1, %y7: i1, %y8: i1, %y9: i1, %y10: i1, %y11: i1, %y12: i1,
    %y13: i1, %y14: i1, %y15: i1, %y16: i1, %y17: i1, %y18: i1) {
  %a = memref.alloc() : memref<16xf32>
  // The x's are used first, in order: their atoms come before the y's.
  %q1 = arith.ori %x0, %x1 : i1
  %q2 = arith.ori %q1, %x2 : i1
  %q3 = arith.ori %q2, %x3 : i1
  %q4 = arith.ori %q3, %x4 : i1
  %q5 = arith.ori %q4, %x5 : i1
  %q6 = arith.ori %q5, %x6 : i1
  %q7 = arith.ori %q6, %x7 : i1
  %q8 = arith.ori %q7, %x8 : i1
  %q9 = arith.ori %q8, %x9 : i1
  %q10 = arith.ori %q9, %x10 : i1
  %q11 = arith.ori %q10, %x11 : i1
  %q12 = arith.ori %q11, %x12 : i1
  %q13 = arith.ori %q12, %x13 : i1
  %q14 = arith.ori %q13, %x14 : i1
  %q15 = arith.ori %q14, %x15 : i1
  %q16 = arith.ori %q15, %x16 : i1
  %q17 = arith.ori %q16, %x17 : i1
  %q18 = arith.ori %q17, %x18 : i1
  scf.if %q18 {
  }
  %p0 = arith.andi %x0, %y0 : i1
  %p1 = arith.andi %x1, %y1 : i1
  %p2 = arith.andi %x2, %y2 : i1
  %p3 = arith.andi %x3, %y3 : i1
  %p4 = arith.andi %x4, %y4 : i1
  %p5 = arith.andi %x5, %y5 : i1
  %p6 = arith.andi %x6, %y6 : i1
  %p7 = arith.andi %x7, %y7 : i1
  %p8 = arith.andi %x8, %y8 : i1
  %p9 = arith.andi %x9, %y9 : i1
  %p10 = arith.andi %x10, %y10 : i1
  %p11 = arith.andi %x11, %y11 : i1
  %p12 = arith.andi %x12, %y12 : i1
  %p13 = arith.andi %x13, %y13 : i1
  %p14 = arith.andi %x14, %y14 : i1
  %p15 = arith.andi %x15, %y15 : i1
  %p16 = arith.andi %x16, %y16 : i1
  %p17 = arith.andi %x17, %y17 : i1
  %p18 = arith.andi %x18, %y18 : i1
  %c0 = arith.ori %p0, %p1 : i1
  %c1 = arith.ori %c0, %p2 : i1
  %c2 = arith.ori %c1, %p3 : i1
  %c3 = arith.ori %c2, %p4 : i1
  %c4 = arith.ori %c3, %p5 : i1
  %c5 = arith.ori %c4, %p6 : i1
  %c6 = arith.ori %c5, %p7 : i1
  %c7 = arith.ori %c6, %p8 : i1
  %c8 = arith.ori %c7, %p9 : i1
  %c9 = arith.ori %c8, %p10 : i1
  %c10 = arith.ori %c9, %p11 : i1
  %c11 = arith.ori %c10, %p12 : i1
  %c12 = arith.ori %c11, %p13 : i1
  %c13 = arith.ori %c12, %p14 : i1
  %c14 = arith.ori %c13, %p15 : i1
  %c15 = arith.ori %c14, %p16 : i1
  %c16 = arith.ori %c15, %p17 : i1
  %c17 = arith.ori %c16, %p18 : i1
  scf.if %c17 {
    memref.dealloc %a : memref<16xf32>
  }
  return
}

// Still checked, and its leak reported, next to a function that is not.
func.func @small() {
  %b = memref.alloc() : memref<4xf32> // expected-warning {{buffer %b is never freed [leak]}}
  return
}

// JSON:      "check": "not-checked",
// JSON-NEXT: "fixes": [],
// JSON-NEXT: "message": "@pairs was checked only coarsely: {{.*}}",
// JSON-NEXT: "range": {
// JSON-NEXT:   "end": {
// JSON-NEXT:     "column": 17,
// JSON-NEXT:     "line": 21
// JSON-NEXT:   },
// JSON-NEXT:   "start": {
// JSON-NEXT:     "column": 11,
// JSON-NEXT:     "line": 21
// JSON-NEXT:   }
// JSON-NEXT: },
// JSON-NEXT: "related": [],
// JSON-NEXT: "severity": "warning"

// SARIF:      "ruleId": "not-checked",
// SARIF-NEXT: "ruleIndex": 6
// SARIF:      "helpUri": "https://memlint.dev/checks/not-checked",
// SARIF-NEXT: "id": "not-checked",
