//===- UseAfterFreeCheck.cpp - Memory touched after its free --------------===//
#include "analysis/GpuWaits.h"
#include "analysis/checks/Check.h"

#include "mlir/Interfaces/ControlFlowInterfaces.h"
#include "mlir/Interfaces/FunctionInterfaces.h"

using namespace mlir;

namespace memlint {
namespace {

class UseAfterFreeCheck : public Check {
public:
  UseAfterFreeCheck() : Check(CheckId::UseAfterFree) {}

  /// A function returns stack memory: its frame, and the memory with it,
  /// is gone when the caller gets it.
  Finding stackReturned(Document &doc, LifetimeAnalysis &la,
                        const EventGroup &g, const Event &e) const {
    const Origin &o = la.origins()[e.origin];
    Operation *alloca = o.value.getDefiningOp();
    std::string via = doc.nameOf(e.via);
    Finding f = finding(g.anchor);
    std::string name = doc.nameOf(o.value);
    Operation *scope = e.op->getParentOp();
    std::string ends =
        isa<FunctionOpInterface>(scope)
            ? "the function returns"
            : "its '" + scope->getName().getStringRef().str() + "' ends";
    f.message = "'" + e.op->getName().getStringRef().str() +
                "' returns stack memory " + name + " from '" +
                alloca->getName().getStringRef().str() +
                "', which is freed when " + ends;
    if (name != via)
      f.message += " (through its alias " + via + ")";
    Message when = describeCondition(la, e.cond, e.op);
    if (!when.empty())
      f.message += " " + when;
    f.related.push_back({"stack allocation here", doc.rangeOf(alloca)});
    return f;
  }

  void checkFunction(CheckContext &ctx, LifetimeAnalysis &la,
                     std::vector<Finding> &out) override {
    Document &doc = ctx.doc;
    StreamFrees streamFrees;
    for (const EventGroup &g : eventGroups(doc, la))
      for (const Event &e : g.events) {
        if (e.buffer < 0) {
          out.push_back(stackReturned(doc, la, g, e));
          continue;
        }
        const BufferInfo &buf = la.buffers()[e.buffer];
        std::string name = bufferName(doc, buf);
        std::string via = doc.nameOf(e.via);
        Finding f = finding(g.anchor);
        bool returns = e.op->hasTrait<OpTrait::ReturnLike>();
        if (e.unawaitedBody)
          f.message = "the body of an 'async.execute' that nothing awaits "
                      "may use buffer " +
                      name + " after it was freed";
        else
          f.message = "'" + e.op->getName().getStringRef().str() + "' " +
                      (returns ? "returns " : "uses ") + "buffer " + name +
                      " after it was freed";
        if (via != name)
          f.message += " (through its alias " + via + ")";
        Message when = describeCondition(la, e.cond, e.op);
        if (!when.empty())
          f.message += " " + when;
        if (e.firstFree)
          f.related.push_back({"freed here", doc.rangeOf(e.firstFree)});
        // A DMA wait uses the buffers of the transfers it waits for.
        for (Operation *start : dmaStartsAwaited(e.op)) {
          auto [source, destination] = dmaBuffersOf(start);
          if (e.via == source || e.via == destination) {
            f.related.push_back(
                {"the DMA started here may " +
                     std::string(e.via == source ? "read " : "write ") + via +
                     " until this wait",
                 doc.rangeOf(start)});
            break;
          }
        }
        // A wait on the host uses the memrefs of the async GPU ops it
        // waits for.
        for (const AwaitedGpuWork &work : gpuWorkAwaited(e.op, streamFrees))
          if (llvm::is_contained(work.memrefs, e.via)) {
            f.related.push_back({"'" + work.op->getName().getStringRef().str() +
                                     "' runs asynchronously here and may use " +
                                     via + " until this wait",
                                 doc.rangeOf(work.op)});
            break;
          }
        if (e.unawaitedBody)
          f.related.push_back({"this 'async.execute' body uses " + via +
                                   " and may run until after the function "
                                   "returns",
                               doc.rangeOf(e.unawaitedBody)});
        // An await uses what the body it waits for uses.
        for (Operation *execute : asyncBodiesAwaited(e.op))
          if (llvm::is_contained(asyncBodyCapturedUses(execute), e.via))
            f.related.push_back({"the body of this 'async.execute' may run "
                                 "and use " +
                                     via + " until this await",
                                 doc.rangeOf(execute)});
        f.related.push_back({bornHereNote(name, buf), bornRange(doc, buf)});
        out.push_back(std::move(f));
      }
  }
};

} // namespace

std::unique_ptr<Check> createUseAfterFreeCheck() {
  return std::make_unique<UseAfterFreeCheck>();
}

} // namespace memlint
