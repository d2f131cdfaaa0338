//===- FixEngine.cpp - Proposing fixes and proving them by re-analysis ----===//
//
// For each finding the engine tries a short list of candidate edits, cheapest
// and earliest first, and keeps the first one that the lifetime analysis,
// re-run on the edited text, accepts:
//
//   leak            insert a free at the earliest point after the last use
//                   on a leaking path (FreePlacement proposes the points);
//                   repeated until no exit leaks the buffer
//   double-free     remove the second free, or the first; else remove one
//                   and repair the leaks that leaves
//   use-after-free  remove the free that comes too early and repair the
//                   leaks that leaves (the free moves past the last use)
//   invalid-free    remove the free (repairing any leak it leaves); for an
//                   interior view, free the whole buffer instead; else guard
//                   it with an i1 in scope, or with an ownership flag passed
//                   along with a merged block argument (OwnershipFlag.h)
//   missed-reuse    merge the two buffers (MergeBuffers.h)
//
// "Accepts" means: the text parses and verifies, the analysis neither gives
// up nor stops tracking a buffer it tracked, the finding's events are gone
// and no (function, kind, buffer) has more events than before. A merge has
// no events to remove; it must remove one buffer and keep every event
// count, keyed by buffer names since the indices shift (mergeKeeps).
//
//===----------------------------------------------------------------------===//
#include "fixes/Fixes.h"

#include "analysis/Engine.h"
#include "analysis/WorkPool.h"
#include "analysis/checks/CheckInfo.h"
#include "fixes/FixFinder.h"
#include "fixes/FunctionSlice.h"
#include "fixes/MergeBuffers.h"
#include "fixes/SourceText.h"
#include "fixes/TextEdits.h"
#include "llvm/ADT/STLExtras.h"
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <set>

using namespace mlir;

