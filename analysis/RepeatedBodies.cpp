//===- RepeatedBodies.cpp - Region ops that run their body many times -----===//
#include "analysis/RepeatedBodies.h"

#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Interfaces/ControlFlowInterfaces.h"
#include "mlir/Interfaces/LoopLikeInterface.h"

using namespace mlir;

namespace memlint {

std::optional<RepeatedBody> repeatedBody(Operation *op) {
  if (isa<RegionBranchOpInterface>(op) || op->getNumRegions() == 0)
    return std::nullopt;
  RepeatedBody body;
  if (isa<LoopLikeOpInterface>(op)) {
    body.isLoop = true;
    return body;
  }
  // Once per element of its iteration space, which may be empty.
  if (auto linalgOp = dyn_cast<linalg::LinalgOp>(op)) {
    SmallVector<int64_t> ranges = linalgOp.getStaticLoopRanges();
    // A dimension of size 0 empties the space whatever the others are.
    if (llvm::is_contained(ranges, 0)) {
      body.runs = 0;
      return body;
    }
    if (llvm::any_of(ranges, ShapedType::isDynamic))
      return body;
    uint64_t runs = 1;
    for (int64_t n : ranges)
      runs = std::min<uint64_t>(runs * std::clamp<int64_t>(n, 0, 2), 2);
    body.runs = runs;
    return body;
  }
  // Each combiner runs once per two values combined: not at all for a
  // loop of one iteration.
  if (isa<scf::ReduceOp>(op))
    return body;
  return std::nullopt;
}

} // namespace memlint
