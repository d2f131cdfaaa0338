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

using namespace mlir;

namespace memlint {
namespace {

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
      why = "its path conditions outgrew the analysis budget (" +
            std::to_string(limits.nodes) + " BDD nodes)";
      break;
    case BddSpent::None:
      // No budget ran out: the walk stopped at its round limit with a
      // loop's states still changing.
      why = "its loops reached no fixpoint within the analysis's round limit";
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