namespace memlint {
namespace {

using namespace fixsearch;

/// How the check table says `check`'s findings are fixed.
CheckFix fixOf(const std::string &check) {
  const CheckInfo *info = findCheckInfo(check);
  return info ? info->fix : CheckFix::None;
}

bool isLifetimeCheck(const std::string &check) {
  return fixOf(check) == CheckFix::Frees;
}

bool isMergeCheck(const std::string &check) {
  return fixOf(check) == CheckFix::Merge;
}

/// The ops of a `missed-reuse` finding (anchored on the later allocation;
/// related: the earlier allocation, then its free) and the index of their
/// function in `s`, looked up by source range; nullopt when they are not
/// all found in one function (or not in function `only`).
/// Written ops of function `fn` of `s` by source range (ops the parser made
/// up, such as implicit terminators, have no text).
std::map<SourceRange, Operation *> opsByRange(Snapshot &s, unsigned fn) {
  std::map<SourceRange, Operation *> out;
  s.function(fn)->walk([&](Operation *op) {
    if (s.doc->opDef(op))
      out.try_emplace(s.doc->rangeOf(op), op);
  });
  return out;
}

/// The ops of a `missed-reuse` finding (anchored on the later allocation;
/// related: the earlier allocation, then its free), among `ops`.
std::optional<MergePair>
locateMerge(const std::map<SourceRange, Operation *> &ops, const Finding &f) {
  if (f.related.size() < 2)
    return std::nullopt;
  auto find = [&](const SourceRange &r) -> Operation * {
    auto it = ops.find(r);
    return it == ops.end() ? nullptr : it->second;
  };
  MergePair pair;
  pair.laterAlloc = find(f.range);
  pair.earlierAlloc = find(f.related[0].range);
  pair.earlierFree = find(f.related[1].range);
  if (!pair.laterAlloc || !pair.earlierAlloc || !pair.earlierFree)
    return std::nullopt;
  return pair;
}

/// The most candidates a finding's search analyses (FixFinder): a finding
/// that needs more gets no fix.
constexpr unsigned AnalysesPerFinding = 64;

/// Attaches fixes; returns, per finding, the index of the function its fix
/// edits (or -1 without a fix). With `unproven`, a missed-reuse finding
/// gets no fix: its pair of buffers goes there (by finding index) for the
/// caller to prove together with others. `file`: the whole file's symbol
/// table when `base` is a slice of it (FixFinder).
/// What one search found out besides its fixes (FixFinder).
struct SearchStats {
  bool starved = false;
  unsigned tried = 0, parsed = 0;
};

std::vector<int> attachTo(Snapshot &base, std::vector<Finding> &findings,
                          uint64_t *work = nullptr,
                          std::optional<unsigned> only = std::nullopt,
                          std::map<size_t, MergePair> *unproven = nullptr,
                          SymbolTable *file = nullptr,
                          SearchStats *stats = nullptr) {
  std::vector<int> functionOf(findings.size(), -1);
  std::map<std::pair<std::string, SourceRange>, Group> groups;
  bool grouped = false;
  FixFinder finder(base, AnalysesPerFinding, work, file);
  std::map<unsigned, std::map<SourceRange, Operation *>> opsOf;
  std::map<SourceRange, unsigned> functionAt; // by the function's range
  // Per function, the missed-reuse findings (by index) and their ops.
  std::map<unsigned, std::vector<std::pair<size_t, MergePair>>> mergesOf;
  for (auto [i, f] : llvm::enumerate(findings)) {
    if (isMergeCheck(f.check)) {
      // The function holding the later allocation, then its ops by range
      // (each map built once).
      std::optional<unsigned> fn = only;
      if (!fn) {
        if (functionAt.empty())
          for (unsigned k = 0; k < base.functionCount(); ++k)
            functionAt.try_emplace(base.doc->fullRangeOf(base.function(k)), k);
        for (auto &[range, k] : functionAt)
          if (range.start <= f.range.start && f.range.end <= range.end)
            fn = k;
      }
      if (!fn)
        continue;
      auto [ops, fresh] = opsOf.try_emplace(*fn);
      if (fresh)
        ops->second = opsByRange(base, *fn);
      std::optional<MergePair> pair = locateMerge(ops->second, f);
      if (pair && unproven) {
        (*unproven)[i] = *pair;
        functionOf[i] = *fn;
        continue;
      }
      if (pair)
        mergesOf[*fn].push_back({i, *pair});
      continue;
    }
    if (!isLifetimeCheck(f.check))
      continue;
    if (!grouped) {
      groups = groupEvents(base, only);
      grouped = true;
    }
    auto it = groups.find({f.check, f.range});
    if (it == groups.end())
      continue;
    if (std::optional<Fix> fix = finder.fixFor(it->second)) {
      f.fixes.push_back(std::move(*fix));
      functionOf[i] = it->second.fn;
    }
  }
  // Merges per function, proven together (FixFinder::mergesFor).
  for (auto &[fn, list] : mergesOf) {
    SmallVector<MergePair> pairs;
    for (auto &[i, pair] : list)
      pairs.push_back(pair);
    std::vector<std::optional<Fix>> fixes = finder.mergesFor(fn, pairs);
    for (auto [entry, fix] : llvm::zip(list, fixes))
      if (fix) {
        findings[entry.first].fixes.push_back(std::move(*fix));
        functionOf[entry.first] = fn;
      }
  }
  if (stats) {
    stats->starved |= finder.starved();
    stats->tried += finder.candidatesTried();
    stats->parsed += finder.candidatesParsed();
  }
  return functionOf;
}

/// The findings of one function to fix.
struct FunctionFindings {
  unsigned fn;                  // index in the snapshot's functions
  uint64_t ops;                 // of the function
  std::vector<unsigned> indices; // of the findings
};

/// The findings to fix (lifetime and missed-reuse ones), by function,
/// smallest function first: under a work bound, the most findings get a
/// fix.
std::vector<FunctionFindings>
findingsByFunction(Snapshot &full, const std::vector<Finding> &findings) {
  Document &doc = *full.doc;
  std::map<std::pair<std::string, SourceRange>, Group> groups;
  std::map<unsigned, std::vector<unsigned>> byFunction;
  // The function of each allocation, by its range: one walk of the module,
  // not one per missed-reuse finding.
  std::map<SourceRange, unsigned> allocFunction;
  for (auto [i, f] : llvm::enumerate(findings)) {
    if (isMergeCheck(f.check)) {
      if (allocFunction.empty())
        for (auto [fn, op] : llvm::enumerate(full.lifetimes->functions()))
          op->walk([&, fn = fn](Operation *inner) {
            if (inner->getNumResults() == 1 && doc.opDef(inner))
              allocFunction.try_emplace(doc.rangeOf(inner), fn);
          });
      auto at = allocFunction.find(f.range);
      if (at == allocFunction.end())
        continue;
      byFunction[at->second].push_back(i);
      continue;
    }
    if (!isLifetimeCheck(f.check))
      continue;
    if (groups.empty())
      groups = groupEvents(full);
    auto it = groups.find({f.check, f.range});
    if (it != groups.end())
      byFunction[it->second.fn].push_back(i);
  }
  std::vector<std::pair<uint64_t, unsigned>> order;
  for (auto &[fn, indices] : byFunction) {
    uint64_t ops = 0;
    full.function(fn)->walk([&](Operation *) { ++ops; });
    order.push_back({ops, fn});
  }
  llvm::sort(order);
  std::vector<FunctionFindings> out;
  for (auto [ops, fn] : order)
    out.push_back({fn, ops, std::move(byFunction[fn])});
  return out;
}

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
  SymbolTable *file = nullptr;
  /// The ops parsed to make it (none for a view or the module itself).
  uint64_t parsedOps = 0;
  bool isView() const { return snapshot && snapshot->window.has_value(); }
};

/// The view of function `fn` through its window `w`.
FunctionBase
viewFor(Snapshot &full, FunctionSlicer &slicer, unsigned fn, uint64_t ops,
        const FunctionSlicer::Window &w,
        std::shared_ptr<const ModuleLifetimes::SummaryMap> summaries,
        std::shared_ptr<MLIRContext> context) {
  FunctionBase b;
  // The window parses to the function, the declarations and the module.
  b.owned =
      viewThroughWindow(*full.doc, *full.lifetimes, fn, w.text, w.firstLine,
                        ops + 1, std::move(summaries), std::move(context));
  b.snapshot = b.owned.get();
  b.index = 0;
  b.file = slicer.symbols();
  return b;
}

/// Whether a window parses and verifies on its own.
bool windowParses(const FunctionSlicer::Window &w, const std::string &fileName,
                  std::shared_ptr<MLIRContext> context) {
  return parseSnapshot(w.text, fileName, nullptr, std::move(context),
                       /*threads=*/1, w.firstLine) != nullptr;
}

/// A parsed base for function `fn`: its window (unless `skipWindow`), else
/// its slice, else the module itself.
FunctionBase
parsedBaseFor(Snapshot &full, FunctionSlicer &slicer, unsigned fn,
              std::shared_ptr<const ModuleLifetimes::SummaryMap> summaries,
              std::shared_ptr<MLIRContext> context, bool skipWindow) {
  Document &doc = *full.doc;
  FunctionBase b;
  SourceRange where = doc.rangeOf(full.function(fn));
  // The function's index in a parsed slice: the one at the same place.
  auto take = [&](std::string text, unsigned firstLine) {
    b.owned = parseSnapshot(std::move(text), doc.fileName(), summaries,
                            context, /*threads=*/1, firstLine);
    std::optional<unsigned> only;
    if (b.owned)
      for (auto [i, f] : llvm::enumerate(b.owned->lifetimes->functions()))
        if (b.owned->doc->rangeOf(f) == where)
          only = i;
    if (!only)
      return false;
    b.owned->sig = signatureOf(*b.owned->lifetimes, only);
    b.snapshot = b.owned.get();
    b.index = *only;
    b.file = slicer.symbols();
    b.owned->doc->module()->walk([&](Operation *) { ++b.parsedOps; });
    return true;
  };
  if (!skipWindow)
    if (std::optional<FunctionSlicer::Window> w =
            slicer.windowFor(full.function(fn)))
      if (take(std::move(w->text), w->firstLine))
        return b;
  if (std::optional<std::string> slice = slicer.sliceFor(full.function(fn)))
    if (take(std::move(*slice), 0))
      return b;
  // No slice (nothing to cut, or it does not verify on its own).
  b.owned = std::make_unique<Snapshot>();
  b.owned->doc = full.doc;
  b.owned->lifetimes = full.lifetimes;
  b.owned->sig = signatureOf(*full.lifetimes, fn);
  b.owned->context = std::move(context);
  b.snapshot = b.owned.get();
  b.index = fn;
  return b;
}

/// One function's fixes, searched as attachTo does, on the cheapest base
/// that is right: the view of its window, unless every candidate tried on
/// it failed to parse and the window itself does not parse (then on a
/// parsed slice, from scratch).
struct FunctionSearch {
  FunctionBase base;
  std::vector<int> functionOf;
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
  std::shared_ptr<MLIRContext> context;
};

/// `findings`: the function's own. `serial`: the caller may use `slicer`
/// (one search at a time); otherwise a search that needs it stops with
/// needsSerial.
FunctionSearch searchFunction(Snapshot &full, FunctionSlicer &slicer,
                              const SearchInput &in,
                              std::vector<Finding> &findings, uint64_t *work,
                              std::map<size_t, MergePair> *unproven,
                              bool serial) {
  FunctionSearch out;
  if (*in.window) {
    std::vector<Finding> original = findings;
    out.base = viewFor(full, slicer, in.fn, in.ops, **in.window, in.summaries,
                       in.context);
    out.functionOf =
        attachTo(*out.base.snapshot, findings, work, out.base.index, unproven,
                 out.base.file, &out.stats);
    if (out.stats.tried == 0 || out.stats.parsed > 0 ||
        windowParses(**in.window, full.doc->fileName(), in.context))
      return out;
    findings = std::move(original);
    if (unproven)
      unproven->clear();
  }
  if (!serial) {
    out.needsSerial = true;
    return out;
  }
  out.base = parsedBaseFor(full, slicer, in.fn, in.summaries, in.context,
                           /*skipWindow=*/in.window->has_value());
  if (work)
    *work -= std::min(*work, out.base.parsedOps);
  out.stats = {};
  out.functionOf = attachTo(*out.base.snapshot, findings, work, out.base.index,
                            unproven, out.base.file, &out.stats);
  return out;
}

/// MLIR contexts for the searches' parses: one per search running, reused
/// by the next (each context loads the dialects it parses once).
class ContextPool {
public:
  std::shared_ptr<MLIRContext> acquire() {
    std::lock_guard<std::mutex> guard(lock);
    if (idle.empty())
      return Document::newContext();
    std::shared_ptr<MLIRContext> c = std::move(idle.back());
    idle.pop_back();
    return c;
  }
  void release(std::shared_ptr<MLIRContext> c) {
    std::lock_guard<std::mutex> guard(lock);
    idle.push_back(std::move(c));
  }

private:
  std::mutex lock;
  std::vector<std::shared_ptr<MLIRContext>> idle;
};

/// Whether the searches of several functions may run side by side: each
/// reads the file's IR and analyses (its own function's only ever
/// changes, in caches), and may make attributes in the file's context, so
/// that context must be one that several threads may use.
bool searchInParallel(Document &doc, unsigned threads, size_t functions) {
  return batchThreads(threads) > 1 && functions > 1 &&
         doc.context().isMultithreadingEnabled();
}

} // namespace

