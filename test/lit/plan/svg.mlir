// RUN: %memlint plan --format=svg %s > %t.svg
// RUN: python3 -c "import sys, xml.dom.minidom; d = xml.dom.minidom.parse(sys.argv[1]); print('root', d.documentElement.tagName, len(d.getElementsByTagName('rect')))" %t.svg | FileCheck %s --check-prefix=XML
// RUN: FileCheck %s < %t.svg

// The background, the frame and one rectangle per planned buffer.
// XML: root svg 5

// CHECK: <?xml version="1.0" encoding="UTF-8"?>
// CHECK: <svg xmlns="http://www.w3.org/2000/svg"
// CHECK: @f, space default: peak 1024 bytes, lower bound 1024, without reuse 1536
// CHECK: <title>%a: 512 bytes at offset {{[0-9]+}}, live lines 22-25</title>
// CHECK: >%a</text>
// CHECK: >%b</text>
// CHECK: class="bound"
// CHECK: lower bound 1024</text>
// CHECK: class="peak"
// CHECK: peak 1024</text>
// CHECK: not planned: %d (dynamic size, not in the arena)
// CHECK: </svg>

func.func @f(%n: index) {
  %a = memref.alloc() : memref<512xi8>
  %b = memref.alloc() : memref<512xi8>
  "npu.use"(%a, %b) : (memref<512xi8>, memref<512xi8>) -> ()
  memref.dealloc %a : memref<512xi8>
  %c = memref.alloc() : memref<512xi8>
  "npu.use"(%b, %c) : (memref<512xi8>, memref<512xi8>) -> ()
  memref.dealloc %b : memref<512xi8>
  memref.dealloc %c : memref<512xi8>
  %d = memref.alloc(%n) : memref<?xf32>
  "npu.use"(%d) : (memref<?xf32>) -> ()
  memref.dealloc %d : memref<?xf32>
  return
}
