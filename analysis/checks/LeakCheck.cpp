//===- LeakCheck.cpp - Buffers live at a function exit or back edge -------===//
#include "analysis/checks/Check.h"

#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "llvm/ADT/DenseSet.h"
#include <map>
#include <optional>

using namespace mlir;

namespace memlint {
namespace {

class LeakCheck : public Check {
public:
  LeakCheck() : Check(CheckId::Leak) {}

  void checkFunction(CheckContext &ctx, LifetimeAnalysis &la,
                     std::vector<Finding> &out) override {
    std::optional<llvm::DenseSet<Value>> freed; // made when first asked
    for (const EventGroup &g : eventGroups(ctx.doc, la))
      out.push_back(report(ctx, la, g, freed));
  }

  /// One finding per allocation, on it: its earlier-iteration instance
  /// (see BufferInfo::earlierOf) reports with it.
  std::vector<EventGroup>
  eventGroups(const Document &doc, const LifetimeAnalysis &la) const override {
    std::map<int, std::vector<Event>> byBuffer;
    for (const Event &e : la.events()) {
      if (e.kind != EventKind::Leak)
        continue;
      int b = la.buffers()[e.buffer].earlierOf;
      byBuffer[b >= 0 ? b : e.buffer].push_back(e);
    }
    std::vector<EventGroup> groups;
    for (auto &[b, evs] : byBuffer)
      groups.push_back({bornRange(doc, la.buffers()[b]), std::move(evs)});
    return groups;
  }

private:
  /// Where the buffer leaks, and on which paths each instance does.
  struct LeakExit {
    Operation *op;
    bool backEdge;
    std::vector<Bdd> conds;
  };

  /// One exit per op: the instances of an allocation that leak there (this
  /// iteration's and earlier ones') are one leak to the reader, worded by
  /// the paths on which any of them does.
  static std::vector<LeakExit> exitsOf(const std::vector<Event> &evs) {
    std::vector<LeakExit> exits;
    for (const Event &e : evs) {
      auto it =
          llvm::find_if(exits, [&](const LeakExit &x) { return x.op == e.op; });
      if (it == exits.end())
        exits.push_back({e.op, e.backEdge, {e.cond}});
      else
        it->conds.push_back(e.cond);
    }
    return exits;
  }

  Finding report(CheckContext &ctx, LifetimeAnalysis &la, const EventGroup &g,
                 std::optional<llvm::DenseSet<Value>> &freed) {
    Document &doc = ctx.doc;
    const std::vector<Event> &evs = g.events;
    int first = evs.front().buffer, earlier = la.buffers()[first].earlierOf;
    const BufferInfo &buf = la.buffers()[earlier >= 0 ? earlier : first];
    Finding f = finding(g.anchor);
    std::string name = bufferName(doc, buf);
    std::vector<LeakExit> exits = exitsOf(evs);
    bool inLoop =
        llvm::any_of(exits, [](const LeakExit &x) { return x.backEdge; });
    // A single exit: say on which paths. Several exits: name the exits.
    Message when;
    if (exits.size() == 1)
      when = describeCondition(la, exits.front().conds, exits.front().op);
    if (inLoop)
      f.message = "buffer " + name +
                  " allocated in a loop is not freed before the next "
                  "iteration allocates it again";
    else
      f.message = "buffer " + name + " is never freed";
    if (!when.empty())
      f.message += " " + when;
    // (A free the analysis finds on no path, behind a test that is never
    // true, frees it on no other path either; a free of a view of it,
    // which may, counts.)
    if (hasFree(buf)) {
      // (A coarse analysis has no paths to ask: the free counts.)
      bool freedElsewhere = la.gaveUp();
      if (!freedElsewhere) {
        if (!freed)
          freed = freedOnSomePath(la);
        freedElsewhere = freed->contains(buf.value);
      }
      f.message += freedElsewhere ? " (it is freed only on other paths)"
                                  : " (its free is never reached)";
    }
    for (const LeakExit &x : exits) {
      RelatedLocation r;
      r.message =
          x.backEdge
              ? "the loop repeats here with " + name + " still allocated"
              : "the function exits here with " + name + " still allocated";
      if (exits.size() > 1)
        if (Message path = describeCondition(la, x.conds, x.op); !path.empty())
          r.message += " " + path;
      r.range = doc.rangeOf(x.op);
      bool seen = llvm::any_of(f.related, [&](const RelatedLocation &y) {
        return y.range == r.range && y.message.str() == r.message.str();
      });
      if (!seen)
        f.related.push_back(r);
    }
    return f;
  }

  /// The allocated values some op of the function frees on some path
  /// (through any name: a view, a block argument), once per function.
  static llvm::DenseSet<Value> freedOnSomePath(LifetimeAnalysis &la) {
    llvm::DenseSet<Value> out;
    la.function()->walk([&](Operation *op) {
      for (auto [b, cond] : la.freedBy(op))
        out.insert(la.buffers()[b].value);
    });
    return out;
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
