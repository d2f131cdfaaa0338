//===- LeakCheck.cpp - Buffers live at a function exit or back edge -------===//
#include "analysis/checks/Check.h"

#include "mlir/Interfaces/SideEffectInterfaces.h"
#include <map>

using namespace mlir;

namespace memlint {
namespace {

class LeakCheck : public Check {
public:
  LeakCheck() : Check(CheckId::Leak) {}

  void checkFunction(CheckContext &ctx, LifetimeAnalysis &la,
                     std::vector<Finding> &out) override {
    std::map<int, std::vector<Event>> byBuffer;
    // One finding per allocation: its earlier-iteration instance (see
    // BufferInfo::earlierOf) reports with it.
    for (const Event &e : la.events()) {
      if (e.kind != EventKind::Leak)
        continue;
      int b = la.buffers()[e.buffer].earlierOf;
      byBuffer[b >= 0 ? b : e.buffer].push_back(e);
    }
    for (auto &[b, evs] : byBuffer)
      out.push_back(report(ctx, la, la.buffers()[b], evs));
  }

private:
  Finding report(CheckContext &ctx, LifetimeAnalysis &la, const BufferInfo &buf,
                 const std::vector<Event> &evs) {
    Document &doc = ctx.doc;
    Finding f = finding(doc.rangeOf(buf.allocOp));
    std::string name = bufferName(doc, buf);
    bool inLoop = llvm::any_of(evs, [](const Event &e) { return e.backEdge; });
    // A single exit: say on which paths. Several exits: name the exits.
    std::string when;
    if (evs.size() == 1)
      when = describeCondition(la, evs.front().cond, evs.front().op);
    if (inLoop)
      f.message = "buffer " + name +
                  " allocated in a loop is not freed before the next "
                  "iteration allocates it again";
    else
      f.message = "buffer " + name + " is never freed";
    if (!when.empty())
      f.message += " " + when;
    if (hasFree(buf))
      f.message += " (it is freed only on other paths)";
    for (const Event &e : evs) {
      RelatedLocation r;
      std::string path = describeCondition(la, e.cond, e.op);
      r.message =
          e.backEdge
              ? "the loop repeats here with " + name + " still allocated"
              : "the function exits here with " + name + " still allocated";
      if (!path.empty() && evs.size() > 1)
        r.message += " " + path;
      r.range = doc.rangeOf(e.op);
      bool seen = llvm::any_of(f.related, [&](const RelatedLocation &x) {
        return x.range == r.range && x.message == r.message;
      });
      if (!seen)
        f.related.push_back(r);
    }
    return f;
  }

  static bool hasFree(const BufferInfo &buf) {
    // Any user that frees the buffer directly (aliases aside) is enough
    // to know the author meant to free it somewhere.
    for (Operation *user : buf.value.getUsers()) {
      auto iface = dyn_cast<MemoryEffectOpInterface>(user);
      if (iface && iface.getEffectOnValue<MemoryEffects::Free>(buf.value))
        return true;
    }
    return false;
  }
};

} // namespace

std::unique_ptr<Check> createLeakCheck() {
  return std::make_unique<LeakCheck>();
}

} // namespace memlint
