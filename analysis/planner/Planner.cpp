//===- Planner.cpp - memlint's planner: portfolio, then exact search ------===//
//
// The heuristics are cheap (quadratic at worst), so all of them run and the
// best wins; that alone makes memlint never worse than any of them. When the
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

static int64_t length(const Buffer &b) { return b.upper - b.lower; }

/// Every heuristic memlint tries, best first on ties.
static std::vector<Plan> portfolio(const std::vector<Buffer> &buffers,
                                   int64_t alignment) {
  std::vector<Plan> plans;
  plans.push_back(planGreedyBySize(buffers, alignment));
  plans.push_back(planXlaBestFitBySize(buffers, alignment));
  plans.push_back(planXlaBestFitByLifetime(buffers, alignment));
  plans.push_back(planBestFitInTime(buffers, alignment));
  // Orders no reference planner uses, cheap enough to try as well.
  auto byArea = sortedIndices(buffers, [&](size_t a, size_t b) {
    return buffers[a].size * length(buffers[a]) >
           buffers[b].size * length(buffers[b]);
  });
  plans.push_back(
      placeInOrder(buffers, byArea, alignment, Fit::Best, "best-fit-area"));
  auto bySize = sortedIndices(buffers, [&](size_t a, size_t b) {
    return buffers[a].size > buffers[b].size;
  });
  plans.push_back(
      placeInOrder(buffers, bySize, alignment, Fit::First, "first-fit-size"));
  return plans;
}

Plan planMemory(const std::vector<Buffer> &buffers,
                const PlanOptions &options) {
  int64_t alignment = normalizeAlignment(options.alignment);
  std::vector<Plan> plans = portfolio(buffers, alignment);
  Plan best = plans.front();
  for (const Plan &plan : plans)
    if (plan.peak < best.peak)
      best = plan;
  if (best.optimal || options.timeBudgetMs <= 0 ||
      buffers.size() > kMaxExactBuffers)
    return best;

  improveWithExactSearch(
      buffers, alignment,
      Clock::now() + std::chrono::milliseconds(options.timeBudgetMs),
      static_cast<uint64_t>(std::max<int64_t>(0, options.searchNodeBudget)),
      best);
  return best;
}

} // namespace planner
} // namespace memlint
