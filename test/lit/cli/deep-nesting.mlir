// Input nested as deep as generated code goes is analysed, not skipped or
// crashed on; deeper input is refused with a message and exit 2.
// RUN: python3 %S/Inputs/nested_ifs.py 3000 > %t.deep.mlir
// RUN: not %memlint lint %t.deep.mlir 2>&1 | FileCheck %s --check-prefix=DEEP
// RUN: not %memlint lint -j2 %t.deep.mlir 2>&1 | FileCheck %s --check-prefix=DEEP
// DEEP: warning: buffer %a is never freed
// DEEP-SAME: [leak]
// DEEP-NOT: error

// RUN: python3 %S/Inputs/nested_ifs.py 12000 > %t.toodeep.mlir
// RUN: not %memlint lint %t.toodeep.mlir 2>&1 | FileCheck %s --check-prefix=TOODEEP
// RUN: not %memlint plan %t.toodeep.mlir 2>&1 | FileCheck %s --check-prefix=TOODEEP
// TOODEEP: toodeep.mlir:10001:11: error: brackets nested deeper than 10000 levels

// Under an address-space limit (ulimit -v) the stacks are smaller (a
// quarter of the limit each, and only as many threads as fit), and so is
// the depth accepted: 1 GiB stacks did not fit 3 GB and aborted in
// pthread_create. The same input is then analysed or refused, never a
// signal.
// RUN: sh -c 'ulimit -v 3000000; %memlint lint %t.deep.mlir; test $? -eq 1'
// RUN: sh -c 'ulimit -v 3000000; %memlint lint -j4 --format=json %t.deep.mlir > /dev/null; test $? -eq 1'
// RUN: sh -c 'ulimit -v 3000000; %memlint lint %t.toodeep.mlir 2>&1; test $? -eq 2' | FileCheck %s --check-prefix=LIMITED
// LIMITED: error: brackets nested deeper than {{[0-9]+}} levels

// Types nest through angle brackets (`tuple<tuple<...>>`): the parser
// recursed on 4 million of those (28 MB, under the input limit) until its
// stack overflowed. They count; `->`, `>=` and `<=` do not.
// RUN: python3 -c "n = 12000; print('\"x.op\"() : () -> ' + 'tuple<' * n + 'i32' + '>' * n)" > %t.angles.mlir
// RUN: not %memlint lint %t.angles.mlir 2>&1 | FileCheck %s --check-prefix=ANGLES
// ANGLES: angles.mlir:1:60023: error: brackets nested deeper than 10000 levels
// The same, one `tuple<` a line: angles count across lines (they were
// counted per line, and 5,000 a line over a few lines crashed).
// RUN: python3 -c "n = 12000; print('\"x.op\"() : () -> ' + 'tuple<\n' * n + 'i32' + '>' * n)" > %t.anglelines.mlir
// RUN: not %memlint lint %t.anglelines.mlir 2>&1 | FileCheck %s --check-prefix=ANGLELINES
// ANGLELINES: anglelines.mlir:10001:6: error: brackets nested deeper than 10000 levels
// Braces inside angles (`#enc<{...}>`) pair up, they do not add up.
// RUN: python3 -c "print('\n'.join('#e%d = #sparse_tensor.encoding<{ map = (d0) -> (d0 : compressed) }>' % i for i in range(12000)))" > %t.encodings.mlir
// RUN: %memlint lint %t.encodings.mlir
// RUN: python3 -c "print('\n'.join('#s%d = affine_set<(d0) : (d0 >= 0, 5 <= d0)>\n#m%d = affine_map<(d0) -> (d0)>' % (i, i) for i in range(12000)))" > %t.notangles.mlir
// RUN: %memlint lint %t.notangles.mlir
