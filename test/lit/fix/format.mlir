// RUN: %memlint fix %s | FileCheck %s --strict-whitespace --match-full-lines
// RUN: %memlint fix %s | %memlint lint -
// RUN: %memlint fix %s | %memlint fix --check -

// Fixes edit the text, they never re-print it: comments, odd indentation,
// SSA names and blank lines stay as written; inserted lines take the
// indentation of their neighbours.

// CHECK-LABEL:func.func @odd_indent(%c: i1) {
// CHECK-NEXT:    %buffer_with_a_long_name = memref.alloc() : memref<4xf32>   // keep me
// CHECK-EMPTY:
// CHECK-NEXT:    // a comment line
// CHECK-NEXT:    scf.if %c {   // and me
// CHECK-NEXT:        memref.dealloc %buffer_with_a_long_name : memref<4xf32>
// CHECK-NEXT:    } else {
// CHECK-NEXT:        memref.dealloc %buffer_with_a_long_name : memref<4xf32>
// CHECK-NEXT:    }
// CHECK-NEXT:    return
// CHECK-NEXT:}
func.func @odd_indent(%c: i1) {
    %buffer_with_a_long_name = memref.alloc() : memref<4xf32>   // keep me

    // a comment line
    scf.if %c {   // and me
        memref.dealloc %buffer_with_a_long_name : memref<4xf32>
    }
    return
}

// One-line regions stay on one line.
// CHECK-LABEL:func.func @one_line(%c: i1) {
// CHECK-NEXT:  %a = memref.alloc() : memref<4xf32>
// CHECK-NEXT:  scf.if %c { memref.dealloc %a : memref<4xf32> } else { memref.dealloc %a : memref<4xf32> }
// CHECK-NEXT:  return
// CHECK-NEXT:}
func.func @one_line(%c: i1) {
  %a = memref.alloc() : memref<4xf32>
  scf.if %c { memref.dealloc %a : memref<4xf32> }
  return
}

// A removed free takes its line, and its trailing comment, with it; the
// comment above stays.
// CHECK-LABEL:func.func @removed() {
// CHECK-NEXT:  %a = memref.alloc() : memref<4xf32>
// CHECK-NEXT:  memref.dealloc %a : memref<4xf32>
// CHECK-NEXT:  // freed again below
// CHECK-NEXT:  return
// CHECK-NEXT:}
func.func @removed() {
  %a = memref.alloc() : memref<4xf32>
  memref.dealloc %a : memref<4xf32>
  // freed again below
  memref.dealloc %a : memref<4xf32> // the bug
  return
}

// Numbered SSA names and result groups are used as written.
// CHECK-LABEL:func.func @numbered() -> f32 {
// CHECK-NEXT:  %0 = memref.alloc() : memref<4xf32>
// CHECK-NEXT:  %1:2 = "test.pair"(%0) : (memref<4xf32>) -> (f32, f32)
// CHECK-NEXT:  memref.dealloc %0 : memref<4xf32>
// CHECK-NEXT:  return %1#1 : f32
// CHECK-NEXT:}
func.func @numbered() -> f32 {
  %0 = memref.alloc() : memref<4xf32>
  %1:2 = "test.pair"(%0) : (memref<4xf32>) -> (f32, f32)
  return %1#1 : f32
}