void attachFixes(Document &doc, ModuleLifetimes &lifetimes,
                 std::vector<Finding> &findings,
                 std::optional<uint64_t> workOps, unsigned threads) {
  attachFixesWithin(doc, lifetimes, findings, workOps ? &*workOps : nullptr,
                    /*cancelled=*/nullptr, threads);
}

bool attachFixesWithin(Document &doc, ModuleLifetimes &lifetimes,
                       std::vector<Finding> &findings, uint64_t *work,
                       const std::atomic<bool> *cancelled, unsigned threads) {
  if (!doc.isValid())
    return true;
  Snapshot full;
  full.doc = &doc;
  full.lifetimes = &lifetimes;
  std::vector<FunctionFindings> byFunction = findingsByFunction(full, findings);
  if (byFunction.empty())
    return true;
  // Every function analysed (the summaries need them all), so that the
  // searches only read the file's analyses.
  std::shared_ptr<const ModuleLifetimes::SummaryMap> summaries =
      lifetimes.allSummaries();
  FunctionSlicer slicer(doc);
  std::vector<std::optional<FunctionSlicer::Window>> windows;
  for (const FunctionFindings &f : byFunction)
    windows.push_back(slicer.windowFor(full.function(f.fn)));
  ContextPool contexts;
  auto isCancelled = [&] {
    return cancelled && cancelled->load(std::memory_order_relaxed);
  };
  struct Outcome {
    std::vector<Finding> findings;
    uint64_t spent = 0;
    bool starved = false;
    bool needsSerial = false;
  };
  // Function k's search on `budget` (unbounded without a work bound).
  auto search = [&](size_t k, uint64_t budget, bool serial) {
    const FunctionFindings &f = byFunction[k];
    Outcome out;
    for (unsigned i : f.indices)
      out.findings.push_back(findings[i]);
    std::shared_ptr<MLIRContext> context = contexts.acquire();
    uint64_t left = budget;
    FunctionSearch s = searchFunction(
        full, slicer, {f.fn, f.ops, &windows[k], summaries, context},
        out.findings, work ? &left : nullptr, /*unproven=*/nullptr, serial);
    contexts.release(std::move(context));
    out.spent = budget - left;
    out.starved = s.stats.starved;
    out.needsSerial = s.needsSerial;
    return out;
  };
  // The functions are searched in order, smallest first, each on the work
  // the ones before it left, until the work left would not pay for one
  // candidate of the next: under a bound, the most findings get a fix.
  // Side by side, in batches of consecutive functions whose searches
  // cannot spend, together, more than the work left (each analyses at
  // most AnalysesPerFinding candidates per lifetime finding and two per
  // merge, each costing the function's ops): each search then gets all
  // it could use, as in order, so the fixes are the same whatever the
  // threads and the load. Near the end of the work, one at a time.
  auto mostSpent = [&](const FunctionFindings &f) {
    uint64_t analyses = 1;
    for (unsigned i : f.indices)
      analyses += isMergeCheck(findings[i].check) ? 2 : AnalysesPerFinding;
    return analyses * (f.ops + 1);
  };
  unsigned side = searchInParallel(doc, threads, byFunction.size())
                      ? batchThreads(threads)
                      : 1;
  uint64_t left = work ? *work : 0;
  bool complete = true, stopped = false;
  for (size_t first = 0; first < byFunction.size() && !stopped;) {
    size_t end = first + 1;
    if (!work) {
      end = byFunction.size();
    } else {
      uint64_t most = mostSpent(byFunction[first]);
      while (end < byFunction.size() &&
             most + mostSpent(byFunction[end]) <= left)
        most += mostSpent(byFunction[end++]);
    }
    std::vector<Outcome> outcomes(end - first);
    uint64_t start = left;
    parallelFor(end - first, end - first > 1 ? side : 1, [&](size_t i) {
      size_t k = first + i;
      if (isCancelled() || (work && start < 2 * byFunction[k].ops))
        return;
      outcomes[i] = search(k, start, /*serial=*/end - first == 1);
    });
    for (size_t k = first; k < end; ++k) {
      if (isCancelled())
        return false;
      // A function whose every candidate would overrun the work left is
      // not started: nor is any after it (larger).
      if (work && left < 2 * byFunction[k].ops) {
        complete = false;
        stopped = true;
        break;
      }
      Outcome &o = outcomes[k - first];
      // A search that needs the slicer (or, which the batches rule out,
      // more work than the order leaves it) runs again, here.
      if (o.needsSerial || o.findings.empty() || (work && o.spent > left))
        o = search(k, left, /*serial=*/true);
      if (work)
        left -= std::min(left, o.spent);
      complete &= !o.starved;
      for (auto [i, finding] : llvm::zip(byFunction[k].indices, o.findings))
        findings[i].fixes = std::move(finding.fixes);
    }
    first = end;
  }
  if (work)
    *work = left;
  return complete && !isCancelled();
}

