// fix -i writes through a symbolic link: the target is fixed, the link
// stays a link (it used to become a fixed copy, the target left as was).
// RUN: rm -rf %t && mkdir -p %t/real %t/links
// RUN: cp %s %t/real/a.mlir
// RUN: ln -s ../real/a.mlir %t/links/a.mlir
// RUN: %memlint fix -i %t/links/a.mlir
// RUN: test -L %t/links/a.mlir
// RUN: FileCheck %s < %t/real/a.mlir
// RUN: %memlint lint %t/real/a.mlir
//
// A read-only file is refused (exit 2, file untouched) unless --force.
// RUN: cp %s %t/ro.mlir && chmod a-w %t/ro.mlir
// RUN: sh -c '%memlint fix -i %t/ro.mlir; test $? -eq 2'
// RUN: not %memlint fix -i %t/ro.mlir 2>&1 | FileCheck %s --check-prefix=RO
// RUN: diff %s %t/ro.mlir
// RUN: %memlint fix -i --force %t/ro.mlir
// RUN: FileCheck %s < %t/ro.mlir
// RUN: stat -c %%a %t/ro.mlir | FileCheck %s --check-prefix=MODE
//
// Only a regular file is rewritten: a fifo is refused before it is read
// (reading one nothing writes to blocked forever), a device too.
// RUN: mkfifo %t/fifo.mlir
// RUN: not %memlint fix -i %t/fifo.mlir 2>&1 | FileCheck %s --check-prefix=FIFO
// RUN: not %memlint fix -i /dev/null 2>&1 | FileCheck %s --check-prefix=DEV
// RUN: rm %t/fifo.mlir
//
// No temporary file is left beside the targets.
// RUN: ls -A %t/real %t/links %t | FileCheck %s --check-prefix=LS
//
// (A file edited while memlint works on it is refused: test/unit's
// InPlaceWriteTest, where the edit can be timed. Removal of the temporary
// file on SIGINT is llvm::sys::RemoveFileOnSignal's; no lit test can
// interrupt at that moment reliably.)
//
// CHECK: memref.dealloc %a
// RO: memlint fix: {{.*}}ro.mlir: read-only file, not rewritten (--force rewrites it)
// MODE: 444
// FIFO: memlint fix: {{.*}}fifo.mlir: -i needs a regular file (not a fifo, device or socket)
// DEV: memlint fix: /dev/null: -i needs a regular file
// LS-NOT: memlint-
func.func @f() {
  %a = memref.alloc() : memref<8xf32>
  return
}
