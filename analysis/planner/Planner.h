//===- Planner.h - Static offset planning for buffer lifetimes --*- C++ -*-===//
//
// The memory planner: given buffers with half-open live ranges and sizes,
// assign each an offset in one arena so that buffers live at the same time
// never share bytes, and make the arena as small as possible.
//
// This library is plain C++17 on purpose: the analysis turns IR into
// `Buffer`s, and the planner, its tests and its benchmark never need MLIR.
//
// Besides memlint's own planner (`planMemory`) the well-known heuristics are
// exposed one by one, so the benchmark and the tests can compare against
// them.
//
//===----------------------------------------------------------------------===//
#ifndef MEMLINT_ANALYSIS_PLANNER_PLANNER_H
#define MEMLINT_ANALYSIS_PLANNER_PLANNER_H

#include <cstdint>
#include <string>
#include <vector>

namespace memlint {
namespace planner {

/// One buffer to place. Live on the half-open range [lower, upper) of
/// program points: a buffer that ends at t and one that starts at t may
/// share memory. A buffer with `upper <= lower` or `size == 0` conflicts
/// with nothing and is placed at offset 0. `size` must not be negative.
struct Buffer {
  std::string id;
  int64_t lower = 0;
  int64_t upper = 0;
  int64_t size = 0;
};

struct PlanOptions {
  /// Every offset is a multiple of this (values below 1 mean 1).
  int64_t alignment = 64;
  /// Wall-clock budget, in milliseconds, of the exact phase of planMemory.
  /// 0 runs the heuristics only.
  int64_t timeBudgetMs = 1000;
  /// When above 0, the exact phase also stops after this many search nodes
  /// (roughly 2-10 microseconds each). A run that ends on this limit rather
  /// than on the clock gives the same plan on every machine, which is what
  /// golden-output tests need.
  int64_t searchNodeBudget = 0;
};

struct Plan {
  /// One offset per input buffer, in input order.
  std::vector<int64_t> offsets;
  /// Arena size the plan needs: max over buffers of offset + size.
  int64_t peak = 0;
  /// No plan with this alignment can have a smaller peak; see lowerBound().
  int64_t lowerBound = 0;
  /// Sum of all sizes: the arena without any reuse.
  int64_t noReuse = 0;
  /// True when the peak is known to be minimal (it meets the lower bound, or
  /// the exact search exhausted every alternative).
  bool optimal = false;
  /// Which algorithm produced the offsets (for reports and the benchmark).
  std::string method;
};

/// The largest number of bytes that any valid plan must span. For each
/// program point, take the buffers live there: all of them need disjoint
/// bytes, so the peak is at least their total size. With alignment A > 1 the
/// bound is stronger, because offsets are multiples of A: stacking buffers
/// from the bottom, each one except the topmost also takes its padding up to
/// the next multiple of A. So the bound at a point is
///   sum(roundUp(size, A)) - max(roundUp(size, A) - size)
/// which is never below the plain total and equals it when A is 1. The
/// result is also at least the largest single size (a buffer with an empty
/// live range still needs its bytes somewhere).
int64_t lowerBound(const std::vector<Buffer> &buffers, int64_t alignment);

/// Sum of all sizes.
int64_t noReuseBytes(const std::vector<Buffer> &buffers);

/// max(offset + size) over the buffers, 0 when there are none.
int64_t peakOf(const std::vector<Buffer> &buffers,
               const std::vector<int64_t> &offsets);

/// Checks every property a plan promises: one offset per buffer, offsets not
/// negative and multiples of `alignment`, no two buffers that are live at the
/// same time overlap in memory, and peak, lowerBound and noReuse are what
/// they claim. Returns an empty string when the plan is valid, else a
/// description of the first violation found.
std::string validatePlan(const std::vector<Buffer> &buffers, const Plan &plan,
                         int64_t alignment);

//===----------------------------------------------------------------------===//
// Reference heuristics. Each places the buffers one at a time, in its own
// order, into the best-fitting gap left by the already placed buffers whose
// live ranges overlap (the smallest gap that holds the buffer, lowest offset
// on ties; above all of them when no gap fits).
//===----------------------------------------------------------------------===//

/// TFLite's greedy-by-size: largest first.
Plan planGreedyBySize(const std::vector<Buffer> &buffers, int64_t alignment);

/// XLA's global best-fit heap, buffers by decreasing size, then by
/// decreasing live range length.
Plan planXlaBestFitBySize(const std::vector<Buffer> &buffers,
                          int64_t alignment);

/// XLA's global best-fit heap, buffers by decreasing live range length, then
/// by decreasing size.
Plan planXlaBestFitByLifetime(const std::vector<Buffer> &buffers,
                              int64_t alignment);

/// XLA's choice: the better of the two orders above.
Plan planXlaBestFit(const std::vector<Buffer> &buffers, int64_t alignment);

/// The allocation-order planner of MLIR-style static planners: buffers in
/// the order they are allocated (by `lower`, then input order), each
/// into the best-fitting free gap at that moment.
Plan planBestFitInTime(const std::vector<Buffer> &buffers, int64_t alignment);

//===----------------------------------------------------------------------===//
// memlint's planner.
//===----------------------------------------------------------------------===//

/// Runs every heuristic above (and a few more orders), keeps the best, and,
/// while the peak is above the lower bound, improves it with an exact
/// branch-and-bound search bounded by `options.timeBudgetMs`. Never worse
/// than any of the heuristics above; the deterministic part is the same for
/// every run, only how far the exact phase gets depends on the clock.
Plan planMemory(const std::vector<Buffer> &buffers,
                const PlanOptions &options = PlanOptions());

} // namespace planner
} // namespace memlint

#endif // MEMLINT_ANALYSIS_PLANNER_PLANNER_H
