//===- ModuleLifetimes.h - Every function's analysis, callees first -*- C++
//-*-===//
//
// Schedules the analyses of a module's functions: a function is analysed
// after the functions it calls, so their summaries (fresh results, constant
// i1 results) are known; independent functions run side by side on the
// process's WorkPool.
//
//===----------------------------------------------------------------------===//
#ifndef MEMLINT_ANALYSIS_LIFETIME_MODULELIFETIMES_H
#define MEMLINT_ANALYSIS_LIFETIME_MODULELIFETIMES_H

#include "analysis/lifetime/Conditions.h"
#include "analysis/lifetime/Results.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Interfaces/CallInterfaces.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/Support/GlobPattern.h"
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

namespace memlint {

class LifetimeAnalysis;

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
  /// The index of `fn` in functions(), if it is one of them.
  std::optional<unsigned> indexOf(mlir::FunctionOpInterface fn) const {
    if (auto it = functionIndex.find(fn.getOperation());
        it != functionIndex.end())
      return it->second;
    return std::nullopt;
  }
  /// The analysis of `fn`, made now (after those of the callees it needs)
  /// unless it was made before.
  LifetimeAnalysis &get(mlir::FunctionOpInterface fn);
  /// get(), calling `analysed` right after each analysis it makes (fn's
  /// and its callees').
  LifetimeAnalysis &
  get(mlir::FunctionOpInterface fn,
      llvm::function_ref<void(mlir::FunctionOpInterface)> analysed);
  /// Analyses every function, callees before callers, independent ones on
  /// up to `threads` threads (as a WorkBatch: 0 is one per core), and calls
  /// `then(i)` (if given) once for each function i, on the thread that
  /// analysed it, right after. Afterwards
  /// get() only looks results up, so checks may then read different
  /// functions from different threads; `then` may already, for its own
  /// function.
  void analyzeAll(unsigned threads,
                  const std::function<void(unsigned)> &then = nullptr);
  /// Fresh-result summary of a callee, analysing it first if needed; empty
  /// for unknown callees and during recursion.
  FunctionSummary summaryOf(mlir::FunctionOpInterface callee);
  /// The summary useSummaries gave for `callee` (a top-level function, by
  /// name), or null. Such a callee may be a declaration standing for a
  /// function with a body.
  const FunctionSummary *
  presetSummaryOf(mlir::FunctionOpInterface callee) const;
  /// Summaries of top-level functions, by name, to use instead of analysing
  /// them: a fix search re-analyses one edited function many times, and the
  /// functions it calls stay as they were.
  using SummaryMap = std::map<std::string, FunctionSummary>;
  void useSummaries(std::shared_ptr<const SummaryMap> known) {
    presets = std::move(known);
  }
  /// Body-less functions whose memref results the caller owns, as glob
  /// patterns on their names (LintOptions::allocators). Set before any
  /// analysis: summaries depend on it.
  void setAllocators(llvm::ArrayRef<std::string> patterns);
  /// Whether `callee` is a declaration the allocators name.
  bool isAllocator(mlir::FunctionOpInterface callee) const;
  /// What one function's analysis may spend on BDDs before it gives up on
  /// the function (tests lower the nodes to exercise that path).
  void setNodeBudget(size_t nodes) { budget.nodes = nodes; }
  size_t nodeBudgetPerFunction() const { return budget.nodes; }
  void setBudget(const BddBudget &b) { budget = b; }
  const BddBudget &budgetPerFunction() const { return budget; }
  /// Adds one analysis's cost to the totals (thread-safe).
  void addCost(const BddCost &c);
  /// Operations summed over the analyses made so far; nodes and bytes are
  /// the largest of one analysis.
  BddCost totalCost();
  /// The summaries of every top-level function (analysing them all).
  std::shared_ptr<const SummaryMap> allSummaries();
  /// The function a call resolves to in this module, or null (thread-safe:
  /// symbol tables are built lazily).
  mlir::FunctionOpInterface calleeOf(mlir::CallOpInterface call);
  /// Per function (by index in functions()): whether it is in a call
  /// cycle (calls itself, directly or through others). Such a function was
  /// analysed with the summaries of the cycle's functions not yet known,
  /// so a copy of it analysed on its own with every summary preset
  /// (useSummaries) may say more than its analysis here.
  std::vector<bool> inCallCycle();
  /// Whether `callee` is upstream's deallocation library function
  /// (lifetime/DeallocLibrary.h), by its body or its preset summary.
  bool isDeallocationLibrary(mlir::FunctionOpInterface callee) const;
  /// Whether `call` calls a function that computes its results from its
  /// arguments alone: no memory effect (not even a read: memory may change
  /// between two calls), nothing that may differ per run, and calls only of
  /// such functions (recursion included: a run that returns computed its
  /// results so). By the callee's body, or its preset summary where the fix
  /// search made it a declaration. Thread-safe (PureFunctions.cpp).
  bool callsPureFunction(mlir::Operation *call);

private:
  /// Per function (by index in functions()): the functions that call it,
  /// and how many distinct other functions with bodies it calls.
  std::pair<std::vector<llvm::SmallVector<unsigned>>, std::vector<unsigned>>
  callerCounts();
  /// The functions with bodies whose summaries `fn`'s analysis will ask
  /// summaryOf for (and so may analyse), in the order it asks.
  llvm::SmallVector<mlir::FunctionOpInterface>
  calleesToAnalyse(mlir::FunctionOpInterface fn);
  /// Marks `fn` in progress unless it is analysed or in progress already;
  /// returns whether it did.
  bool claim(mlir::Operation *fn);
  /// Analyses `fn`, which is in progress and whose callees are analysed or
  /// in progress, and records it as done.
  LifetimeAnalysis &analyse(mlir::FunctionOpInterface fn);
  /// calleeOf, with `lock` held.
  mlir::FunctionOpInterface calleeOfLocked(mlir::CallOpInterface call);
  /// Whether the function with a body `fn` is pure (callsPureFunction);
  /// the whole module's answers are found at the first question.
  bool isPureFunction(mlir::FunctionOpInterface fn);
  /// The summary of a declaration the allocators name: every memref
  /// result is a fresh buffer.
  FunctionSummary allocatorSummary(mlir::FunctionOpInterface callee) const;
  mlir::Operation *root;
  ValueNamer namer;
  mlir::SymbolTableCollection tables;
  std::vector<mlir::FunctionOpInterface> funcs;
  llvm::DenseMap<mlir::Operation *, unsigned> functionIndex; // in funcs
  /// The functions with upstream's deallocation library body, found once
  /// here: recognising one builds IR, which the analyses on other threads
  /// must not do.
  llvm::DenseSet<mlir::Operation *> deallocLibraries;
  llvm::DenseMap<mlir::Operation *, std::unique_ptr<LifetimeAnalysis>> done;
  llvm::DenseSet<mlir::Operation *> inProgress;
  /// The functions with bodies that are not pure (isPureFunction), once
  /// found.
  std::optional<llvm::DenseSet<mlir::Operation *>> impure;
  /// Guards `tables`, and `done`/`inProgress` while analyzeAll runs.
  std::mutex lock;
  bool concurrent = false;
  std::shared_ptr<const SummaryMap> presets;
  std::vector<llvm::GlobPattern> allocators;
  BddBudget budget;
  BddCost total;
  std::mutex costLock;
};

/// Whether the linker may put another body in place of `fn`'s (LLVM's
/// weak, linkonce, common and extern_weak linkage): its body says nothing
/// of what a call runs. The _odr kinds promise an equivalent body.
bool replaceableAtLinkTime(mlir::FunctionOpInterface fn);

} // namespace memlint

#endif
