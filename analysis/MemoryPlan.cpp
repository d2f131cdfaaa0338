//===- MemoryPlan.cpp - Arena plans for a module's buffers ----------------===//
#include "analysis/MemoryPlan.h"

#include "analysis/planner/Planner.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/Matchers.h"
#include "llvm/Support/MathExtras.h"
#include <algorithm>

#include <limits>

using namespace mlir;

namespace memlint {

std::optional<int64_t>
boundedByteSize(Document &doc, const LiveRange &range,
                const std::map<std::string, int64_t> &assumptions) {
  if (range.bytes)
    return range.bytes;
  auto mt = dyn_cast<MemRefType>(range.type);
  if (!mt || range.dynamicSizes.empty())
    return std::nullopt;
  std::optional<int64_t> elem = elementByteSize(mt.getElementType());
  if (!elem)
    return std::nullopt;
  int64_t bytes = *elem;
  // A product past 64 bits of bounds that are all known is a size no
  // arena holds, as a static one past 64 bits is (INT64_MAX), not an
  // unbounded one.
  bool overflowed = false;
  auto times = [&](int64_t n) {
    if (n < 0)
      return false;
    if (!overflowed && llvm::MulOverflow(bytes, n, bytes))
      overflowed = true;
    return true;
  };
  for (int64_t d : mt.getShape())
    if (!ShapedType::isDynamic(d) && !times(d))
      return std::nullopt;
  for (Value size : range.dynamicSizes) {
    APInt constant;
    if (matchPattern(size, m_ConstantInt(&constant))) {
      if (!times(constant.getSExtValue()))
        return std::nullopt;
      continue;
    }
    auto arg = dyn_cast<BlockArgument>(size);
    if (!arg || arg.getOwner()->getParentOp() !=
                    range.allocOp->getParentOfType<FunctionOpInterface>())
      return std::nullopt;
    std::string name = doc.nameOf(arg);
    if (!name.empty() && name[0] == '%')
      name = name.substr(1);
    auto it = assumptions.find(name);
    if (it == assumptions.end() || !times(it->second))
      return std::nullopt;
  }
  if (overflowed)
    return std::numeric_limits<int64_t>::max();
  return bytes;
}

std::map<std::string, int64_t>
capacitiesForPlanner(const std::map<std::string, uint64_t> &configured) {
  std::map<std::string, int64_t> out;
  for (const auto &[space, bytes] : configured)
    out[space] =
        int64_t(std::min<uint64_t>(bytes, std::numeric_limits<int64_t>::max()));
  return out;
}

planner::PlanOptions plannerOptions(const MemoryPlanOptions &options) {
  planner::PlanOptions po;
  po.alignment = std::max<int64_t>(1, options.alignment);
  po.searchNodeBudget = options.searchNodeBudget;
  if (options.timeBudgetMs >= 0) {
    // The user asked for the clock: it alone ends the search.
    po.timeBudgetMs = options.timeBudgetMs;
    po.searchNodeBudget = options.timeBudgetMs == 0 ? 0 : -1;
  }
  return po;
}

static unsigned endLineOf(Document &doc, const LiveRange &r) {
  if (r.endCoversRegions)
    return doc.fullRangeOf(r.endOp).end.line;
  return doc.rangeOf(r.endOp).start.line;
}

static void planSpace(SpacePlan &sp, int64_t numPoints,
                      const LiveRanges &ranges,
                      const MemoryPlanOptions &options) {
  std::vector<planner::Buffer> input;
  std::vector<PlannedBuffer *> planned;
  for (PlannedBuffer &b : sp.buffers) {
    if (!b.inArena())
      continue;
    input.push_back({b.name, b.lower, b.upper, *b.boundBytes});
    planned.push_back(&b);
  }
  if (input.empty())
    return;
  planner::PlanOptions po = plannerOptions(options);
  if (auto cap = options.capacity.find(sp.space); cap != options.capacity.end())
    po.capacity = cap->second;
  planner::Plan plan = planner::planMemory(input, po);
  if (!plan.error.empty()) {
    sp.error = plan.error;
    for (PlannedBuffer *b : planned)
      b->offset = 0;
    return;
  }
  for (size_t i = 0; i < planned.size(); ++i)
    planned[i]->offset = plan.offsets[i];
  sp.peakBytes = plan.peak;
  sp.lowerBoundBytes = plan.lowerBound;
  sp.noReuseBytes = plan.noReuse;
  sp.optimal = plan.optimal;
  sp.method = plan.method;
  sp.clockBound = plan.clockBound;
  if (plan.clockBound)
    sp.method += ", stopped by the time budget: may vary between runs";

  // Bytes live at each point: +size at lower, -size at upper.
  std::vector<int64_t> delta(numPoints + 1, 0);
  for (const planner::Buffer &b : input) {
    if (b.upper <= b.lower)
      continue;
    delta[b.lower] += b.size;
    delta[std::min<int64_t>(b.upper, numPoints)] -= b.size;
  }
  int64_t live = 0;
  for (int64_t p = 0; p < numPoints; ++p) {
    live += delta[p];
    if (live > sp.maxLiveBytes) {
      sp.maxLiveBytes = live;
      sp.maxLivePoint = p;
      sp.maxLiveOp = ranges.opAt(p);
    }
  }
}

FunctionPlan planFunction(Document &doc, LifetimeAnalysis &analysis,
                          const LiveRanges &ranges,
                          const MemoryPlanOptions &options) {
  FunctionPlan fp;
  fp.function = analysis.function();
  fp.name = fp.function.getName().str();
  fp.numPoints = ranges.numPoints();

  std::vector<const LiveRange *> order;
  for (const LiveRange &r : ranges.ranges())
    order.push_back(&r);
  std::stable_sort(order.begin(), order.end(),
                   [](const LiveRange *a, const LiveRange *b) {
                     return a->start < b->start;
                   });
  for (const LiveRange *r : order) {
    PlannedBuffer b;
    b.name = doc.nameOf(r->value);
    b.value = r->value;
    b.allocOp = r->allocOp;
    b.frees = r->frees;
    b.bytes = r->bytes;
    b.boundBytes = boundedByteSize(doc, *r, options.assumptions);
    b.dynamicSizes = r->dynamicSizes;
    b.escapes = r->escapes;
    b.aliasesFollowed = r->aliasesFollowed;
    b.lower = r->start;
    b.upper = int64_t(r->end) + 1;
    b.startLine = doc.rangeOf(r->allocOp).start.line;
    b.endLine = std::max(b.startLine, endLineOf(doc, *r));
    if (r->severalInstances)
      b.unplanned = Unplanned::SeveralInstances;
    else if (!b.boundBytes)
      b.unplanned = Unplanned::DynamicSize;
    else if (auto alloc = dyn_cast<memref::AllocOp>(r->allocOp);
             alloc && alloc.getAlignment() &&
             int64_t(*alloc.getAlignment()) > options.alignment)
      // Offsets are multiples of the arena's alignment only.
      b.unplanned = Unplanned::OverAligned;
    auto sp = llvm::find_if(
        fp.spaces, [&](const SpacePlan &s) { return s.space == r->space; });
    if (sp == fp.spaces.end()) {
      fp.spaces.emplace_back();
      fp.spaces.back().space = r->space;
      sp = std::prev(fp.spaces.end());
    }
    sp->buffers.push_back(std::move(b));
  }
  for (SpacePlan &sp : fp.spaces)
    planSpace(sp, fp.numPoints, ranges, options);
  return fp;
}

std::optional<std::string> planError(const std::vector<FunctionPlan> &plans) {
  for (const FunctionPlan &fp : plans)
    for (const SpacePlan &sp : fp.spaces)
      if (!sp.error.empty())
        return "@" + fp.name + ", space " + sp.space + ": " + sp.error;
  return std::nullopt;
}

std::vector<FunctionPlan> planModule(Document &doc, ModuleLifetimes &lifetimes,
                                     const MemoryPlanOptions &options) {
  std::vector<FunctionPlan> out;
  for (FunctionOpInterface fn : lifetimes.functions()) {
    LifetimeAnalysis &analysis = lifetimes.get(fn);
    LiveRanges ranges(analysis);
    out.push_back(planFunction(doc, analysis, ranges, options));
  }
  return out;
}

} // namespace memlint
