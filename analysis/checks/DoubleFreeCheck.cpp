//===- DoubleFreeCheck.cpp - A buffer freed twice on one path -------------===//
#include "analysis/checks/Check.h"

#include "analysis/Ownership.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"

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
          f.related.push_back(
              {self ? "freed here in the previous iteration of the loop"
                    : "first freed here",
               doc.rangeOf(e.firstFree)});
        }
        f.related.push_back(
            {bornHereNote(name, buf), doc.rangeOf(buf.allocOp)});
        out.push_back(std::move(f));
      }
    foralls(ctx, la, out);
  }

private:
  /// The analysis walks an scf.forall body once, though it runs once per
  /// iteration, side by side: a free there, on no condition, of a buffer
  /// from outside the loop runs in every iteration. Reported where the
  /// loop's bounds are constants and it runs at least twice.
  void foralls(CheckContext &ctx, LifetimeAnalysis &la,
               std::vector<Finding> &out) {
    Document &doc = ctx.doc;
    la.function()->walk([&](scf::ForallOp loop) {
      std::optional<int64_t> trips = tripCount(loop);
      if (!trips || *trips < 2)
        return;
      for (Operation &op : loop.getBody()->without_terminator())
        for (OpOperand *freed : freedOperands(&op)) {
          Value v = freed->get();
          if (loop->isAncestor(v.getParentRegion()->getParentOp()))
            continue; // the body's own buffer (or a view of one)
          // The buffer itself, named and tracked, not a view of it.
          int b = la.bufferOf(v);
          if (b < 0 || !la.buffers()[b].tracked)
            continue;
          const BufferInfo &buf = la.buffers()[b];
          std::string name = bufferName(doc, buf);
          Finding f = finding(doc.rangeOf(&op));
          SourcePos at = doc.rangeOf(loop).start;
          f.message = "buffer " + name + " is freed " + std::to_string(*trips) +
                      " times: the scf.forall at ";
          f.message += Message::position(at);
          f.message += " frees it in each of its " + std::to_string(*trips) +
                       " iterations";
          f.related.push_back(
              {bornHereNote(name, buf), doc.rangeOf(buf.allocOp)});
          out.push_back(std::move(f));
        }
    });
  }

  static std::optional<int64_t> tripCount(scf::ForallOp loop) {
    int64_t trips = 1;
    for (auto [lb, ub, step] :
         llvm::zip(loop.getMixedLowerBound(), loop.getMixedUpperBound(),
                   loop.getMixedStep())) {
      std::optional<int64_t> l = getConstantIntValue(lb),
                             u = getConstantIntValue(ub),
                             s = getConstantIntValue(step);
      if (!l || !u || !s || *s <= 0)
        return std::nullopt;
      int64_t n = *u > *l ? (*u - *l + *s - 1) / *s : 0;
      if (n == 0)
        return 0;
      if (trips > (int64_t(1) << 40) / n)
        return int64_t(1) << 40; // many: only "at least two" matters
      trips *= n;
    }
    return trips;
  }
};

} // namespace

std::unique_ptr<Check> createDoubleFreeCheck() {
  return std::make_unique<DoubleFreeCheck>();
}

} // namespace memlint
