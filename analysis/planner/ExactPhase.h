//===- ExactPhase.h - Drive the exact search within a budget ----*- C++ -*-===//
//
// Internal to the planner library. A single depth-first search is at the
// mercy of its first choices: a mistake near the root can hide every
// solution behind a subtree too large to finish. So the search is restarted
// with growing node limits (the Luby sequence) and varied candidate orders;
// dead ends it proves stay known across restarts.
//
//===----------------------------------------------------------------------===//
#ifndef MEMLINT_ANALYSIS_PLANNER_EXACTPHASE_H
#define MEMLINT_ANALYSIS_PLANNER_EXACTPHASE_H

#include "analysis/planner/ExactSearch.h"
#include "analysis/planner/Planner.h"

namespace memlint {
namespace planner {

/// What the exact phase may spend. The node limit alone makes the result a
/// function of the input; the deadline, when there is one, does not.
struct ExactBudget {
  uint64_t nodes = UINT64_MAX;
  Clock::time_point deadline = Clock::time_point::max();
};

/// Improves `best`, a finished plan of `buffers`, within `budget`: first
/// fits it within `capacity` (0: none) if it does not fit yet, then aims at
/// its lower bound, then at smaller peaks than the best so far. Sets
/// `best.optimal` when the peak is proven minimal and `best.clockBound` when
/// the deadline cut the search.
void improveWithExactSearch(const std::vector<Buffer> &buffers,
                            int64_t alignment, const ExactBudget &budget,
                            int64_t capacity, Plan &best);

} // namespace planner
} // namespace memlint

#endif // MEMLINT_ANALYSIS_PLANNER_EXACTPHASE_H
