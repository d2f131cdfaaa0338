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
    uint64_t runs = 1;
    for (int64_t n : linalgOp.getStaticLoopRanges()) {
      if (ShapedType::isDynamic(n)) {
        runs = 1;
        break;
      }
      runs = std::min<uint64_t>(runs * std::clamp<int64_t>(n, 0, 2), 2);
    }
    if (llvm::none_of(linalgOp.getStaticLoopRanges(), ShapedType::isDynamic))
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
