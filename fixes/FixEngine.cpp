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
#include "fixes/FixSnapshot.h"
#include "fixes/FunctionSearch.h"
#include "fixes/FunctionSlice.h"
#include "llvm/ADT/STLExtras.h"
#include <atomic>
#include <memory>
#include <optional>
#include <vector>

using namespace mlir;

namespace memlint {

using namespace fixsearch;

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
  std::vector<FunctionFindings> byFunction =
      findingsByFunction(full, findings, threads);
  if (byFunction.empty())
    return true;
  FunctionSlicer slicer(doc);
  FileSearches searches(full, slicer, byFunction, threads);
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
        full, slicer, searches.input(k, context), out.findings,
        work ? &left : nullptr, /*unproven=*/nullptr, serial);
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

} // namespace memlint
