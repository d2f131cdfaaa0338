//===- DoubleFreeCheck.cpp - A buffer freed twice on one path -------------===//
#include "analysis/checks/Check.h"

#include "analysis/Ownership.h"
#include "mlir/Interfaces/LoopLikeInterface.h"

using namespace mlir;

namespace memlint {
namespace {

class DoubleFreeCheck : public Check {
public:
  DoubleFreeCheck() : Check(CheckId::DoubleFree) {}

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
          f.related.push_back(
              {!self      ? "first freed here"
               : parallel ? "freed here in another iteration of the loop"
                          : "freed here in the previous iteration of the loop",
               doc.rangeOf(e.firstFree)});
        }
        f.related.push_back(
            {bornHereNote(name, buf), doc.rangeOf(buf.allocOp)});
        out.push_back(std::move(f));
      }
  }
};

} // namespace

std::unique_ptr<Check> createDoubleFreeCheck() {
  return std::make_unique<DoubleFreeCheck>();
}

} // namespace memlint