void attachFixes(Document &doc, std::vector<Finding> &findings) {
  if (!doc.isValid())
    return;
  ModuleLifetimes lifetimes(doc.module(), namerFor(&doc));
  attachFixes(doc, lifetimes, findings);
}

std::vector<Finding> lintWithFixes(Document &doc, const LintOptions &opts,
                                   uint64_t *work, bool *complete) {
  std::vector<Finding> findings = lintDocument(doc, opts);
  bool all = true;
  if (doc.isValid()) {
    ModuleLifetimes lifetimes(doc.module(), namerFor(&doc));
    all = attachFixesWithin(doc, lifetimes, findings, work, opts.cancelled,
                            opts.threads);
  }
  // A cancelled lint has not even found everything.
  if (opts.cancelled && opts.cancelled->load(std::memory_order_relaxed))
    all = false;
  if (complete)
    *complete = all;
  return findings;
}

/// The merges of `pairs` (the missed-reuse findings of function `fn` of
/// `base`, by finding index) that can be taken on top of `combined` (edits
/// of that function), added to it; returns how many. The candidates whose
/// edits do not overlap are proven together: they must, together, remove
/// one buffer each and keep every event (MergeBuffers.h). A group that
/// fails is split in halves, so k candidates cost one analysis when they
/// all hold and about 2 log k per candidate that does not.
static unsigned takeMerges(Snapshot &base, unsigned fn,
                           const std::string &fileName,
                           const std::map<size_t, MergePair> &pairs,
                           std::vector<TextEdit> &combined) {
  std::vector<std::vector<TextEdit>> group;
  SourceText src(*base.doc);
  EditSpans spans(base.text(), base.firstLine());
  spans.tryAdd(combined);
  LifetimeAnalysis &la = base.analysis(fn);
  std::unique_ptr<LiveRanges> ranges;
  for (auto &[i, pair] : pairs) {
    if (!ranges)
      ranges = std::make_unique<LiveRanges>(la);
    std::optional<std::vector<TextEdit>> edits =
        mergeBufferEdits(src, la, *ranges, pair);
    if (edits && !edits->empty() && spans.tryAdd(*edits))
      group.push_back(std::move(*edits));
  }
  MergeProofState before = mergeProofStateOf(la, *base.doc);
  unsigned merged = 0;
  std::function<void(llvm::ArrayRef<std::vector<TextEdit>>)> prove =
      [&](llvm::ArrayRef<std::vector<TextEdit>> part) {
        if (part.empty())
          return;
        std::vector<TextEdit> trial = combined;
        for (const std::vector<TextEdit> &c : part)
          trial.insert(trial.end(), c.begin(), c.end());
        std::optional<std::string> t =
            applyEdits(base.text(), trial, base.firstLine());
        std::unique_ptr<Snapshot> s =
            t ? analyzeText(*t, fileName, fn, base.summaries, base.context,
                            base.firstLine())
              : nullptr;
        if (s &&
            mergeKeeps(before, mergeProofStateOf(s->analysis(fn), *s->doc),
                       merged + part.size())) {
          combined = std::move(trial);
          merged += part.size();
          return;
        }
        if (part.size() == 1)
          return;
        prove(part.take_front(part.size() / 2));
        prove(part.drop_front(part.size() / 2));
      };
  prove(group);
  return merged;
}

