// RUN: %memlint plan %s | FileCheck %s --check-prefix=TEXT
// RUN: %memlint plan --format=json %s | FileCheck %s --check-prefix=JSON
// RUN: %memlint plan --format=json --alignment=1 --time-budget-ms=0 %s | FileCheck %s --check-prefix=ALIGN1

func.func @f(%n: index) {
  %a = memref.alloc() : memref<1000xi8>
  %b = memref.alloc() : memref<1000xi8>
  "npu.use"(%a, %b) : (memref<1000xi8>, memref<1000xi8>) -> ()
  memref.dealloc %a : memref<1000xi8>
  %c = memref.alloc() : memref<512xi8>
  "npu.use"(%b, %c) : (memref<1000xi8>, memref<512xi8>) -> ()
  memref.dealloc %b : memref<1000xi8>
  memref.dealloc %c : memref<512xi8>
  %d = memref.alloc(%n) : memref<?xf32>
  "npu.use"(%d) : (memref<?xf32>) -> ()
  memref.dealloc %d : memref<?xf32>
  %s = memref.alloc() : memref<256xf32, "SRAM">
  "npu.use"(%s) : (memref<256xf32, "SRAM">) -> ()
  memref.dealloc %s : memref<256xf32, "SRAM">
  return
}

func.func @nothing() {
  return
}

// TEXT:      @f
// TEXT-NEXT:   space default: peak 2024 bytes, lower bound 2024, without reuse 2536
// TEXT-NEXT:     buffer  line  bytes  offset  live
// TEXT-NEXT:     %a         6   1000  {{[0-9]+}}  6-9
// TEXT-NEXT:     %b         7   1000  {{[0-9]+}}  7-12
// TEXT-NEXT:     %c        10    512  {{[0-9]+}}  10-13
// TEXT-NEXT:     %d        14      ?       -  14-16  dynamic size, not in the arena
// TEXT-NEXT:   space SRAM: peak 1024 bytes, lower bound 1024, without reuse 1024
// TEXT-NEXT:     buffer  line  bytes  offset  live
// TEXT-NEXT:     %s        17   1024       0  17-19
// TEXT-EMPTY:
// TEXT-NEXT: @nothing
// TEXT-NEXT:   no buffers

// JSON:      "version": 1,
// JSON-NEXT: "functions": [
// JSON-NEXT:   {
// JSON-NEXT:     "name": "f",
// JSON-NEXT:     "spaces": [
// JSON-NEXT:       {
// JSON-NEXT:         "space": "default",
// JSON-NEXT:         "peak_bytes": 2024,
// JSON-NEXT:         "lower_bound_bytes": 2024,
// JSON-NEXT:         "no_reuse_bytes": 2536,
// JSON-NEXT:         "buffers": [
// JSON-NEXT:           {
// JSON-NEXT:             "name": "%a",
// JSON-NEXT:             "line": 6,
// JSON-NEXT:             "bytes": 1000,
// JSON-NEXT:             "offset": {{0|1024}},
// JSON-NEXT:             "live": {
// JSON-NEXT:               "start_line": 6,
// JSON-NEXT:               "end_line": 9
// JSON-NEXT:             }
// JSON-NEXT:           },
// JSON:                  "name": "%d",
// JSON-NEXT:             "line": 14,
// JSON-NEXT:             "bytes": null,
// JSON-NEXT:             "offset": null,
// JSON:                  "space": "SRAM",
// JSON-NEXT:             "peak_bytes": 1024,
// JSON:                  "name": "nothing",
// JSON-NEXT:             "spaces": []

// Without padding two 1000-byte buffers need 2000 bytes, not 2024.
// ALIGN1: "peak_bytes": 2000,
// ALIGN1: "lower_bound_bytes": 2000,
