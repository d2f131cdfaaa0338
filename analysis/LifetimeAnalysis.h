//===- LifetimeAnalysis.h - Path-sensitive buffer states --------*- C++ -*-===//
//
// One forward dataflow pass per function tracks, for every buffer the
// function allocates at once, the conditions (BDDs over branch atoms) under
// which it is live and under which it has been freed. It walks unstructured
// control flow block by block (back edges iterate to a fixpoint) and region
// control flow through RegionBranchOpInterface. What it observes are events
// (a free of a freed buffer, a use of one, a live buffer at an exit...);
// checks turn events into findings.
//
//===----------------------------------------------------------------------===//
#ifndef MEMLINT_ANALYSIS_LIFETIMEANALYSIS_H
#define MEMLINT_ANALYSIS_LIFETIMEANALYSIS_H

#include "analysis/Bdd.h"
#include "analysis/Conditions.h"
#include "analysis/Ownership.h"
#include "mlir/IR/Operation.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Interfaces/CallInterfaces.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "llvm/ADT/DenseMap.h"
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

namespace memlint {

/// A buffer a function allocates: one allocation site.
struct BufferInfo {
  mlir::Value value;
  mlir::Operation *allocOp = nullptr;
  /// False once the buffer flows where memlint cannot follow every instance
  /// (e.g. around a loop back edge); no finding is reported for it then.
  bool tracked = true;
  /// For a loop allocation, the buffer standing for the instance a previous
  /// iteration allocated and carried into this one (iter_args, back-edge
  /// block arguments) is a second BufferInfo whose `earlierOf` names the
  /// allocation's own index.
  int earlierOf = -1;
};

struct Origin {
  OriginKind kind;
  mlir::Value value; // the allocation, argument, alloca or global
  int buffer = -1;   // index into buffers() for Owned
};

enum class EventKind { Leak, DoubleFree, UseAfterFree, InvalidFree };

struct Event {
  EventKind kind;
  /// Leak: the exit reached (return, loop back edge). Others: the free or
  /// the use.
  mlir::Operation *op = nullptr;
  int buffer = -1;
  unsigned origin = 0;
  Bdd cond = BddManager::False; // the paths on which it happens
  mlir::Operation *firstFree = nullptr;
  mlir::Value via;           // the value used or freed
  bool backEdge = false;     // leak at a loop back edge
  bool interiorView = false; // invalid free through an interior view
};

class ModuleLifetimes;

/// What callers need to know of a function.
struct FunctionSummary {
  /// Per result: a buffer the function allocated, returned on every path.
  std::vector<bool> fresh;
  /// Per result: an i1 that is the same constant on every path (1/0), or -1.
  std::vector<int> constant;
};

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
  /// The analysis stopped (state blow-up or no fixpoint): no events.
  bool gaveUp() const { return stopped; }

  /// Words for the paths in `cond` reaching `at`; empty when it holds on
  /// every path that reaches `at`.
  std::string describePath(Bdd cond, mlir::Operation *at);
  /// The share of paths on which `cond` holds, each branch condition taken
  /// as a fair coin. It depends on the condition, not on how the BDD
  /// numbers its variables, so it compares the events of two analyses of
  /// one function before and after an edit (fixes/ uses it to see a leak
  /// narrowed to fewer paths).
  double pathShare(Bdd cond) const;
  const FunctionSummary &summary() const { return sum; }
  /// Buffer index of an allocating value, or -1.
  int bufferOf(mlir::Value v) const;

private:
  struct Impl;
  std::unique_ptr<Impl> impl;
  mlir::FunctionOpInterface fn;
  std::vector<BufferInfo> bufferInfos;
  std::vector<Origin> originTable;
  FunctionSummary sum;
  bool stopped = false;
  mutable std::optional<std::vector<Event>> eventCache;
};

/// Runs LifetimeAnalysis on every function of a module, callees first, so a
/// call to a function that returns a fresh buffer allocates in the caller.
class ModuleLifetimes {
public:
  ModuleLifetimes(mlir::Operation *module, ValueNamer namer);
  ~ModuleLifetimes();
  /// Functions with bodies, in source order.
  const std::vector<mlir::FunctionOpInterface> &functions() const {
    return funcs;
  }
  LifetimeAnalysis &get(mlir::FunctionOpInterface fn);
  /// Analyses every function, callees before callers, independent ones on
  /// up to `threads` threads, and calls `then(i)` (if given) once for each
  /// function i, on the thread that analysed it, right after. Afterwards
  /// get() only looks results up, so checks may then read different
  /// functions from different threads; `then` may already, for its own
  /// function.
  void analyzeAll(unsigned threads,
                  const std::function<void(unsigned)> &then = nullptr);
  /// Fresh-result summary of a callee, analysing it first if needed; empty
  /// for unknown callees and during recursion.
  FunctionSummary summaryOf(mlir::FunctionOpInterface callee);
  /// Summaries of top-level functions, by name, to use instead of analysing
  /// them: a fix search re-analyses one edited function many times, and the
  /// functions it calls stay as they were.
  using SummaryMap = std::map<std::string, FunctionSummary>;
  void useSummaries(std::shared_ptr<const SummaryMap> known) {
    presets = std::move(known);
  }
  /// BDD nodes one function's analysis may create before it gives up on
  /// the function (tests lower it to exercise that path).
  void setNodeBudget(size_t nodes) { nodeBudget = nodes; }
  size_t nodeBudgetPerFunction() const { return nodeBudget; }
  /// The summaries of every top-level function (analysing them all).
  std::shared_ptr<const SummaryMap> allSummaries();
  /// The function a call resolves to in this module, or null (thread-safe:
  /// symbol tables are built lazily).
  mlir::FunctionOpInterface calleeOf(mlir::CallOpInterface call);

private:
  ValueNamer namer;
  mlir::SymbolTableCollection tables;
  std::vector<mlir::FunctionOpInterface> funcs;
  llvm::DenseMap<mlir::Operation *, std::unique_ptr<LifetimeAnalysis>> done;
  llvm::DenseSet<mlir::Operation *> inProgress;
  /// Guards `tables`, and `done`/`inProgress` while analyzeAll runs.
  std::mutex lock;
  bool concurrent = false;
  std::shared_ptr<const SummaryMap> presets;
  size_t nodeBudget = 2'000'000;
};

} // namespace memlint

#endif
