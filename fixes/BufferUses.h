//===- BufferUses.h - The ops that use a buffer, and their ends -*- C++ -*-===//
//
// A free of a buffer must come after every use of its memory. Some uses go
// on past their op: a GPU op run `async` until its token is awaited, a DMA
// until the wait on its tag, an `async.execute` body until it is awaited.
// The lifetime analysis, which proves each fix, reads only the plainest of
// those waits as uses, so the places for a free are chosen after them here,
// and none is proposed where the end of such a use cannot be followed.
//
//===----------------------------------------------------------------------===//
#ifndef MEMLINT_FIXES_BUFFERUSES_H
#define MEMLINT_FIXES_BUFFERUSES_H

#include "mlir/IR/Operation.h"
#include "mlir/IR/Value.h"
#include "llvm/ADT/SmallVector.h"

namespace memlint {

/// Ops that use the memory behind `w` (through `w` or a view of it), and
/// those that wait for such a use to end; `untraced` is set where some
/// use's end cannot be followed (see BufferUses.cpp). What a call returns
/// may be the buffer it was passed (a callee that returns its argument,
/// one memlint cannot see into): the uses of its memref results count too.
llvm::SmallVector<mlir::Operation *> memoryUsers(mlir::Value w, bool &untraced);

} // namespace memlint

#endif
