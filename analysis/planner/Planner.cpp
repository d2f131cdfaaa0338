//===- Planner.cpp - memlint's planner: portfolio, then exact search ------===//
//
// The heuristics are cheap (quadratic at worst), so all of them run and the
// best wins; that alone makes memlint never worse than any of them (up to
// 10,000 buffers in a function; above, the one that costs n log n). When the
// winner is above the lower bound, the exact search tries to close the gap:
// first aiming straight at the bound, whose tight capacity prunes hardest
// and which is often reachable, then, with the rest of the budget, at
// anything better than the best plan so far.
//
//===----------------------------------------------------------------------===//

#include "analysis/planner/ExactPhase.h"
#include "analysis/planner/Placement.h"
#include "analysis/planner/Support.h"

#include <algorithm>

namespace memlint {
namespace planner {

/// Above this many buffers the exact phase is skipped: its conflict lists
/// and recursion grow with the square and the count of buffers, and a
/// search that large rarely closes the gap within an interactive budget.
static constexpr size_t kMaxExactBuffers = 2000;

/// Above this many buffers only the allocation-order heuristic runs: it is
/// a sweep (TimeSweep.cpp), where the others scan the placed buffers for
/// each one, quadratic when they are live together (100,000 buffers: 25 s
/// per heuristic).
static constexpr size_t kMaxScannedBuffers = 10000;

/// In double: the difference of two extreme times overflows int64_t.
static double length(const Buffer &b) {
  return static_cast<double>(b.upper) - static_cast<double>(b.lower);
}

/// Every heuristic memlint tries, best first on ties, until one reaches
/// the lower bound: none after it can do better, and each is a pass over
/// the buffers live together (30,000 of them: seconds each).
static std::vector<Plan> portfolio(const std::vector<Buffer> &buffers,
                                   int64_t alignment) {
  std::vector<Plan> plans;
  auto tried = [&](Plan plan) {
    plans.push_back(std::move(plan));
    return plans.back().optimal;
  };
  if (buffers.size() > kMaxScannedBuffers) {
    tried(planBestFitInTime(buffers, alignment));
    return plans;
  }
  if (tried(planGreedyBySize(buffers, alignment)) ||
      tried(planXlaBestFitBySize(buffers, alignment)) ||
      tried(planXlaBestFitByLifetime(buffers, alignment)) ||
      tried(planBestFitInTime(buffers, alignment)))
    return plans;
  // Orders no reference planner uses, cheap enough to try as well.
  auto byArea = sortedIndices(buffers, [&](size_t a, size_t b) {
    return static_cast<double>(buffers[a].size) * length(buffers[a]) >
           static_cast<double>(buffers[b].size) * length(buffers[b]);
  });
  if (tried(
          placeInOrder(buffers, byArea, alignment, Fit::Best, "best-fit-area")))
    return plans;
  auto bySize = sortedIndices(buffers, [&](size_t a, size_t b) {
    return buffers[a].size > buffers[b].size;
  });
  tried(placeInOrder(buffers, bySize, alignment, Fit::First, "first-fit-size"));
  return plans;
}

Plan planMemory(const std::vector<Buffer> &buffers,
                const PlanOptions &options) {
  int64_t alignment = normalizeAlignment(options.alignment);
  std::string error = checkPlannable(buffers, alignment);
  if (!error.empty())
    return refusedPlan(std::move(error), "refused");
  std::vector<Plan> plans = portfolio(buffers, alignment);
  Plan best = plans.front();
  for (const Plan &plan : plans)
    if (plan.peak < best.peak)
      best = plan;
  if (best.optimal || options.searchNodeBudget == 0 ||
      buffers.size() > kMaxExactBuffers)
    return best;

  ExactBudget budget;
  if (options.timeBudgetMs > 0)
    budget.deadline =
        Clock::now() + std::chrono::milliseconds(options.timeBudgetMs);
  if (options.searchNodeBudget > 0)
    budget.nodes = static_cast<uint64_t>(options.searchNodeBudget);
  improveWithExactSearch(buffers, alignment, budget, options.capacity, best);
  return best;
}

} // namespace planner
} // namespace memlint
