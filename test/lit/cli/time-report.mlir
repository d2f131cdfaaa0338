// RUN: not %memlint lint --no-color --time-report %s 2>&1 | FileCheck %s
// RUN: %memlint lint --no-color --time-report --checks=-leak %s 2>&1 | FileCheck %s --check-prefix=CLEAN

// The report goes to stderr after the findings; every phase is named.
// CHECK: warning: buffer %a is never freed [leak]
// CHECK: memlint: time report (wall seconds, summed over 1 file)
// CHECK-NEXT: read {{[0-9]+\.[0-9][0-9][0-9]$}}
// CHECK-NEXT: parse {{[0-9]+\.[0-9][0-9][0-9]}} (parse, verify)
// CHECK-NEXT: lint {{[0-9]+\.[0-9][0-9][0-9]}} (analysis, checks)
// CHECK-NEXT: fixes
// CHECK-NEXT: release
// CHECK-NEXT: output
// CHECK-NEXT: work {{[0-9]+}} BDD operations (lint); largest function: {{[0-9]+}} BDD nodes, {{[0-9]+}} KiB

// CLEAN-NOT: warning
// CLEAN: memlint: time report
func.func @f() {
  %a = memref.alloc() : memref<8xf32>
  return
}
