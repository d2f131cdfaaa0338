// MLIR's escapes put bytes that are not UTF-8 into names from an ASCII
// file (`@"mk\FF"`, a memory space "S\FFR"). Written into JSON, SARIF or
// SVG they become U+FFFD: valid output, never an abort.
// RUN: not %memlint lint --format=json %s | python3 -c "import json, sys; d = json.load(sys.stdin); print(len(d['files'][0]['diagnostics']))" | FileCheck %s --check-prefix=COUNT
// RUN: not %memlint lint --format=sarif %s | python3 -c "import json, sys; json.load(sys.stdin); print('sarif ok')" | FileCheck %s --check-prefix=SARIF
// RUN: %memlint plan --format=json %s | python3 -c "import json, sys; json.load(sys.stdin); print('plan ok')" | FileCheck %s --check-prefix=PLAN
// RUN: %memlint plan --format=svg %s | python3 -c "import sys, xml.dom.minidom as m; m.parseString(sys.stdin.buffer.read()); print('svg ok')" | FileCheck %s --check-prefix=SVG
// COUNT: 2
// SARIF: sarif ok
// PLAN: plan ok
// SVG: svg ok

func.func private @"mk\FF"() -> memref<4xf32>

func.func @"use\FE"() {
  %m = call @"mk\FF"() : () -> memref<4xf32>
  memref.dealloc %m : memref<4xf32>
  memref.dealloc %m : memref<4xf32>
  %s = memref.alloc() : memref<16xf32, "S\FFR">
  return
}
