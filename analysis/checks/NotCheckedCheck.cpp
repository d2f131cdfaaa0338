//===- NotCheckedCheck.cpp - Functions the analysis gave up on ------------===//
//
// The lifetime analysis stops on a function whose BDDs outgrow their budget
// (nodes, operations or bytes; the message says which) or whose loops
// reach no fixpoint; only the coarse events (lifetime/CoarseEvents: bugs on
// every path) are reported for it then. Silence about the rest would read
// as a clean bill, so the function itself is a finding, anchored on its
// name.
//
//===----------------------------------------------------------------------===//
#include "analysis/checks/Check.h"

#include "mlir/Interfaces/ControlFlowInterfaces.h"
#include "mlir/Interfaces/LoopLikeInterface.h"

using namespace mlir;

namespace memlint {
namespace {

/// True when `fn` has a loop: a loop op, a region op whose regions may
/// repeat, or a CFG edge back to the same or an earlier block (every cycle
/// of a region's blocks has one). Without one the analysis has no fixpoint
/// to miss, so only the budget can have stopped it.
bool mayLoop(FunctionOpInterface fn) {
  WalkResult r = fn->walk([](Operation *op) {
    auto branch = dyn_cast<RegionBranchOpInterface>(op);
    if (isa<LoopLikeOpInterface>(op) || (branch && branch.hasLoop()))
      return WalkResult::interrupt();
    for (Region &region : op->getRegions()) {
      DenseMap<Block *, unsigned> index;
      unsigned n = 0;
      for (Block &b : region)
        index[&b] = n++;
      for (Block &b : region)
        for (Block *succ : b.getSuccessors())
          if (index.lookup(succ) <= index.lookup(&b))
            return WalkResult::interrupt();
    }
    return WalkResult::advance();
  });
  return r.wasInterrupted();
}

class NotCheckedCheck : public Check {
public:
  NotCheckedCheck() : Check(CheckId::NotChecked) {}

  void checkFunction(CheckContext &ctx, LifetimeAnalysis &la,
                     std::vector<Finding> &out) override {
    if (!la.gaveUp())
      return;
    FunctionOpInterface fn = la.function();
    Finding f = finding(ctx.doc.symbolNameRangeOf(fn));
    const BddBudget &limits = ctx.lifetimes.budgetPerFunction();
    std::string why;
    switch (la.budgetSpent()) {
    case BddSpent::Operations:
      why = "its analysis outgrew the work budget (" +
            std::to_string(limits.operations) + " BDD operations)";
      break;
    case BddSpent::Memory:
      why = "its path conditions outgrew the memory budget (" +
            std::to_string(limits.bytes) + " bytes)";
      break;
    case BddSpent::Nodes:
    case BddSpent::None:
      // The wording from before the work and memory budgets: the node
      // table ran out, or (no budget did) the loops reached no fixpoint.
      why = "its path conditions outgrew the analysis budget (" +
            std::to_string(limits.nodes) + " BDD nodes)";
      if (mayLoop(fn))
        why += " or its loops reached no fixpoint";
      break;
    }
    f.message = "@" + fn.getName().str() + " was checked only coarsely: " + why;
    f.message += "; only bugs that happen on every path are reported for it";
    out.push_back(std::move(f));
  }
};

} // namespace

std::unique_ptr<Check> createNotCheckedCheck() {
  return std::make_unique<NotCheckedCheck>();
}

} // namespace memlint
