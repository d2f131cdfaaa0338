// Input over the size limit (default 64 MiB) is refused with exit 2 and a
// message naming the limit, in every command; an endless input such as
// /dev/zero used to run out of memory.
// RUN: sh -c '%memlint lint /dev/zero; test $? -eq 2'
// RUN: not %memlint lint /dev/zero 2>&1 | FileCheck %s --check-prefix=DEFAULT
// RUN: sh -c '%memlint lint --max-input-size=100 %s; test $? -eq 2'
// RUN: not %memlint lint --max-input-size=100 %s 2>&1 | FileCheck %s --check-prefix=SMALL
// RUN: sh -c '%memlint plan --max-input-size=100 - < %s; test $? -eq 2'
// RUN: sh -c '%memlint fix --max-input-size 100 %s; test $? -eq 2'
// RUN: sh -c '%memlint emit --target=cuda --max-input-size=100 %s; test $? -eq 2'
// RUN: %memlint lint --max-input-size=100000 %s
// RUN: not %memlint lint --max-input-size=0 %s 2>&1 | FileCheck %s --check-prefix=BAD
//
// .memlint.json sets it too; the command line wins.
// RUN: rm -rf %t && mkdir %t && cp %s %t/a.mlir
// RUN: echo '{"max_input_size": 100}' > %t/.memlint.json
// RUN: sh -c '%memlint lint %t/a.mlir; test $? -eq 2'
// RUN: %memlint lint --max-input-size=100000 %t/a.mlir
//
// DEFAULT: /dev/zero: error: input is larger than the limit of 67108864 bytes
// SMALL: max-input-size.mlir: error: input is larger than the limit of 100 bytes
// BAD: memlint lint: --max-input-size wants a positive byte count, not '0'
func.func @f() {
  return
}
