//===- IRTeardown.cpp - Freeing deeply nested IR in linear time -----------===//
#include "analysis/IRTeardown.h"

#include "mlir/IR/Operation.h"
#include "mlir/IR/Region.h"

using namespace mlir;

namespace memlint {

void eraseNestedIR(Operation *op) {
  // Once no op uses another's results (nor a block as a successor), the ops
  // may go in any order.
  op->dropAllReferences();
  // After its children, each op empties its own regions: their destructors
  // then walk nothing more.
  op->walk<WalkOrder::PostOrder>([](Operation *nested) {
    for (Region &region : nested->getRegions())
      region.getBlocks().clear();
  });
  op->erase();
}

} // namespace memlint
