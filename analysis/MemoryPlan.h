//===- MemoryPlan.h - Arena plans for a module's buffers --------*- C++ -*-===//
//
// Turns the live ranges of every function's buffers into planner input, one
// arena per function and memory space, and the planner's answer back into
// IR terms: for each buffer its allocating op, the ops that free it, its
// bytes, its offset in the arena and its live range. `memlint plan` prints
// this, `over-capacity` judges it, and an arena rewrite (one allocation of
// the peak per function and space, each buffer a view at its offset) can be
// built on it without looking at the planner.
//
// What goes into an arena: buffers with a static size (or, with
// `assumptions`, a bounded dynamic one) that have a single live instance at
// a time. Left out, listed with `inArena` false: dynamic sizes without a
// bound, and buffers allocated where several instances may be live at once
// (carried around a loop, in a parallel region). Buffers of different
// functions never share an arena.
//
//===----------------------------------------------------------------------===//
#ifndef MEMLINT_ANALYSIS_MEMORYPLAN_H
#define MEMLINT_ANALYSIS_MEMORYPLAN_H

#include "analysis/Document.h"
#include "analysis/LifetimeAnalysis.h"
#include "analysis/LiveRanges.h"
#include "analysis/planner/Planner.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "llvm/ADT/SmallVector.h"
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace memlint {

struct MemoryPlanOptions {
  /// Offsets are multiples of this many bytes.
  int64_t alignment = 64;
  /// Work budget of the planner's exact phase per arena, in search nodes;
  /// 0: heuristics only. Bounded by work, not time, so the plan (and what
  /// over-capacity, missed-reuse and emit make of it) is the same on every
  /// machine and run.
  int64_t searchNodeBudget = planner::PlanOptions::kDefaultSearchNodeBudget;
  /// A wall-clock budget (`--time-budget-ms`), only when a user asks for
  /// one: below 0, none (the default); 0, heuristics only; above 0, the exact
  /// phase runs until the clock says stop instead of on `searchNodeBudget`,
  /// and the plan may differ from run to run (SpacePlan::clockBound).
  int64_t timeBudgetMs = -1;
  /// Upper bounds of function arguments that size allocations, by name
  /// without `%` (`--assume seq_len<=2048`). A dynamic buffer whose every
  /// size operand is bounded (or constant) enters the arena at its bound.
  std::map<std::string, int64_t> assumptions;
  /// Bytes available per memory space (over-capacity's `capacity`): the
  /// planner looks for a plan that fits before a smaller one
  /// (planner::PlanOptions::capacity).
  std::map<std::string, int64_t> capacity;
};

/// Configured capacities (LintOptions::capacity) as the planner takes them.
std::map<std::string, int64_t>
capacitiesForPlanner(const std::map<std::string, uint64_t> &configured);

/// Why a buffer is not in its space's arena.
enum class Unplanned {
  No,               // it is in the arena
  DynamicSize,      // size not static and not bounded by an assumption
  SeveralInstances, // may be live in several instances at once
  OverAligned,      // asks for more alignment than the arena's
};

struct PlannedBuffer {
  /// SSA name as written ("%a").
  std::string name;
  mlir::Value value;
  /// The allocating op (memref.alloc, gpu.alloc, memref.realloc, or a call
  /// returning a fresh buffer).
  mlir::Operation *allocOp = nullptr;
  /// The ops that free it through any alias, in program order (see
  /// LiveRange::frees; bufferization.dealloc frees are conditional).
  llvm::SmallVector<mlir::Operation *> frees;
  /// Static size; nullopt for a dynamic one.
  std::optional<int64_t> bytes;
  /// Bytes the arena reserves: `bytes`, or for a dynamic buffer the bound
  /// the assumptions give; nullopt when unbounded.
  std::optional<int64_t> boundBytes;
  /// Dynamic size operands (empty when static).
  llvm::SmallVector<mlir::Value> dynamicSizes;
  Unplanned unplanned = Unplanned::No;
  bool inArena() const { return unplanned == Unplanned::No; }
  /// Byte offset in the arena; set iff inArena().
  std::optional<int64_t> offset;
  /// Returned from the function, or taken to be because its aliases were
  /// not followed (!aliasesFollowed): an arena freed at the end of the
  /// function cannot hold it.
  bool escapes = false;
  /// False past LiveRanges::MaxAliasVisits: live throughout, not returned.
  bool aliasesFollowed = true;
  /// Half-open program points [lower, upper) (LiveRanges numbering).
  int64_t lower = 0;
  int64_t upper = 0;
  /// 1-based source lines of the allocation and of the end of the range.
  unsigned startLine = 0;
  unsigned endLine = 0;
};

struct SpacePlan {
  std::string space;
  /// In allocation order.
  std::vector<PlannedBuffer> buffers;
  /// Arena size of the plan.
  int64_t peakBytes = 0;
  /// No plan (with this alignment) needs less.
  int64_t lowerBoundBytes = 0;
  /// Sum of the arena buffers' sizes.
  int64_t noReuseBytes = 0;
  /// The most bytes live at one program point (no alignment padding), the
  /// first point where that happens, and the op there; null op when the
  /// arena is empty.
  int64_t maxLiveBytes = 0;
  int64_t maxLivePoint = 0;
  mlir::Operation *maxLiveOp = nullptr;
  /// The peak is known to be minimal.
  bool optimal = false;
  /// The planner's method (for reports); says so when the plan may vary.
  std::string method;
  /// The exact phase stopped on the wall clock: another run may differ.
  bool clockBound = false;
  /// Not empty when the arena cannot be planned at all (sizes whose sum
  /// overflows 64 bits): the offsets are then 0 and the numbers meaningless,
  /// and a command should refuse the input (see planError).
  std::string error;
};

struct FunctionPlan {
  mlir::FunctionOpInterface function;
  std::string name; // symbol name without '@'
  /// Number of program points of the function.
  int64_t numPoints = 0;
  /// Spaces in the order their first buffer is allocated.
  std::vector<SpacePlan> spaces;
};

/// Plans every function with a body, in source order.
std::vector<FunctionPlan> planModule(Document &doc, ModuleLifetimes &lifetimes,
                                     const MemoryPlanOptions &options);

/// Plans one function; `ranges` must be built from `analysis`.
FunctionPlan planFunction(Document &doc, LifetimeAnalysis &analysis,
                          const LiveRanges &ranges,
                          const MemoryPlanOptions &options);

/// The planner's options for `options`: its work budget, or the clock when
/// the user asked for one.
planner::PlanOptions plannerOptions(const MemoryPlanOptions &options);

/// The first arena of `plans` that could not be planned, as
/// "@function, space S: reason"; nullopt when all could.
std::optional<std::string> planError(const std::vector<FunctionPlan> &plans);

/// The bound of a dynamic buffer under `assumptions`: every size operand a
/// constant or a function argument with an assumption. nullopt otherwise.
std::optional<int64_t>
boundedByteSize(Document &doc, const LiveRange &range,
                const std::map<std::string, int64_t> &assumptions);

} // namespace memlint

#endif
