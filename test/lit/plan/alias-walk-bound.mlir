// The live ranges walk each buffer's aliases apart, and a chain of selects
// gives them N^2 / 2 in all (4,000 selects: 8M, 2.5 s of lint; 10,000:
// 33 s). Past LiveRanges::MaxAliasVisits (256K) in a function, a buffer is
// taken live throughout and followed no further: the first buffers of the
// chain end at the free of the last select (line 4003), the last ones at
// the function's end (4004), and no two live ones share a place
// (every buffer is live to the end here: the plan has no reuse to find).
// RUN: python3 %S/Inputs/select_chain.py 2000 > %t.mlir
// RUN: %memlint plan %t.mlir | FileCheck %s
// CHECK: space default: peak 128016 bytes
// CHECK-DAG: %b1999 4001 16 {{[0-9]+}} 4001-4004 aliases not followed, live throughout
// CHECK-DAG: %b0 3 16 {{[0-9]+}} 3-4003{{$}}
