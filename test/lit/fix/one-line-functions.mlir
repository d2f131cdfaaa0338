// RUN: python3 %S/Inputs/one_line_functions.py 300 > %t.mlir
// RUN: not %memlint lint --format=json %t.mlir | python3 -c "import json, sys; d = json.load(sys.stdin)['files'][0]['diagnostics']; print('fixes', sum(1 for f in d if f.get('fixes')), 'of', len(d))" | FileCheck %s --check-prefix=JSON
// RUN: %memlint fix %t.mlir > %t.fixed.mlir
// RUN: %memlint lint %t.fixed.mlir
// RUN: grep -o 'memref.dealloc %%a' %t.fixed.mlir | wc -l | FileCheck %s --check-prefix=FREES
//
// Minified IR: 300 functions on one line. The fix search proves each
// candidate on a slice of the file that keeps the function and blanks the
// others (a callee becomes a declaration at its column); the slice was
// made of whole lines, so here each candidate parsed the whole file, and
// --format=json's work bound ran out after 101 of the 300 fixes (`memlint
// fix` took 62 s for 2,000 such functions, now 7 s).
// JSON: fixes 300 of 300
// Each function frees %a twice now: in the scf.if and where %c is false.
// FREES: {{^}}600{{$}}
//
// A function that starts in the middle of a later line: its window shifts
// the columns of its first line, and the search's later rounds (once %b is
// freed, it can take %a's place) take a window of that window, which kept
// the shift only after helper-88's report: the merge was left undone.
// RUN: %memlint fix %S/Inputs/mid-line-function.mlir > %t.mid.fixed.mlir
// RUN: %memlint lint %t.mid.fixed.mlir
// RUN: FileCheck %s --check-prefix=MID < %t.mid.fixed.mlir
// MID: "npu.fill"(%a) : (memref<4xi32>) -> () "npu.fill"(%a) : (memref<4xi32>) -> () memref.dealloc %a : memref<4xi32> return }
