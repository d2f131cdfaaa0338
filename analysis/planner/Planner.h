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
  /// Optional wall-clock limit, in milliseconds, on the exact phase of
  /// planMemory; 0: none. A search cut by the clock depends on the
  /// machine's speed and load, so two runs may give different plans
  /// (`Plan::clockBound` says when that happened). Only for callers that ask
  /// for it explicitly.
  int64_t timeBudgetMs = 0;
  /// Work budget of the exact phase, in search nodes: the search stops after
  /// this many, so the plan is the same on every machine and under any load.
  /// 0 runs the heuristics only; below 0, no work limit (then set a time
  /// budget). The default fits 10 of the 11 MiniMalloc "challenging"
  /// instances in their capacity, 8 at the lower bound, and all 11 when
  /// told the capacity (see bench/planner/README.md), in about a second of
  /// CPU at most; a node costs about 1 microsecond.
  int64_t searchNodeBudget = kDefaultSearchNodeBudget;
  /// The arena's capacity in bytes, if the caller has one (0: none): a plan
  /// that fits it is looked for first, on the whole budget if need be; if
  /// none is found, the search for smaller peaks gets a budget of its own
  /// (at most twice the work in all). The plan stays a function of the
  /// input and the options.
  int64_t capacity = 0;

  static constexpr int64_t kDefaultSearchNodeBudget = 800000;
};

struct Plan {
  /// One offset per input buffer, in input order.
  std::vector<int64_t> offsets;
  /// Arena size the plan needs: max over buffers of offset + size.
  int64_t peak = 0;
  /// No plan with this alignment can have a smaller peak; see lowerBound().
  int64_t lowerBound = 0;
  /// The arena without any reuse: every buffer in its own aligned slot; see
  /// noReuseBytes().
  int64_t noReuse = 0;
  /// True when the peak is known to be minimal (it meets the lower bound, or
  /// the exact search exhausted every alternative).
  bool optimal = false;
  /// The exact phase stopped on the wall clock (`timeBudgetMs`): another run
  /// may find a different plan.
  bool clockBound = false;
  /// Which algorithm produced the offsets (for reports and the benchmark).
  std::string method;
  /// Not empty when the buffers cannot be planned at all (see
  /// checkPlannable); then `offsets` is empty and the numbers are 0.
  std::string error;
};

/// Why `buffers` cannot be planned with `alignment`, or "" when they can:
/// a negative size, or sizes so large that some arena arithmetic (a size
/// rounded up to the alignment, the sum of all rounded sizes, which bounds
/// every offset any planner computes) would not fit in 64 bits. Every
/// planner below refuses such input with `Plan::error` rather than wrap
/// around and overlap buffers.
std::string checkPlannable(const std::vector<Buffer> &buffers,
                           int64_t alignment);

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

/// The peak of the plan without reuse: every buffer in a slot of its own,
/// stacked at multiples of `alignment`. Like the lower bound, each buffer but
/// the topmost takes its padding, so this is
///   sum(roundUp(size, A)) - max(roundUp(size, A) - size)
/// over all buffers, never below lowerBound(). Saturates at INT64_MAX.
int64_t noReuseBytes(const std::vector<Buffer> &buffers, int64_t alignment);

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
/// branch-and-bound search bounded by `options.searchNodeBudget` (and, only
/// when asked, `options.timeBudgetMs`). Never worse than any of the
/// heuristics above. Without a time budget the plan is a function of the
/// input and the options alone: the same bytes on every machine and run.
Plan planMemory(const std::vector<Buffer> &buffers,
                const PlanOptions &options = PlanOptions());

} // namespace planner
} // namespace memlint

#endif // MEMLINT_ANALYSIS_PLANNER_PLANNER_H
