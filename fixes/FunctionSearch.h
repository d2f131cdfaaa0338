//===- FunctionSearch.h - One function's fix search -------------*- C++ -*-===//
//
// The fixes of a file are searched function by function (an edit inside a
// function changes no other function's analysis while its summary stays
// the same, which the proofs check). This file holds one function's
// search: its findings, the base its candidates are compared with (a view
// of the file's own analysis through the function's window, else a parsed
// slice), and the search itself (FixFinder per finding, the merges
// together). FixEngine.cpp and FixRun.cpp drive the searches, side by side.
//
//===----------------------------------------------------------------------===//
#ifndef MEMLINT_FIXES_FUNCTIONSEARCH_H
#define MEMLINT_FIXES_FUNCTIONSEARCH_H

#include "analysis/Finding.h"
#include "fixes/FixSnapshot.h"
#include "fixes/FunctionSlice.h"
#include "fixes/MergeBuffers.h"
#include <cstdint>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <vector>

namespace memlint {
namespace fixsearch {

bool isLifetimeCheck(const std::string &check);
bool isMergeCheck(const std::string &check);

/// The most candidates a finding's search analyses (FixFinder): a finding
/// that needs more gets no fix.
constexpr unsigned AnalysesPerFinding = 64;
/// Functions whose ops nest deeper get no fix (findingsByFunction leaves
/// them out): each candidate's IR costs time quadratic in its nesting.
constexpr unsigned MaxNestingForFixes = 256;

/// What one search found out besides its fixes (FixFinder).
struct SearchStats {
  bool starved = false;
  unsigned tried = 0, parsed = 0;
};

/// The findings of one function to fix.
struct FunctionFindings {
  unsigned fn;                   // index in the snapshot's functions
  uint64_t ops;                  // of the function
  std::vector<unsigned> indices; // of the findings
};

/// The findings to fix (lifetime and missed-reuse ones), by function,
/// smallest function first: under a work bound, the most findings get a
/// fix. The module's functions are looked at on up to `threads` threads.
std::vector<FunctionFindings>
findingsByFunction(Snapshot &full, const std::vector<Finding> &findings,
                   unsigned threads = 1);

/// Where the fixes of one function are searched and proven: a view of the
/// file's function through its window (Snapshot::window: nothing to parse,
/// and each candidate parses the function and declarations, not the whole
/// file); else, where it has no window or the window turns out not to
/// parse on its own, the function's slice of the module (FunctionSlice.h),
/// parsed; else the module itself.
struct FunctionBase {
  std::unique_ptr<Snapshot> owned;
  Snapshot *snapshot = nullptr;
  unsigned index = 0; // of the function in *snapshot
  /// The module's symbols, when *snapshot is a slice of it.
  mlir::SymbolTable *file = nullptr;
  /// The work of parsing it, in ops (Snapshot::parseWork; none for a view
  /// or the module itself).
  uint64_t parsedOps = 0;
};

/// One function's fixes, searched as attachTo does, on the cheapest base
/// that is right: the view of its window (its window parsed, for a
/// function in a call cycle), unless every candidate tried on it failed to
/// parse and the window itself does not parse (then on a parsed slice,
/// from scratch).
struct FunctionSearch {
  FunctionBase base;
  std::vector<int> functionOf;
  /// Per finding: its fix was proven only together with others
  /// (SearchInput::leaksTogether).
  std::vector<bool> provenTogether;
  /// Per lifetime finding, the keys of its events in the base.
  std::vector<std::vector<EventKey>> keysOf;
  SearchStats stats;
  /// The search needs the slicer (a parsed slice): only `serial` searches
  /// may use it (it caches what it reads); the findings are as they were.
  bool needsSerial = false;
};

/// What one function's search is given.
struct SearchInput {
  unsigned fn;
  uint64_t ops;
  /// The function's window (read from the slicer beforehand).
  const std::optional<FunctionSlicer::Window> *window;
  std::shared_ptr<const ModuleLifetimes::SummaryMap> summaries;
  std::shared_ptr<mlir::MLIRContext> context;
  /// In a call cycle of the file (ModuleLifetimes::inCallCycle): its
  /// analysis there may say less than its window's, whose summaries are
  /// all preset, so the window is parsed for the base instead of viewed.
  bool inCallCycle = false;
  /// FixFinder::setWholeLeakRetry for this search.
  bool wholeLeakRetry = false;
  /// Leaks are first proven together (FixFinder::leaksTogether): for a
  /// caller that takes the fixes together and proves what it takes.
  bool leaksTogether = false;
};

/// What the searches of one file's functions share, read before they run
/// (side by side they only read the file's IR and analyses): each
/// function's window (the slicer caches what it reads), the callee
/// summaries, which functions are in call cycles; and every searched
/// function's analysis, computed (allSummaries covers top-level ones only).
class FileSearches {
public:
  /// Reads nothing when `byFunction` is empty. The windows are cut on up
  /// to `threads` threads (searchInParallel says when more than one).
  FileSearches(Snapshot &full, FunctionSlicer &slicer,
               const std::vector<FunctionFindings> &byFunction,
               unsigned threads);
  /// The input of the search of `byFunction[k]`, parsing in `context`.
  SearchInput input(size_t k, std::shared_ptr<mlir::MLIRContext> context) const;

private:
  const std::vector<FunctionFindings> &byFunction;
  std::vector<std::optional<FunctionSlicer::Window>> windows;
  std::shared_ptr<const ModuleLifetimes::SummaryMap> summaries;
  std::vector<bool> cycles;
};

/// Searches the fixes of `findings` (the function's own, given fixes in
/// place). `work`: the bound, spent as candidates are analysed (none when
/// null). With `unproven`, missed-reuse findings get no fix: their pairs
/// go there for the caller to prove together. `serial`: the caller may
/// use `slicer` (one search at a time); otherwise a search that needs it
/// stops with needsSerial.
FunctionSearch searchFunction(Snapshot &full, FunctionSlicer &slicer,
                              const SearchInput &in,
                              std::vector<Finding> &findings, uint64_t *work,
                              std::map<size_t, MergePair> *unproven,
                              bool serial);

/// MLIR contexts for the searches' parses: one per search running, reused
/// by the next (each context loads the dialects it parses once).
class ContextPool {
public:
  std::shared_ptr<mlir::MLIRContext> acquire() {
    std::lock_guard<std::mutex> guard(lock);
    if (idle.empty())
      return Document::newContext();
    std::shared_ptr<mlir::MLIRContext> c = std::move(idle.back());
    idle.pop_back();
    return c;
  }
  void release(std::shared_ptr<mlir::MLIRContext> c) {
    std::lock_guard<std::mutex> guard(lock);
    idle.push_back(std::move(c));
  }

private:
  std::mutex lock;
  std::vector<std::shared_ptr<mlir::MLIRContext>> idle;
};

/// Whether the searches of several functions may run side by side: each
/// reads the file's IR and analyses (its own function's only ever
/// changes, in caches), and may make attributes in the file's context, so
/// that context must be one that several threads may use.
bool searchInParallel(Document &doc, unsigned threads, size_t functions);

} // namespace fixsearch
} // namespace memlint

#endif
