//===- HeldValues.h - Values blocks may still use ---------------*- C++ -*-===//
//
// Which memref-carrying values a block of a function's top-level region, or
// a block after it, may still use: backward liveness over that region's
// CFG, one value at a time from its uses back to its definition (the cost
// is the size of the answer), where a use inside a nested region counts as
// a use by the block that holds the region op (mlir::Liveness leaves those
// to the nested blocks). The lifetime walk drops the state of a freed buffer
// that none of these values may hold (FlowWalker::dropFinishedBuffers).
//
// Only the top-level region is answered: after a nested region, the state
// flows on to the ops that follow its op, which a nested block's liveness
// does not see.
//
//===----------------------------------------------------------------------===//
#ifndef MEMLINT_ANALYSIS_LIFETIME_HELDVALUES_H
#define MEMLINT_ANALYSIS_LIFETIME_HELDVALUES_H

#include "mlir/IR/Region.h"
#include "mlir/IR/Value.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallVector.h"
#include <vector>

namespace memlint::lifetime {

class HeldValues {
public:
  explicit HeldValues(mlir::Region &topLevel);
  /// Whether `block` is a block of the region this was computed for (none
  /// when the region has too many blocks and values to answer cheaply).
  bool covers(mlir::Block *block) const { return blockIndex.count(block); }
  /// Calls `f` on each memref-carrying value live into `block` (used there,
  /// nested uses included, or in a block reachable from it, before being
  /// defined again).
  template <typename F> void forEachLiveIn(mlir::Block *block, F f) const {
    for (unsigned i : liveIn[blockIndex.lookup(block)])
      f(values[i]);
  }

private:
  std::vector<mlir::Value> values;
  llvm::DenseMap<mlir::Block *, unsigned> blockIndex;
  /// Per block, the values live into it (indices into `values`).
  std::vector<llvm::SmallVector<unsigned, 4>> liveIn;
};

} // namespace memlint::lifetime

#endif
