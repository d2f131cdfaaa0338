// Output that cannot all be written fails the command (exit 2), so that
// `memlint fix f > g && mv g f` never replaces a file with part of one. A
// reader that leaves on purpose (`| head`) is told nothing; a full disk is.
// RUN: python3 %S/Inputs/many_leaks.py 3000 > %t.mlir
// RUN: bash -c 'set -o pipefail; %memlint lint %t.mlir 2> %t.err | head -c 10 > /dev/null; test $? -eq 2'
// RUN: bash -c 'set -o pipefail; %memlint lint -j2 --format=json %t.mlir 2>> %t.err | head -c 10 > /dev/null; test $? -eq 2'
// RUN: bash -c 'set -o pipefail; %memlint fix %t.mlir 2>> %t.err | head -c 10 > /dev/null; test $? -eq 2'
// RUN: count 0 < %t.err
// RUN: not %memlint lint %t.mlir > /dev/full 2> %t.full
// RUN: FileCheck %s < %t.full
// CHECK: memlint: cannot write the output
