//===- ExactPhase.cpp - Drive the exact search within a budget ------------===//

#include "analysis/planner/ExactPhase.h"
#include "analysis/planner/Support.h"

#include <algorithm>

namespace memlint {
namespace planner {

/// Nodes in one unit of the restart schedule.
static constexpr uint64_t kNodesPerUnit = 2000;

/// The i-th term (from 1) of the Luby sequence 1 1 2 1 1 2 4 1 1 2 ...:
/// restart limits that waste at most a log factor against the best fixed
/// limit, whatever the instance.
static uint64_t luby(uint64_t i) {
  for (;;) {
    uint64_t k = 1;
    while (((uint64_t(1) << k) - 1) < i)
      ++k;
    if (i == (uint64_t(1) << k) - 1)
      return uint64_t(1) << (k - 1);
    i -= (uint64_t(1) << (k - 1)) - 1;
  }
}

namespace {

/// Time and search nodes left to spend. The node limit, when set, makes the
/// result independent of the machine's speed and load.
struct Budget {
  Clock::time_point deadline;
  uint64_t nodes;

  bool spent() const { return nodes == 0 || Clock::now() >= deadline; }

  /// A share of what is left, for one step of the plan.
  Budget share(unsigned numerator, unsigned denominator) const {
    Budget part = *this;
    if (deadline == Clock::time_point::max())
      return part.shareNodes(numerator, denominator);
    Clock::time_point now = Clock::now();
    if (deadline > now)
      part.deadline = now + (deadline - now) * numerator / denominator;
    return part.shareNodes(numerator, denominator);
  }

  Budget shareNodes(unsigned numerator, unsigned denominator) const {
    Budget part = *this;
    if (nodes != UINT64_MAX)
      part.nodes = nodes / denominator * numerator;
    return part;
  }

