//===- InvalidFreeCheck.cpp - Freeing memory this function does not own ---===//
#include "analysis/checks/Check.h"

#include "mlir/Interfaces/CallInterfaces.h"

using namespace mlir;

namespace memlint {
namespace {

class InvalidFreeCheck : public Check {
public:
  InvalidFreeCheck() : Check(CheckId::InvalidFree) {}

  void checkFunction(CheckContext &ctx, LifetimeAnalysis &la,
                     std::vector<Finding> &out) override {
    Document &doc = ctx.doc;
    for (const EventGroup &g : eventGroups(doc, la))
      for (const Event &e : g.events) {
        const Origin &o = la.origins()[e.origin];
        std::string what = doc.nameOf(e.via);
        std::string origin = doc.nameOf(o.value);
        Finding f = finding(g.anchor);
        RelatedLocation rel;
        switch (o.kind) {
        case OriginKind::Argument:
          f.message = "frees " + what +
                      ", which comes from function argument " + origin +
                      ": the caller owns it";
          rel = {"argument " + origin + " declared here",
                 doc.definitionRangeOf(o.value)};
          break;
        case OriginKind::Alloca:
          f.message = "frees " + what + ", which is stack memory from '" +
                      o.value.getDefiningOp()->getName().getStringRef().str() +
                      "'";
          rel = {"stack allocation here", doc.rangeOf(o.value.getDefiningOp())};
          break;
        case OriginKind::Global:
          f.message = "frees " + what + ", which is the memory of a global";
          rel = {"global accessed here", doc.rangeOf(o.value.getDefiningOp())};
          break;
        case OriginKind::Owned: {
          if (e.wrongDeallocator) {
            // Freed by another runtime than the one that allocated it.
            const BufferInfo &buf = la.buffers()[e.buffer];
            std::string freer = e.op->getName().getStringRef().str();
            std::string it = what == origin ? "it" : origin;
            if (auto call = dyn_cast<CallOpInterface>(buf.allocOp)) {
              std::string callee = calleeName(call);
              if (callee.empty())
                callee = "a call";
              f.message = "frees " + what + " with '" + freer + "', but " + it +
                          " comes from " + callee +
                          ", whose buffers must be freed with '" +
                          buf.freeOp.str() + "'";
              rel = {"returned by " + callee + " here",
                     doc.rangeOf(buf.allocOp)};
            } else {
              StringRef allocName = buf.allocOp->getName().getStringRef();
              f.message = "frees " + what + " with '" + freer + "', but '" +
                          allocName.str() + "' allocated " + it +
                          "; free it with '" + buf.freeOp.str() + "'";
              rel = {"allocated by '" + allocName.str() + "' here",
                     doc.rangeOf(buf.allocOp)};
            }
            if (e.interiorView)
              f.message += " (and " + what + " is an interior view of it)";
            break;
          }
          // Through a view that may start inside the buffer.
          f.message = "frees " + what + ", an interior view of buffer " +
                      origin + "; free " + origin + " itself";
          Operation *view = e.via.getDefiningOp();
          rel = {"interior view created here",
                 view ? doc.rangeOf(view) : doc.definitionRangeOf(e.via)};
          break;
        }
        case OriginKind::Unknown:
          continue;
        }
        Message when = describeCondition(la, e.cond, e.op);
        if (!when.empty())
          f.message += " (" + when + ")";
        f.related.push_back(rel);
        out.push_back(std::move(f));
      }
  }
};

} // namespace

std::unique_ptr<Check> createInvalidFreeCheck() {
  return std::make_unique<InvalidFreeCheck>();
}

} // namespace memlint
