//===- LoopBlocks.h - The blocks a back edge closes into a loop -*- C++ -*-===//
//
// Shared by the loop model (the CFG loops the walker iterates) and the
// integer facts (which side of a loop's test stays in it).
//
//===----------------------------------------------------------------------===//
#ifndef MEMLINT_ANALYSIS_LIFETIME_LOOPBLOCKS_H
#define MEMLINT_ANALYSIS_LIFETIME_LOOPBLOCKS_H

#include "mlir/IR/Block.h"
#include "llvm/ADT/DenseSet.h"

namespace memlint::lifetime {

/// Adds to `blocks` the loop the back edges `latches` -> `header` close:
/// the header and the blocks that reach a latch without passing it and
/// that the header reaches through them. (All of a header's back edges at
/// once: one walk, where one per back edge cost the blocks times the back
/// edges.)
void addLoopBlocks(llvm::ArrayRef<mlir::Block *> latches, mlir::Block *header,
                   llvm::DenseSet<mlir::Block *> &blocks);

} // namespace memlint::lifetime

#endif
