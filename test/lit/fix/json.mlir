// `lint --format=json` carries the fixes (with their safety), the same
// edits `memlint fix` applies.
// RUN: not %memlint lint --format=json %s | FileCheck %s

// CHECK:      "check": "leak",
// CHECK:      "fixes": [
// CHECK-NEXT:   {
// CHECK-NEXT:     "edits": [
// CHECK-NEXT:       {
// CHECK-NEXT:         "newText": "  } else {\n    memref.dealloc %a : memref<4xf32>\n",
// CHECK-NEXT:         "range": {
// CHECK-NEXT:           "end": {
// CHECK-NEXT:             "column": 1,
// CHECK-NEXT:             "line": [[#THEN_END:]]
// CHECK-NEXT:           },
// CHECK-NEXT:           "start": {
// CHECK-NEXT:             "column": 1,
// CHECK-NEXT:             "line": [[#THEN_END]]
// CHECK-NEXT:           }
// CHECK-NEXT:         }
// CHECK-NEXT:       }
// CHECK-NEXT:     ],
// CHECK-NEXT:     "safe": true,
// CHECK-NEXT:     "title": "Free %a with memref.dealloc after its last use"
// CHECK-NEXT:   }
// CHECK-NEXT: ],
func.func @leak(%c: i1) {
  %a = memref.alloc() : memref<4xf32>
  scf.if %c {
    memref.dealloc %a : memref<4xf32>
  }
  return
}

// CHECK:      "check": "invalid-free",
// CHECK:      "fixes": [
// CHECK-NEXT:   {
// CHECK-NEXT:     "edits": [
// CHECK-NEXT:       {
// CHECK-NEXT:         "newText": "",
// CHECK:          "safe": false,
// CHECK-NEXT:     "title": "Remove the free of %m (argument %m belongs to the caller)"
func.func @argument(%m: memref<4xf32>) {
  memref.dealloc %m : memref<4xf32>
  return
}
