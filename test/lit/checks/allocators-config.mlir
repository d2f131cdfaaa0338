// Body-less functions the config names as allocators return buffers the
// caller owns (docs/ownership-model.md): their leaks are reported and fixed;
// other body-less callees' results stay foreign (never reported as leaked).
// RUN: echo '{"allocators": ["rt_alloc*", "@make_tensor"]}' > %t.json
// RUN: not %memlint lint --config=%t.json %s | FileCheck %s
// RUN: not %memlint lint %s | FileCheck %s --check-prefix=DEFAULT
// RUN: %memlint fix --config=%t.json %s > %t.fixed.mlir
// RUN: %memlint lint --config=%t.json %t.fixed.mlir
// RUN: FileCheck %s --check-prefix=FIX --input-file=%t.fixed.mlir
// Patterns that are not globs are refused with exit 2.
// RUN: echo '{"allocators": ["rt_[alloc"]}' > %t.bad.json
// RUN: not %memlint lint --config=%t.bad.json %s 2>&1 | FileCheck %s --check-prefix=BAD
// RUN: echo '{"allocators": "rt_alloc"}' > %t.notlist.json
// RUN: not %memlint lint --config=%t.notlist.json %s 2>&1 | FileCheck %s --check-prefix=BAD
// BAD: "allocators"

func.func private @rt_alloc(index) -> memref<?xf32>
func.func private @make_tensor() -> (memref<16xf32>, i32)
func.func private @get_scratch() -> memref<16xf32>

// CHECK: allocators-config.mlir:[[@LINE+3]]:8: warning: buffer %a is never freed when %c is false (it is freed only on other paths) [leak]
// DEFAULT-NOT: [leak]
func.func @leaks_on_a_branch(%n: index, %c: i1) {
  %a = call @rt_alloc(%n) : (index) -> memref<?xf32>
  scf.if %c {
    memref.dealloc %a : memref<?xf32>
  }
  return
}

// CHECK: allocators-config.mlir:[[@LINE+2]]:10: warning: buffer %t#0 is never freed [leak]
func.func @second_pattern() -> i32 {
  %t:2 = call @make_tensor() : () -> (memref<16xf32>, i32)
  "test.use"(%t#0) : (memref<16xf32>) -> ()
  return %t#1 : i32
}

// A getter the config does not name: foreign memory, as without a config.
func.func @getter() {
  %s = call @get_scratch() : () -> memref<16xf32>
  "test.use"(%s) : (memref<16xf32>) -> ()
  return
}

// Freed on every path: clean either way.
func.func @clean(%n: index) {
  %a = call @rt_alloc(%n) : (index) -> memref<?xf32>
  "test.use"(%a) : (memref<?xf32>) -> ()
  memref.dealloc %a : memref<?xf32>
  return
}

// CHECK: allocators-config.mlir:[[@LINE+6]]:3: error: buffer %a is freed twice [double-free]
// CHECK-NEXT: note: first freed here
// CHECK-NEXT: allocators-config.mlir:[[@LINE+2]]:8: note: %a allocated here
func.func @twice(%n: index) {
  %a = call @rt_alloc(%n) : (index) -> memref<?xf32>
  memref.dealloc %a : memref<?xf32>
  memref.dealloc %a : memref<?xf32>
  return
}

// FIX-LABEL: func.func @leaks_on_a_branch
// FIX: } else {
// FIX-NEXT: memref.dealloc %a : memref<?xf32>
// FIX-LABEL: func.func @second_pattern
// FIX: "test.use"(%t#0)
// FIX-NEXT: memref.dealloc %t#0 : memref<16xf32>
// FIX-LABEL: func.func @twice
// FIX: memref.dealloc %a
// FIX-NOT: memref.dealloc
// FIX: return