  void charge(uint64_t used) { nodes -= std::min(nodes, used); }
};

} // namespace

namespace {

/// One way to run the search: which candidate orders, and whether to
/// restart. No single one suits every instance (on the MiniMalloc suite,
/// E falls to one long plain run within 250k nodes and I to restarts that
/// weigh slack heavily, while neither closes the other), so the phase that
/// aims at the lower bound tries several in turn.
struct Strategy {
  /// The three orderings of ExactSearch take turns (by time covered, by
  /// time covered where there is little slack, leaning toward long
  /// buffers); otherwise always `fixed`.
  bool rotate = false;
  ExactSearch::Ordering fixed;
  /// Luby restarts with perturbed orders, or one run until the budget ends.
  bool restarts = true;
  /// Runs so far: sets the restart limits and the perturbation seeds.
  uint64_t run = 0;
};

} // namespace

/// Searches at `capacity` with `how` until a plan is found, the search
/// proves there is none (`exhausted` without `found`), or `budget` is spent;
/// charges what it used to `total` as well. Sets `cutByClock` when the
/// wall clock ended it: then another run may end elsewhere.
static SearchResult searchWith(ExactSearch &search, Strategy &how,
                               int64_t capacity, Budget budget, Budget &total,
                               bool &cutByClock) {
  SearchResult result;
  while (!budget.spent()) {
    ++how.run;
    ExactSearch::Ordering ordering = how.fixed;
    if (how.rotate) {
      ordering = ExactSearch::Ordering();
      if (how.run % 3 == 2)
        ordering.slackScale = 0.05;
      if (how.run % 3 == 0)
        ordering.exponent = 2.0;
    }
    // The first turns are plain; later ones perturb the order.
    ordering.seed = how.run <= 3 ? 0 : how.run;
    search.setOrdering(ordering);
    uint64_t limit = budget.nodes;
    if (how.restarts)
      limit = std::min(limit, kNodesPerUnit * luby(how.run));
    result = search.run(capacity, budget.deadline, limit);
    budget.charge(result.nodes);
    total.charge(result.nodes);
    // A run cut by its node limit or the clock proves nothing.
    if (result.found || result.exhausted)
      return result;
  }
  result.exhausted = false;
  if (budget.deadline != Clock::time_point::max() &&
      Clock::now() >= budget.deadline)
    cutByClock = true;
  return result;
}

void improveWithExactSearch(const std::vector<Buffer> &buffers,
                            int64_t alignment, const ExactBudget &budget,
                            int64_t capacity, Plan &best) {
  ExactSearch search(buffers, alignment);
  Budget total{budget.deadline, budget.nodes};
  // A search cut by its share of the clock makes the plan depend on the
  // machine's speed even when the phase ends before the deadline (the
  // bisection below can close its gap early on such guesses).
  bool cutByClock = false;
  auto adopt = [&](const SearchResult &found) {
    best.offsets = found.offsets;
    best.method = "exact";
    finishPlan(buffers, alignment, best);
  };

  // A capacity the best plan exceeds is the question the user asks ("does
  // it fit?"): asked first (MiniMalloc's is a decision search at the
  // capacity, too), the long run without restarts first, on half: some
  // instances yield only to one uninterrupted search of a few hundred
  // thousand nodes; the others fit within a hundred thousand on one of the
  // restarting ones. A plan that fits leaves what it did not use to the
  // rest of the schedule. Where none is found, the rest of the schedule
  // gets a budget of its own (so at most twice the work in all), never
  // less than without a capacity: a capacity must not leave a worse plan.
  // Where the capacity is the lower bound, this is also the search aimed
  // at it.
  if (capacity > 0 && best.peak > capacity && capacity >= best.lowerBound) {
    Strategy rotating, slackHeavy, oneLongRun;
    rotating.rotate = true;
    slackHeavy.fixed.slackScale = 0.2;
    oneLongRun.restarts = false;
    Strategy *order[] = {&oneLongRun, &rotating, &slackHeavy};
    const unsigned n = sizeof(order) / sizeof(order[0]);
    Budget fit{budget.deadline, budget.nodes};
    bool found = false;
    for (unsigned i = 0; i < n && !fit.spent() && !found; ++i) {
      Budget part = i + 1 == n ? fit : fit.share(1, 2);
      SearchResult result =
          searchWith(search, *order[i], capacity, part, fit, cutByClock);
      if (result.found) {
        adopt(result);
        found = true;
      } else if (result.exhausted) {
        break; // no plan fits: nothing to gain from the others
      }
    }
    if (best.peak <= best.lowerBound) {
      best.optimal = true;
      return;
    }
    if (found)
      total = fit;
  }

  // Half the budget aims at the bound itself: the tight capacity prunes
  // hardest, and the bound is often reachable. The strategies share it in
  // turn, in a fixed order, each on a fixed share, so the outcome depends
  // on the budget alone. Dead ends one proves stay known to the next.
  Strategy rotating;
  rotating.rotate = true;
  Strategy oneLongRun;
  oneLongRun.restarts = false;
  Strategy slackHeavy;
  slackHeavy.fixed.slackScale = 0.2;
  Strategy *portfolio[] = {&rotating, &oneLongRun, &slackHeavy};
  const unsigned numStrategies = sizeof(portfolio) / sizeof(portfolio[0]);
  Budget atBound = total.share(1, 2);
  SearchResult result;
  for (unsigned i = 0; i < numStrategies && !total.spent(); ++i) {
    Budget part = atBound.share(1, numStrategies - i);
    uint64_t before = total.nodes;
    result = searchWith(search, *portfolio[i], best.lowerBound, part, total,
                        cutByClock);
    atBound.charge(before - total.nodes);
    if (result.found) {
      adopt(result);
      best.clockBound = false;
      return;
    }
    if (result.exhausted)
      break;
  }
  // No plan has a peak below `proven`: the bound, or one more when an
  // exhausted search showed the bound unreachable.
  int64_t proven = best.lowerBound + (result.exhausted ? 1 : 0);
  // Bisect between that and the best peak. A capacity that is not reached
  // within its share of the budget is taken as out of reach (without proof),
  // which keeps the number of tries logarithmic.
  int64_t low = proven;
  while (best.peak > low && !total.spent()) {
    int64_t capacity = low + (best.peak - 1 - low) / 2;
    result = searchWith(search, rotating, capacity, total.share(1, 3), total,
                        cutByClock);
    if (result.found) {
      adopt(result);
      continue;
    }
    if (result.exhausted && low == proven)
      proven = capacity + 1;
    low = capacity + 1;
  }
  best.optimal = best.peak <= proven;
  // Conservative: a search that ended exactly as the clock ran out counts.
  best.clockBound =
      cutByClock || (budget.deadline != Clock::time_point::max() &&
                     Clock::now() >= budget.deadline);
}

} // namespace planner
} // namespace memlint
