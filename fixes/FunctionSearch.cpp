//===- FunctionSearch.cpp - One function's fix search --------------------===//
#include "fixes/FunctionSearch.h"

#include "analysis/NestingDepth.h"

#include "analysis/WorkPool.h"
#include "analysis/checks/CheckInfo.h"
#include "fixes/FixFinder.h"
#include "fixes/MergeBuffers.h"
#include "llvm/ADT/STLExtras.h"
#include <map>

using namespace mlir;

namespace memlint {
namespace fixsearch {

/// How the check table says `check`'s findings are fixed.
static CheckFix fixOf(const std::string &check) {
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
static std::map<SourceRange, Operation *> opsByRange(Snapshot &s, unsigned fn) {
  std::map<SourceRange, Operation *> out;
  s.function(fn)->walk([&](Operation *op) {
    if (s.doc->opDef(op))
      out.try_emplace(s.doc->rangeOf(op), op);
  });
  return out;
}

/// The ops of a `missed-reuse` finding (anchored on the later allocation;
/// related: the earlier allocation, then its free), among `ops`.
static std::optional<MergePair>
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

/// Attaches fixes to `findings` on `out.base`; sets, per finding, the
/// index of the function its fix edits (or -1 without a fix), whether it
/// was proven only together with others (`in.leaksTogether`), and the keys
/// of its events. With `unproven`, a missed-reuse finding gets no fix: its
/// pair of buffers goes there (by finding index) for the caller to prove
/// together with others.
static void attachTo(FunctionSearch &out, const SearchInput &in,
                     std::vector<Finding> &findings, uint64_t *work,
                     std::map<size_t, MergePair> *unproven) {
  Snapshot &base = *out.base.snapshot;
  std::optional<unsigned> only = out.base.index;
  std::vector<int> &functionOf = out.functionOf;
  functionOf.assign(findings.size(), -1);
  out.provenTogether.assign(findings.size(), false);
  out.keysOf.assign(findings.size(), {});
  std::map<std::pair<std::string, SourceRange>, Group> groups;
  bool grouped = false;
  std::vector<bool> fixedTogether(findings.size(), false);
  FixFinder finder(base, AnalysesPerFinding, work, out.base.file);
  finder.setWholeLeakRetry(in.wholeLeakRetry);
  // Leaks proven together first, per function; the others below, one by
  // one. Where the fixes are offered alone (not for `memlint fix`), only
  // those that hold alone by what the group proves (FixFinder::
  // leaksTogether's `alone`).
  // Uses after free and double frees likewise
  // (FixFinder::usesAfterFreeTogether, doubleFreesTogether).
  for (StringRef check : {"leak", "use-after-free", "double-free"}) {
    if (llvm::none_of(findings,
                      [&](const Finding &f) { return f.check == check; }))
      continue;
    if (!grouped) {
      groups = groupEvents(base, only);
      grouped = true;
    }
    std::map<unsigned, std::vector<std::pair<size_t, const Group *>>> byFn;
    for (auto [i, f] : llvm::enumerate(findings))
      if (f.check == check)
        if (auto it = groups.find({f.check, f.range}); it != groups.end())
          byFn[it->second.fn].push_back({i, &it->second});
    for (auto &[fn, entries] : byFn) {
      SmallVector<const Group *> list;
      for (auto &[i, g] : entries)
        list.push_back(g);
      bool alone = !in.leaksTogether;
      std::vector<std::optional<Fix>> fixes =
          check == "leak" ? finder.leaksTogether(fn, list, alone)
          : check == "use-after-free"
              ? finder.usesAfterFreeTogether(fn, list, alone)
              : finder.doubleFreesTogether(fn, list);
      for (auto [entry, fix] : llvm::zip(entries, fixes))
        if (fix) {
          findings[entry.first].fixes.push_back(std::move(*fix));
          functionOf[entry.first] = fn;
          out.provenTogether[entry.first] = in.leaksTogether;
          fixedTogether[entry.first] = true;
        }
    }
  }
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
    for (const Event &e : it->second.events)
      out.keysOf[i].push_back(keyOf(it->second.fn, e));
    if (fixedTogether[i])
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
  out.stats.starved |= finder.starved();
  out.stats.tried += finder.candidatesTried();
  out.stats.parsed += finder.candidatesParsed();
}

std::vector<FunctionFindings>
findingsByFunction(Snapshot &full, const std::vector<Finding> &findings,
                   unsigned threads) {
  constexpr unsigned NoFunction = ~0u;
  Document &doc = *full.doc;
  std::map<std::pair<std::string, SourceRange>, Group> groups;
  std::map<unsigned, std::vector<unsigned>> byFunction;
  // The function of each allocation a missed-reuse finding names, by its
  // range: one walk of the module, not one per finding, that keeps only
  // the ranges asked (a file has many more ops than findings). Functions
  // side by side (the walk was a tenth of `lint --format=json`'s fix
  // phase on 4,000 small functions, all on one thread); the first
  // function holding a range takes it, as in order.
  std::map<SourceRange, unsigned> allocFunction;
  for (const Finding &f : findings)
    if (isMergeCheck(f.check))
      allocFunction.try_emplace(f.range, NoFunction);
  if (!allocFunction.empty()) {
    const std::vector<FunctionOpInterface> &fns = full.lifetimes->functions();
    std::vector<std::vector<unsigned *>> found(fns.size());
    parallelFor(fns.size(), threads, [&](size_t fn) {
      fns[fn]->walk([&](Operation *inner) {
        if (inner->getNumResults() != 1 ||
            !isa<BaseMemRefType>(inner->getResult(0).getType()) ||
            !doc.opDef(inner))
          return;
        auto at = allocFunction.find(doc.rangeOf(inner));
        if (at != allocFunction.end())
          found[fn].push_back(&at->second);
      });
    });
    for (auto [fn, slots] : llvm::enumerate(found))
      for (unsigned *slot : slots)
        if (*slot == NoFunction)
          *slot = fn;
  }
  for (auto [i, f] : llvm::enumerate(findings)) {
    if (isMergeCheck(f.check)) {
      auto at = allocFunction.find(f.range);
      if (at == allocFunction.end() || at->second == NoFunction)
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
  std::vector<unsigned> withFindings;
  for (auto &entry : byFunction)
    withFindings.push_back(entry.first);
  // Per function with findings, its ops, or none if it nests too deep.
  std::vector<std::optional<uint64_t>> sizes(withFindings.size());
  parallelFor(withFindings.size(), threads, [&](size_t k) {
    uint64_t ops = 0;
    Operation *root = full.function(withFindings[k]).getOperation();
    unsigned deepest = deepestChain(root, [&](Operation *op) {
      ++ops;
      return op != root;
    });
    // Every candidate of such a function is parsed and destroyed, and
    // MLIR takes time quadratic in the nesting to destroy it (a 4,000-deep
    // scf.if nest: 8 s for one finding, 60 s and more in the editor's
    // quick fix at 9,000): it gets no fix rather than a stall.
    if (deepest <= MaxNestingForFixes)
      sizes[k] = ops;
  });
  std::vector<std::pair<uint64_t, unsigned>> order;
  for (auto [k, fn] : llvm::enumerate(withFindings))
    if (sizes[k])
      order.push_back({*sizes[k], fn});
  llvm::sort(order);
  std::vector<FunctionFindings> out;
  for (auto [ops, fn] : order)
    out.push_back({fn, ops, std::move(byFunction[fn])});
  return out;
}

/// The view of function `fn` through its window `w`.
static FunctionBase
viewFor(Snapshot &full, FunctionSlicer &slicer, unsigned fn, uint64_t ops,
        const FunctionSlicer::Window &w,
        std::shared_ptr<const ModuleLifetimes::SummaryMap> summaries,
        std::shared_ptr<MLIRContext> context) {
  FunctionBase b;
  // The window parses to the function, the declarations and the module.
  b.owned =
      viewThroughWindow(*full.doc, *full.lifetimes, fn, w.text, w.origin,
                        ops + 1, std::move(summaries), std::move(context));
  b.snapshot = b.owned.get();
  b.index = 0;
  b.file = slicer.symbols();
  return b;
}

/// Whether a window parses and verifies on its own.
static bool windowParses(const FunctionSlicer::Window &w,
                         const std::string &fileName,
                         std::shared_ptr<MLIRContext> context) {
  return parseSnapshot(w.text, fileName, nullptr, std::move(context),
                       /*threads=*/1, w.origin) != nullptr;
}

/// The base parsed from `text` (a window or slice of the file, after
/// starting at `origin`), function `fn` of the file found in it by its
/// place; none when it does not parse or lacks the function. Needs no
/// slicer but its symbol table.
static std::optional<FunctionBase>
parsedFrom(Snapshot &full, FunctionSlicer &slicer, unsigned fn,
           std::string text, TextOrigin origin,
           std::shared_ptr<const ModuleLifetimes::SummaryMap> summaries,
           std::shared_ptr<MLIRContext> context) {
  FunctionBase b;
  b.owned = parseSnapshot(std::move(text), full.doc->fileName(),
                          std::move(summaries), std::move(context),
                          /*threads=*/1, origin);
  if (!b.owned)
    return std::nullopt;
  SourceRange where = full.doc->rangeOf(full.function(fn));
  std::optional<unsigned> only;
  for (auto [i, f] : llvm::enumerate(b.owned->lifetimes->functions()))
    if (b.owned->doc->rangeOf(f) == where)
      only = i;
  if (!only)
    return std::nullopt;
  b.owned->sig = signatureOf(*b.owned->lifetimes, only);
  b.snapshot = b.owned.get();
  b.index = *only;
  b.file = slicer.symbols();
  b.owned->doc->module()->walk([&](Operation *) { ++b.parsedOps; });
  b.parsedOps = b.owned->parseWork(b.parsedOps);
  return b;
}

/// A parsed base for function `fn`: its window (unless `skipWindow`), else
/// its slice, else the module itself.
static FunctionBase
parsedBaseFor(Snapshot &full, FunctionSlicer &slicer, unsigned fn,
              std::shared_ptr<const ModuleLifetimes::SummaryMap> summaries,
              std::shared_ptr<MLIRContext> context, bool skipWindow) {
  if (!skipWindow)
    if (std::optional<FunctionSlicer::Window> w =
            slicer.windowFor(full.function(fn)))
      if (std::optional<FunctionBase> b =
              parsedFrom(full, slicer, fn, std::move(w->text), w->origin,
                         summaries, context))
        return std::move(*b);
  if (std::optional<std::string> slice = slicer.sliceFor(full.function(fn)))
    if (std::optional<FunctionBase> b =
            parsedFrom(full, slicer, fn, std::move(*slice), TextOrigin(),
                       summaries, context))
      return std::move(*b);
  // No slice (nothing to cut, or it does not verify on its own).
  FunctionBase b;
  b.owned = std::make_unique<Snapshot>();
  b.owned->doc = full.doc;
  b.owned->lifetimes = full.lifetimes;
  b.owned->sig = signatureOf(*full.lifetimes, fn);
  b.owned->context = std::move(context);
  b.snapshot = b.owned.get();
  b.index = fn;
  return b;
}

/// The search on a parsed slice (or the module itself): one at a time.
static FunctionSearch
searchOnSlice(Snapshot &full, FunctionSlicer &slicer, const SearchInput &in,
              std::vector<Finding> &findings, uint64_t *work,
              std::map<size_t, MergePair> *unproven, bool skipWindow) {
  FunctionSearch out;
  out.base =
      parsedBaseFor(full, slicer, in.fn, in.summaries, in.context, skipWindow);
  if (work)
    *work -= std::min(*work, out.base.parsedOps);
  attachTo(out, in, findings, work, unproven);
  return out;
}

FunctionSearch searchFunction(Snapshot &full, FunctionSlicer &slicer,
                              const SearchInput &in,
                              std::vector<Finding> &findings, uint64_t *work,
                              std::map<size_t, MergePair> *unproven,
                              bool serial) {
  FunctionSearch out;
  if (*in.window) {
    std::vector<Finding> original = findings;
    if (in.inCallCycle) {
      std::optional<FunctionBase> parsed =
          parsedFrom(full, slicer, in.fn, (*in.window)->text,
                     (*in.window)->origin, in.summaries, in.context);
      if (!parsed) {
        out.needsSerial = !serial;
        if (serial)
          out = searchOnSlice(full, slicer, in, findings, work, unproven,
                              /*skipWindow=*/true);
        return out;
      }
      out.base = std::move(*parsed);
      if (work)
        *work -= std::min(*work, out.base.parsedOps);
      attachTo(out, in, findings, work, unproven);
      return out;
    }
    out.base = viewFor(full, slicer, in.fn, in.ops, **in.window, in.summaries,
                       in.context);
    attachTo(out, in, findings, work, unproven);
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
  return searchOnSlice(full, slicer, in, findings, work, unproven,
                       /*skipWindow=*/in.window->has_value());
}

bool searchInParallel(Document &doc, unsigned threads, size_t functions) {
  return batchThreads(threads) > 1 && functions > 1 &&
         doc.context().isMultithreadingEnabled();
}

FileSearches::FileSearches(Snapshot &full, FunctionSlicer &slicer,
                           const std::vector<FunctionFindings> &byFunction,
                           unsigned threads)
    : byFunction(byFunction) {
  if (byFunction.empty())
    return;
  summaries = full.lifetimes->allSummaries();
  for (const FunctionFindings &f : byFunction)
    full.analysis(f.fn);
  cycles = full.lifetimes->inCallCycle();
  // A window reads its function's ops and text: on a file of thousands of
  // functions with findings, cutting them one after another took a tenth
  // of the JSON output's time.
  windows.resize(byFunction.size());
  parallelFor(byFunction.size(),
              searchInParallel(*full.doc, threads, byFunction.size()) ? threads
                                                                      : 1,
              [&](size_t k) {
                windows[k] = slicer.windowFor(full.function(byFunction[k].fn));
              });
}

SearchInput FileSearches::input(size_t k,
                                std::shared_ptr<MLIRContext> context) const {
  const FunctionFindings &f = byFunction[k];
  return {f.fn,        f.ops, &windows[k], summaries, std::move(context),
          cycles[f.fn]};
}

} // namespace fixsearch
} // namespace memlint
