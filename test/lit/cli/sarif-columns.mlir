// SARIF counts columns in UTF-16 code units (`columnKind`), memlint in
// bytes: on a line with `é` (2 bytes, 1 unit) and an emoji (4 bytes, a
// surrogate pair) the end of the allocation moves 3 columns left; lines of
// plain ASCII keep their columns. Text output keeps bytes, as clang does.
// RUN: not %memlint lint --format=sarif %s | python3 -c "import json, sys; r = json.load(sys.stdin)['runs'][0]; print(r['columnKind']); res = r['results'][0]; print(res['locations'][0]['physicalLocation']['region']['endColumn'], res['relatedLocations'][0]['physicalLocation']['region']['startColumn'])" | FileCheck %s --check-prefix=SARIF
// SARIF: utf16CodeUnits
// SARIF-NEXT: 50 3
// RUN: not %memlint lint --format=json %s | python3 -c "import json, sys; print(json.load(sys.stdin)['files'][0]['diagnostics'][0]['range']['end']['column'])" | FileCheck %s --check-prefix=JSON
// JSON: 53

func.func @f() {
  %a = memref.alloc() {n = "é😀"} : memref<4xf32>
  return
}
