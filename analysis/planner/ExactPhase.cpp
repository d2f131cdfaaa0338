//===- ExactPhase.cpp - Drive the exact search within a time budget -------===//

#include "analysis/planner/ExactPhase.h"
#include "analysis/planner/Support.h"

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

/// Restarts at `capacity` until a plan is found, the search proves there is
/// none (`exhausted` without `found`), or the deadline passes.
static SearchResult searchWithRestarts(ExactSearch &search, uint64_t &run,
                                       int64_t capacity,
                                       Clock::time_point deadline) {
  SearchResult result;
  while (Clock::now() < deadline) {
    // The first run keeps the plain candidate order; later ones perturb it,
    // and every third one leans toward long buffers.
    ++run;
    search.setOrdering(run % 3 == 0 ? 2.0 : 1.0, run == 1 ? 0 : run);
    uint64_t limit = kNodesPerUnit * luby(run);
    result = search.run(capacity, deadline, limit);
    // A run cut by its node limit proves nothing; one that ran out of time
    // ends the phase.
    if (result.found || result.exhausted)
      return result;
  }
  result.exhausted = false;
  return result;
}

void improveWithExactSearch(const std::vector<Buffer> &buffers,
                            int64_t alignment, Clock::time_point deadline,
                            Plan &best) {
  ExactSearch search(buffers, alignment);
  uint64_t run = 0;
  auto adopt = [&](const SearchResult &found) {
    best.offsets = found.offsets;
    best.method = "exact";
    finishPlan(buffers, alignment, best);
  };

  // Half the budget aims at the bound itself: the tight capacity prunes
  // hardest, and the bound is often reachable.
  Clock::time_point start = Clock::now();
  SearchResult result = searchWithRestarts(search, run, best.lowerBound,
                                           start + (deadline - start) / 2);
  if (result.found) {
    adopt(result);
    return;
  }
  // No plan is below `floor`: the bound, or one more when an exhausted
  // search proved the bound unreachable.
  int64_t floor = best.lowerBound + (result.exhausted ? 1 : 0);
  // Bisect between the floor and the best peak. A capacity that is not
  // reached within its share of the time is taken as out of reach (it is
  // not proven so), which keeps the number of tries logarithmic.
  int64_t low = floor;
  while (best.peak > low) {
    Clock::time_point now = Clock::now();
    if (now >= deadline)
      break;
    int64_t capacity = low + (best.peak - 1 - low) / 2;
    Clock::time_point slice = now + (deadline - now) / 3;
    result = searchWithRestarts(search, run, capacity, slice);
    if (result.found) {
      adopt(result);
    } else if (result.exhausted && capacity == best.peak - 1) {
      // Nothing below the best peak at all: it is optimal.
      best.optimal = true;
      return;
    } else {
      low = capacity + 1;
    }
  }
  if (best.peak <= floor)
    best.optimal = true;
}

} // namespace planner
} // namespace memlint