/// What one round of `memlint fix` takes in one function.
struct FunctionEdits {
  std::vector<TextEdit> edits;
  unsigned taken = 0;
  /// Not searched: the search needs to run one at a time
  /// (FunctionSearch::needsSerial).
  bool needsSerial = false;
};

/// The fixes of one function that one round of `memlint fix` takes:
/// searched, then taken one by one as long as together they still only
/// remove events, then merges where no lifetime fix touched the function.
FunctionEdits fixFunction(Snapshot &cur, FunctionSlicer &slicer,
                          const SearchInput &in, std::vector<Finding> mine,
                          const std::string &fileName, bool unsafe,
                          bool serial) {
  FunctionEdits out;
  // Merges are proven below, together: one by one, each would re-analyse
  // the function once to be attached and once to be taken, quadratic in
  // the merges of a function.
  std::map<size_t, MergePair> mergePairs;
  FunctionSearch search = searchFunction(cur, slicer, in, mine,
                                         /*work=*/nullptr, &mergePairs, serial);
  if (search.needsSerial) {
    out.needsSerial = true;
    return out;
  }
  FunctionBase &base = search.base;
  Snapshot &b = *base.snapshot;
  std::vector<TextEdit> &edits = out.edits;
  auto analyze = [&](const std::vector<TextEdit> &trial) {
    std::optional<std::string> t = applyEdits(b.text(), trial, b.firstLine());
    return t ? analyzeText(*t, fileName, base.index, b.summaries, b.context,
                           b.firstLine())
             : nullptr;
  };
  // The signature of the text with `edits`; unknown (none) after the
  // first fix, whose own search proved it on this very text.
  std::optional<Signature> accepted = b.sig;
  bool touched = false, stuck = false;
  for (auto [i, f] : llvm::enumerate(mine)) {
    if (stuck)
      break;
    if (search.functionOf[i] < 0 || isMergeCheck(f.check))
      continue;
    for (const Fix &fix : f.fixes) {
      if ((!fix.safe && !unsafe) || fix.edits.empty() ||
          !editsCompatible(b.text(), edits, fix.edits, b.firstLine()))
        continue;
      if (edits.empty()) {
        // FixFinder::accept on the same base and text: the finding's
        // events gone, nothing worse, which is what better() asks.
        edits = fix.edits;
        accepted.reset();
        touched = true;
        ++out.taken;
        break;
      }
      if (!accepted) {
        std::unique_ptr<Snapshot> s = analyze(edits);
        if (!s) {
          stuck = true; // cannot happen: the fix was proven on this text
          break;
        }
        accepted = b.sig;
        accepted->update(s->sig);
      }
      std::vector<TextEdit> trial = edits;
      trial.insert(trial.end(), fix.edits.begin(), fix.edits.end());
      std::unique_ptr<Snapshot> s = analyze(trial);
      if (!s || !better(accepted->of(base.index), s->sig))
        continue;
      edits = std::move(trial);
      accepted->update(s->sig);
      touched = true;
      ++out.taken;
      break;
    }
  }
  // Then merges, where no lifetime fix changed the function this round
  // (their proof compares with the function as this round found it).
  if (!touched)
    out.taken += takeMerges(b, base.index, fileName, mergePairs, edits);
  return out;
}

