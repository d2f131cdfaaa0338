//===- OverCapacityCheck.cpp - A function's buffers exceed a memory space -===//
//
// With a capacity configured for a memory space (`--capacity SPACE=BYTES`,
// .memlint.json "capacity"), plans each function's buffers of that space
// (MemoryPlan) and warns when
//   - the lower bound exceeds the capacity: no plan can fit, or
//   - only the planned arena does: a better plan or a smaller alignment
//     might.
// Dynamic sizes count at their bound under `--assume NAME<=N`; a buffer
// with an unbounded size is not counted and is not a finding by itself
// (memlint cannot say it overflows); a finding mentions how many there are.
//
//===----------------------------------------------------------------------===//
#include "analysis/Config.h"
#include "analysis/LiveRanges.h"
#include "analysis/MemoryPlan.h"
#include "analysis/checks/Check.h"

using namespace mlir;

namespace memlint {
namespace {

class OverCapacityCheck : public Check {
public:
  OverCapacityCheck() : Check(CheckId::OverCapacity) {}

  void checkFunction(CheckContext &ctx, LifetimeAnalysis &la,
                     std::vector<Finding> &out) override {
    if (ctx.options.capacity.empty())
      return;
    FunctionOpInterface fn = la.function();
    LiveRanges ranges(la);
    MemoryPlanOptions mo;
    mo.alignment = ctx.options.alignment;
    mo.assumptions = ctx.options.assumptions;
    mo.capacity = capacitiesForPlanner(ctx.options.capacity);
    // Heuristics first; the exact search only where it could matter.
    mo.searchNodeBudget = 0;
    FunctionPlan plan = planFunction(ctx.doc, la, ranges, mo);
    bool retry = false;
    for (const SpacePlan &sp : plan.spaces) {
      auto cap = ctx.options.capacity.find(sp.space);
      retry |= cap != ctx.options.capacity.end() &&
               sp.lowerBoundBytes <= int64_t(cap->second) &&
               sp.peakBytes > int64_t(cap->second) && !sp.optimal;
    }
    if (retry) {
      mo.searchNodeBudget = MemoryPlanOptions().searchNodeBudget;
      plan = planFunction(ctx.doc, la, ranges, mo);
    }
    for (const SpacePlan &sp : plan.spaces) {
      auto cap = ctx.options.capacity.find(sp.space);
      if (cap != ctx.options.capacity.end())
        report(ctx.doc, fn, sp, int64_t(cap->second), out);
    }
  }

private:
  void report(Document &doc, FunctionOpInterface fn, const SpacePlan &sp,
              int64_t capacity, std::vector<Finding> &out) {
    std::string cap = std::to_string(capacity);
    Finding f = finding(doc.symbolNameRangeOf(fn));
    // Sizes past 64 bits leave the plan's numbers meaningless (0): they
    // exceed any capacity.
    if (!sp.error.empty())
      f.message = "cannot fit: the buffers of " + sp.space +
                  " add up to more bytes than 64 bits count, capacity " + cap;
    else if (sp.lowerBoundBytes > capacity)
      f.message = "cannot fit: at least " + std::to_string(sp.lowerBoundBytes) +
                  " bytes of " + sp.space + " are live at once, capacity " +
                  cap;
    else if (sp.peakBytes > capacity)
      f.message = "the planned arena needs " + std::to_string(sp.peakBytes) +
                  " bytes, capacity " + cap + "; the lower bound " +
                  std::to_string(sp.lowerBoundBytes) + " fits";
    else
      return;
    unsigned unbounded = 0, several = 0, overAligned = 0;
    for (const PlannedBuffer &b : sp.buffers) {
      unbounded += b.unplanned == Unplanned::DynamicSize;
      several += b.unplanned == Unplanned::SeveralInstances;
      overAligned += b.unplanned == Unplanned::OverAligned;
    }
    if (unbounded)
      f.message += " (not counting " + std::to_string(unbounded) + " buffer" +
                   (unbounded > 1 ? "s" : "") +
                   " of unbounded dynamic size; bound them with --assume)";
    if (several)
      f.message += " (not counting " + std::to_string(several) + " buffer" +
                   (several > 1 ? "s" : "") + " with several live instances)";
    if (overAligned)
      f.message += " (not counting " + std::to_string(overAligned) + " buffer" +
                   (overAligned > 1 ? "s" : "") +
                   " aligned beyond the arena's alignment)";

    if (sp.maxLiveOp) {
      std::string names;
      unsigned listed = 0, more = 0;
      for (const PlannedBuffer &b : sp.buffers) {
        if (!b.inArena() || b.lower > sp.maxLivePoint ||
            b.upper <= sp.maxLivePoint)
          continue;
        if (listed == 6) {
          ++more;
          continue;
        }
        names += (listed++ ? ", " : "") + b.name + " (" +
                 std::to_string(*b.boundBytes) + ")";
      }
      if (more)
        names += " and " + std::to_string(more) + " more";
      f.related.push_back({std::to_string(sp.maxLiveBytes) + " bytes of " +
                               sp.space + " are live here: " + names,
                           doc.rangeOf(sp.maxLiveOp)});
    }
    out.push_back(std::move(f));
  }
};

} // namespace

std::unique_ptr<Check> createOverCapacityCheck() {
  return std::make_unique<OverCapacityCheck>();
}

} // namespace memlint
