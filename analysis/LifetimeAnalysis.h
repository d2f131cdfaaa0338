//===- LifetimeAnalysis.h - Path-sensitive buffer states --------*- C++ -*-===//
//
// One forward dataflow pass per function tracks, for every buffer the
// function allocates at once, the conditions (BDDs over branch atoms) under
// which it is live and under which it has been freed. It walks unstructured
// control flow block by block (back edges iterate to a fixpoint) and region
// control flow through RegionBranchOpInterface. What it observes are events
// (a free of a freed buffer, a use of one, a live buffer at an exit...);
// checks turn events into findings. The implementation is the module in
// analysis/lifetime/ (see its README.md).
//
//===----------------------------------------------------------------------===//
#ifndef MEMLINT_ANALYSIS_LIFETIMEANALYSIS_H
#define MEMLINT_ANALYSIS_LIFETIMEANALYSIS_H

#include "analysis/Ownership.h"
#include "analysis/lifetime/Bdd.h"
#include "analysis/lifetime/Conditions.h"
#include "analysis/lifetime/ModuleLifetimes.h"
#include "analysis/lifetime/Results.h"
#include "mlir/IR/Operation.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace memlint {

class LifetimeAnalysis {
public:
  LifetimeAnalysis(mlir::FunctionOpInterface fn, ModuleLifetimes &module,
                   ValueNamer namer);
  ~LifetimeAnalysis();

  mlir::FunctionOpInterface function() const { return fn; }
  const std::vector<BufferInfo> &buffers() const { return bufferInfos; }
  const std::vector<Origin> &origins() const { return originTable; }
  /// Events on tracked buffers, in a deterministic order (computed once).
  const std::vector<Event> &events() const;
  /// events() and those that happen only for some values read from memory
  /// (which the checks do not report: the ownership model's rule). A fix's
  /// proof compares these: a free that is wrong only where a loaded flag
  /// takes some value is still wrong.
  const std::vector<Event> &possibleEvents() const;
  /// The path-sensitive analysis stopped (state blow-up or no fixpoint):
  /// events() then holds only what lifetime/CoarseEvents finds, on every
  /// path.
  bool gaveUp() const { return stopped; }
  /// Every path into later iterations of a loop was lost at its back edge,
  /// even with nested loops' copies of its atoms kept apart
  /// (lifetime/LoopModel). Bugs on those paths are missed, so no edit is
  /// proven against this function's events.
  bool lostPaths() const { return pathsLost; }
  /// The part of the BDD budget that ran out (None: the loops reached no
  /// fixpoint, or the analysis did not give up).
  BddSpent budgetSpent() const { return spent; }
  /// The BDD work the analysis took.
  const BddCost &cost() const { return work; }

  /// Words for a path in `cond` reaching `at`, naming only what decides
  /// it there (what every path reaching `at` takes is left out); empty
  /// when `cond` holds on every path that reaches `at`.
  Message describePath(Bdd cond, mlir::Operation *at) {
    return describePath(llvm::ArrayRef<Bdd>(cond), at);
  }
  /// The same for the paths on which any of `conds` holds.
  Message describePath(llvm::ArrayRef<Bdd> conds, mlir::Operation *at);
  /// The tracked buffers `op` frees, each with the paths on which it does
  /// (for describePath). Empty when the analysis gave up or was released.
  std::vector<std::pair<unsigned, Bdd>> freedBy(mlir::Operation *op) const;
  /// The share of paths on which `cond` holds, each branch condition taken
  /// as a fair coin. It depends on the condition, not on how the BDD
  /// numbers its variables, so it compares the events of two analyses of
  /// one function before and after an edit (fixes/ uses it to see a leak
  /// narrowed to fewer paths).
  double pathShare(Bdd cond) const;
  /// The i1 values (not read from memory) whose values `cond` depends
  /// on: what a guard may test to free on those paths alone. Empty when
  /// the analysis gave up or was released.
  std::vector<mlir::Value> valuesDeciding(Bdd cond) const;
  const FunctionSummary &summary() const { return sum; }
  /// Buffer index of an allocating value, or -1.
  int bufferOf(mlir::Value v) const;
  /// Frees the path-sensitive state (BDD tables, per-op paths) once the
  /// checks have read the events: buffers, origins, events and the summary
  /// stay; describePath() and pathShare() may not be called any more.
  /// The CLI's text output does this per function, so that memory holds
  /// one function's state per thread rather than the whole module's.
  void releaseWorkState();

private:
  struct Impl;
  std::unique_ptr<Impl> impl;
  mlir::FunctionOpInterface fn;
  std::vector<BufferInfo> bufferInfos;
  std::vector<Origin> originTable;
  FunctionSummary sum;
  bool stopped = false;
  bool pathsLost = false;
  BddSpent spent = BddSpent::None;
  BddCost work;
  mutable std::optional<std::vector<Event>> eventCache;
  mutable std::optional<std::vector<Event>> possibleCache;
};

} // namespace memlint

#endif
