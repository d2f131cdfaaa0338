//===- ExactPhase.h - Drive the exact search within a time budget -*- C++
//-*-===//
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

/// Improves `best`, a finished plan of `buffers`, until `deadline` or after
/// `maxNodes` search nodes (0: no limit): first aims at its lower bound, then
/// at smaller peaks than the best so far. Sets `best.optimal` when the peak
/// is proven minimal.
void improveWithExactSearch(const std::vector<Buffer> &buffers,
                            int64_t alignment, Clock::time_point deadline,
                            uint64_t maxNodes, Plan &best);

} // namespace planner
} // namespace memlint

#endif // MEMLINT_ANALYSIS_PLANNER_EXACTPHASE_H
