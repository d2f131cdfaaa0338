// The downstream example (examples/downstream) against an installed
// memlint: lintOperation reports the leak, and memlint-check resolves by
// name in a textual pipeline, runs, and its diagnostics (with their notes)
// reach the example's ScopedDiagnosticHandler.
// RUN by test/downstream/run.py; the CHECK lines are for FileCheck.

func.func @leaky(%c: i1) {
  %a = memref.alloc() : memref<8xf32>
  scf.if %c {
    memref.dealloc %a : memref<8xf32>
  }
  return
}

func.func @clean() {
  %b = memref.alloc() : memref<4xi8>
  memref.dealloc %b : memref<4xi8>
  return
}

// CHECK: lintOperation: 1 finding(s)
// CHECK-NEXT: leak.mlir:8:8: warning: {{.*}} [leak]
// CHECK-NEXT: leak.mlir:12:3: note: {{.*}}
// CHECK-NEXT: pass: loc("{{.*}}leak.mlir":8:8): buffer %alloc is never freed {{.*}} [leak]
// CHECK-NEXT:   pass: loc("{{.*}}leak.mlir":12:3): the function exits here {{.*}}
// CHECK-NEXT: memlint-check: ran
