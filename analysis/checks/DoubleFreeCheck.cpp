//===- DoubleFreeCheck.cpp - A buffer freed twice on one path -------------===//
#include "analysis/checks/Check.h"

#include "analysis/Ownership.h"
#include "analysis/RepeatedBodies.h"
#include "mlir/Interfaces/ControlFlowInterfaces.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "mlir/Interfaces/LoopLikeInterface.h"
#include "llvm/ADT/DenseSet.h"

using namespace mlir;

namespace memlint {
namespace {

class DoubleFreeCheck : public Check {
public:
  DoubleFreeCheck() : Check(CheckId::DoubleFree) {}

  /// Whether `op` may run again: inside a loop op or a region op that
  /// repeats a region, or in a block of a CFG cycle.
  static bool repeats(Operation *op) {
    for (Operation *at = op; at; at = at->getParentOp()) {
      if (at != op) {
        if (isa<LoopLikeOpInterface>(at))
          return true;
        if (auto rb = dyn_cast<RegionBranchOpInterface>(at); rb && rb.hasLoop())
          return true;
      }
      Block *block = at->getBlock();
      if (!block)
        break;
      // A block that reaches itself through its successors.
      SmallVector<Block *> work(block->getSuccessors());
      DenseSet<Block *> seen;
      while (!work.empty()) {
        Block *b = work.pop_back_val();
        if (b == block)
          return true;
        if (seen.insert(b).second)
          llvm::append_range(work, b->getSuccessors());
      }
      if (isa<FunctionOpInterface>(at))
        break;
    }
    return false;
  }

  /// The op around `op` that repeats its body without being a loop (a
  /// linalg op, scf.reduce: RepeatedBodies.h), where it is the innermost
  /// thing around `op` that repeats.
  static Operation *repeatedBodyAround(Operation *op) {
    for (Operation *at = op->getParentOp(); at; at = at->getParentOp()) {
      if (std::optional<RepeatedBody> r = repeatedBody(at))
        return r->isLoop ? nullptr : at;
      if (isa<LoopLikeOpInterface, FunctionOpInterface>(at))
        return nullptr;
      if (auto rb = dyn_cast<RegionBranchOpInterface>(at); rb && rb.hasLoop())
        return nullptr;
    }
    return nullptr;
  }

  void checkFunction(CheckContext &ctx, LifetimeAnalysis &la,
                     std::vector<Finding> &out) override {
    Document &doc = ctx.doc;
    for (const EventGroup &g : eventGroups(doc, la))
      for (const Event &e : g.events) {
        const BufferInfo &buf = la.buffers()[e.buffer];
        std::string name = bufferName(doc, buf);
        Finding f = finding(g.anchor);
        f.message = "buffer " + name + " is freed twice";
        std::string via = doc.nameOf(e.via);
        if (via != name)
          f.message += " (through its alias " + via + ")";
        Message when = describeCondition(la, e.cond, e.op);
        if (!when.empty())
          f.message += " " + when;
        if (e.firstFree) {
          bool self = e.firstFree == e.op;
          // The iterations of scf.forall run side by side: another one,
          // not the one before, frees it too.
          auto loop = e.op->getParentOfType<LoopLikeOpInterface>();
          bool parallel = loop && loop->hasTrait<OpTrait::HasParallelRegion>();
          Operation *body = repeatedBodyAround(e.op);
          f.related.push_back(
              {!self  ? "first freed here"
               : body ? "freed here in another run of the body of the " +
                            body->getName().getStringRef().str()
               : parallel ? "freed here in another iteration of the loop"
               : repeats(e.op)
                   ? "freed here in the previous iteration of the loop"
                   : "freed here twice: this op frees it more than once",
               doc.rangeOf(e.firstFree)});
        }
        f.related.push_back({bornHereNote(name, buf), bornRange(doc, buf)});
        out.push_back(std::move(f));
      }
  }
};

} // namespace

std::unique_ptr<Check> createDoubleFreeCheck() {
  return std::make_unique<DoubleFreeCheck>();
}

} // namespace memlint