FixRunResult fixText(const std::string &text, const std::string &fileName,
                     const LintOptions &opts, bool unsafe, unsigned maxRounds) {
  FixRunResult result;
  result.text = text;
  ContextPool contexts;
  // The findings of the fixed text, when the last round linted it.
  std::optional<std::vector<Finding>> remaining;
  for (unsigned round = 0; round < maxRounds; ++round) {
    // The whole file in a context of its own: its analysis may run on
    // several threads, the search's contexts have none.
    std::unique_ptr<Snapshot> cur =
        parseSnapshot(result.text, fileName, {}, nullptr, opts.threads);
    if (!cur) {
      if (round == 0) {
        std::unique_ptr<Document> doc = Document::parse(text, fileName);
        result.inputValid = false;
        result.errors = doc->errors();
      }
      break;
    }
    // The fix search reads the analyses after the checks.
    LintOptions keep = opts;
    keep.releaseAnalyses = false;
    std::vector<Finding> findings =
        lintDocument(*cur->doc, keep, *cur->lifetimes);
    std::vector<FunctionFindings> byFunction =
        findingsByFunction(*cur, findings);
    std::shared_ptr<const ModuleLifetimes::SummaryMap> summaries;
    if (!byFunction.empty())
      summaries = cur->lifetimes->allSummaries();
    // Each function's fixes are searched, taken and proven on its window
    // (an edit inside a function changes no other function's analysis
    // while its summary stays the same, which the proofs check), so a
    // round costs about a lint plus the work of the fixes, not the file
    // per fix; functions side by side where the file's context allows.
    // The edits of all functions are applied together, in order.
    FunctionSlicer slicer(*cur->doc);
    std::vector<std::optional<FunctionSlicer::Window>> windows;
    for (const FunctionFindings &f : byFunction)
      windows.push_back(slicer.windowFor(cur->function(f.fn)));
    auto fixOne = [&](size_t k, bool serial) {
      std::shared_ptr<MLIRContext> context = contexts.acquire();
      const FunctionFindings &f = byFunction[k];
      std::vector<Finding> mine;
      for (unsigned i : f.indices)
        mine.push_back(findings[i]);
      FunctionEdits e = fixFunction(
          *cur, slicer, {f.fn, f.ops, &windows[k], summaries, context},
          std::move(mine), fileName, unsafe, serial);
      contexts.release(std::move(context));
      return e;
    };
    std::vector<FunctionEdits> perFunction(byFunction.size());
    parallelFor(
        byFunction.size(),
        searchInParallel(*cur->doc, opts.threads, byFunction.size())
            ? opts.threads
            : 1,
        [&](size_t k) { perFunction[k] = fixOne(k, /*serial=*/false); });
    std::vector<TextEdit> combined;
    unsigned taken = 0;
    for (size_t k = 0; k < byFunction.size(); ++k) {
      if (perFunction[k].needsSerial)
        perFunction[k] = fixOne(k, /*serial=*/true);
      combined.insert(combined.end(), perFunction[k].edits.begin(),
                      perFunction[k].edits.end());
      taken += perFunction[k].taken;
    }
    // The round that changes nothing has linted the final text already.
    if (taken == 0) {
      remaining = std::move(findings);
      break;
    }
    // Windows keep every line and column of the file: their edits apply to
    // it as they are.
    std::optional<std::string> next = applyEdits(cur->text(), combined);
    if (!next) {
      remaining = std::move(findings);
      break;
    }
    result.text = std::move(*next);
    result.applied += taken;
    result.rounds = round + 1;
  }
  if (remaining) {
    result.remaining = std::move(*remaining);
  } else if (result.inputValid) {
    std::unique_ptr<Document> doc = Document::parse(result.text, fileName);
    if (doc->isValid())
      result.remaining = lintDocument(*doc, opts);
  }
  return result;
}

} // namespace memlint
