//===- FixRun.cpp - memlint fix: fixes taken to a fixpoint ----------------===//
//
// `memlint fix` (fixText): rounds of the file, each linting it and taking,
// per function and on the function's window, the fixes that still only
// remove events together, then the merges (chains of them whole), until a
// function takes nothing more; a last round retries leaks (fixes/README).
// FixEngine.cpp attaches one proven fix per finding; this file takes them.
//
//===----------------------------------------------------------------------===//
#include "fixes/Fixes.h"

#include "analysis/Engine.h"
#include "analysis/WorkPool.h"
#include "fixes/FixSnapshot.h"
#include "fixes/FunctionSearch.h"
#include "fixes/FunctionSlice.h"
#include "fixes/MergeBuffers.h"
#include "fixes/SourceText.h"
#include "fixes/TakeMerges.h"
#include "fixes/TextEdits.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/STLExtras.h"
#include <chrono>
#include <functional>
#include <map>
#include <memory>
#include <numeric>
#include <optional>
#include <set>
#include <unordered_set>

using namespace mlir;

namespace memlint {

using namespace fixsearch;

namespace {
/// What one round of `memlint fix` takes in one function.
struct FunctionEdits {
  std::vector<TextEdit> edits;
  unsigned taken = 0;
  /// FixRunResult::analyses of this function's steps.
  uint64_t analyses = 0;
  /// A lifetime fix was taken (else only merges, or nothing).
  bool tookLifetimeFix = false;
  /// A fix was left for a next step: a lifetime fix that did not go with
  /// the ones taken, merges that waited for the lifetime fixes (or cross
  /// one taken), or a lifetime fix taken (it may let a buffer be reused).
  bool pending = false;
  /// The function's text with `edits`, parsed and analysed, when a proof
  /// did so already.
  std::unique_ptr<Snapshot> snapshot;
  /// Not searched: the search needs to run one at a time
  /// (FunctionSearch::needsSerial).
  bool needsSerial = false;
  /// The function's window text on which its last search took nothing
  /// (the text `edits` lead to), when one did.
  std::optional<std::string> settled;
};
} // namespace

/// The fixes of one function that one round of `memlint fix` takes:
/// searched, then taken one by one as long as together they still only
/// remove events, then merges where no lifetime fix touched the function.
static FunctionEdits fixFunctionOnce(Snapshot &cur, FunctionSlicer &slicer,
                                     const SearchInput &in,
                                     std::vector<Finding> mine,
                                     const std::string &fileName, bool unsafe,
                                     bool serial, FailedMerges &failedMerges) {
  FunctionEdits out;
  // Merges are proven below, together: one by one, each would re-analyse
  // the function once to be attached and once to be taken, quadratic in
  // the merges of a function.
  std::map<size_t, MergePair> mergePairs;
  FunctionSearch search = searchFunction(cur, slicer, in, mine,
                                         /*work=*/nullptr, &mergePairs, serial);
  if (search.needsSerial) {
    out.needsSerial = true;
    out.analyses = search.stats.tried;
    return out;
  }
  FunctionBase &base = search.base;
  Snapshot &b = *base.snapshot;
  std::vector<TextEdit> &edits = out.edits;
  out.analyses = search.stats.tried;
  auto analyze = [&](const std::vector<TextEdit> &trial) {
    std::optional<std::string> t = applyEdits(b.text(), trial, b.origin());
    out.analyses += t.has_value();
    return t ? analyzeText(*t, fileName, base.index, b.summaries, b.context,
                           b.origin())
             : nullptr;
  };
  // The fixes to take: per finding, its first usable fix whose edits fit
  // with those before.
  std::vector<const Fix *> picks;
  // Fixes proven only together with others (FixFinder::leaksTogether):
  // never taken without a proof of their own.
  llvm::DenseSet<const Fix *> together;
  llvm::DenseMap<const Fix *, size_t> findingOf;
  EditSpans spans(b.text(), b.origin());
  for (auto [i, f] : llvm::enumerate(mine)) {
    if (search.functionOf[i] < 0 || isMergeCheck(f.check))
      continue;
    bool usable = false, picked = false;
    for (const Fix &fix : f.fixes) {
      if ((!fix.safe && !unsafe) || fix.edits.empty())
        continue;
      usable = true;
      if (!spans.tryAdd(fix.edits))
        continue;
      picks.push_back(&fix);
      findingOf[&fix] = i;
      if (search.provenTogether[i])
        together.insert(&fix);
      picked = true;
      break;
    }
    // One that does not fit waits for a next step.
    out.pending |= usable && !picked;
  }
  // Taken in groups: a group whose fixes together leave nothing worse than
  // the fixes taken before it, and fewer events, is taken whole. Fixes of
  // different findings mostly free, move or guard different buffers and
  // go together: one analysis proves them all, where one by one would take
  // one per fix. In a group that does not hold, the fixes whose findings'
  // buffers (or origins) fare worse are tried one by one, then the rest
  // (a fix that frees a join may hurt another finding's buffer: that
  // buffer's own fix goes first); where that names none, the group is
  // split in halves, down to single fixes. The signature of the text with
  // `edits`: unknown (none) after a first fix taken alone, whose own search
  // proved it on this very text. What an event key is about: a buffer, or an
  // invalid free's origin.
  auto subjectOf = [](const EventKey &k) {
    bool origin = std::get<1>(k) == static_cast<int>(EventKind::InvalidFree);
    return std::make_pair(origin, std::get<2>(k));
  };
  // The fixes of `part` whose findings are about what `worse` names;
  // nullopt when some key of `worse` is about none of them.
  auto blamed = [&](llvm::ArrayRef<const Fix *> part,
                    const std::set<EventKey> &worse)
      -> std::optional<llvm::DenseSet<const Fix *>> {
    llvm::DenseSet<const Fix *> out;
    for (const EventKey &w : worse) {
      bool named = false;
      for (const Fix *fix : part)
        for (const EventKey &k : search.keysOf[findingOf[fix]])
          if (subjectOf(k) == subjectOf(w)) {
            out.insert(fix);
            named = true;
          }
      if (!named)
        return std::nullopt;
    }
    return out;
  };
  std::optional<Signature> accepted = b.sig;
  bool touched = false;
  std::function<void(llvm::ArrayRef<const Fix *>)> take =
      [&](llvm::ArrayRef<const Fix *> part) {
        if (part.empty())
          return;
        if (edits.empty() && part.size() == 1 &&
            !together.count(part.front())) {
          edits = part.front()->edits;
          accepted.reset();
          touched = true;
          ++out.taken;
          return;
        }
        if (!accepted) {
          std::unique_ptr<Snapshot> s = analyze(edits);
          if (!s)
            return; // cannot happen: the fix was proven on this text
          accepted = b.sig;
          accepted->update(s->sig);
        }
        std::vector<TextEdit> trial = edits;
        for (const Fix *fix : part)
          trial.insert(trial.end(), fix->edits.begin(), fix->edits.end());
        std::unique_ptr<Snapshot> s = analyze(trial);
        if (s && better(accepted->of(base.index), s->sig)) {
          edits = std::move(trial);
          accepted->update(s->sig);
          touched = true;
          out.taken += part.size();
          return;
        }
        if (part.size() == 1) {
          out.pending = true; // it may go on top of the others next step
          return;
        }
        std::optional<std::set<EventKey>> worse;
        if (s)
          worse = worseKeys(accepted->of(base.index), s->sig);
        s.reset(); // not kept while the others are proven
        if (worse && !worse->empty())
          if (std::optional<llvm::DenseSet<const Fix *>> culprits =
                  blamed(part, *worse);
              culprits && culprits->size() < part.size()) {
            std::vector<const Fix *> rest, apart;
            for (const Fix *fix : part)
              (culprits->count(fix) ? apart : rest).push_back(fix);
            for (const Fix *fix : apart)
              take(fix);
            take(rest);
            return;
          }
        take(part.take_front(part.size() / 2));
        take(part.drop_front(part.size() / 2));
      };
  take(picks);
  // Then merges, where no lifetime fix changed the function this round
  // (their proof compares with the function as this round found it).
  unsigned crossing = 0;
  out.tookLifetimeFix = touched;
  if (touched)
    failedMerges.clear();
  else
    out.taken +=
        takeMerges(b, base.index, fileName, mergePairs, edits, &crossing,
                   &out.snapshot, &out.analyses, failedMerges);
  out.pending |= touched || crossing > 0;
  return out;
}

/// fixFunctionOnce, then again on the function's edited window until it
/// takes nothing more (at most `maxRounds` in all): a function's fixes
/// change no other function (their proofs keep its summary), so it reaches
/// its own fixpoint without the file being parsed and linted again per
/// step (a chain of merges takes a step per link). The edits are the
/// difference between the window and its last text.
static FunctionEdits fixFunction(Snapshot &cur, FunctionSlicer &slicer,
                                 const SearchInput &in,
                                 std::vector<Finding> mine,
                                 const std::string &fileName,
                                 const LintOptions &opts, bool unsafe,
                                 bool serial, unsigned maxRounds) {
  FailedMerges failedMerges;
  FunctionEdits out = fixFunctionOnce(cur, slicer, in, std::move(mine),
                                      fileName, unsafe, serial, failedMerges);
  if (!out.needsSerial && out.taken == 0 && *in.window)
    out.settled = (*in.window)->text;
  if (out.needsSerial || out.taken == 0 || !out.pending || !*in.window) {
    // The file's round keeps every function's result until all are done:
    // not their parses.
    out.snapshot.reset();
    return out;
  }
  const FunctionSlicer::Window &w = **in.window;
  std::optional<std::string> text = applyEdits(w.text, out.edits, w.origin);
  if (!text)
    return out;
  LintOptions keep = opts;
  keep.releaseAnalyses = false;
  keep.threads = 1;
  std::unique_ptr<Snapshot> s = std::move(out.snapshot);
  bool tookLifetimeFix = out.tookLifetimeFix;
  for (unsigned round = 1; round < maxRounds; ++round) {
    // The last merges' proof parsed this very text: no need to again.
    if (!s || s->text() != *text) {
      s = parseSnapshot(*text, fileName, in.summaries, in.context,
                        /*threads=*/1, w.origin);
      ++out.analyses;
    }
    if (!s)
      break;
    std::vector<Finding> findings = lintDocument(*s->doc, keep, *s->lifetimes);
    std::vector<FunctionFindings> byFunction = findingsByFunction(*s, findings);
    if (byFunction.size() != 1)
      break;
    const FunctionFindings &f = byFunction.front();
    // The window's own slicer: this search alone reads it.
    FunctionSlicer inner(*s->doc);
    std::optional<FunctionSlicer::Window> window =
        inner.windowFor(s->function(f.fn));
    // After a step that took merges only, only merges are searched: the
    // lifetime findings were searched on the text before it (the step
    // took no fix of theirs), and a merge keeps every event of every
    // buffer, touching only the ops of its two (MergeBuffers.h), so the
    // searches would fail again, each at the cost of all its candidates.
    std::vector<Finding> again;
    for (unsigned i : f.indices)
      if (tookLifetimeFix || isMergeCheck(findings[i].check))
        again.push_back(findings[i]);
    FunctionEdits more = fixFunctionOnce(
        *s, inner,
        // The window's analysis had every summary preset, as its
        // candidates' have: viewing it is right even in a call cycle.
        {f.fn, f.ops, &window, in.summaries, in.context,
         /*inCallCycle=*/false, /*wholeLeakRetry=*/false,
         /*leaksTogether=*/true},
        std::move(again), fileName, unsafe, /*serial=*/true, failedMerges);
    out.analyses += more.analyses;
    if (!more.taken) {
      out.settled = *text;
      break;
    }
    std::optional<std::string> next = applyEdits(*text, more.edits, w.origin);
    if (!next)
      break;
    text = std::move(next);
    out.taken += more.taken;
    tookLifetimeFix = more.tookLifetimeFix;
    if (!more.pending)
      break;
    s = std::move(more.snapshot);
  }
  out.edits = editsBetween(w.text, *text, w.origin);
  return out;
}

FixRunResult fixText(const std::string &text, const std::string &fileName,
                     const LintOptions &opts, bool unsafe, unsigned maxRounds) {
  FixRunResult result;
  using Clock = std::chrono::steady_clock;
  auto secondsSince = [](Clock::time_point since) {
    return std::chrono::duration<double>(Clock::now() - since).count();
  };
  result.text = text;
  ContextPool contexts;
  // Window texts of functions whose search took nothing there, for the
  // usual search and for the last resort: a later round that finds a
  // function's window as it was does not search it again. Its search
  // would read the same text with the same callee summaries (no fix
  // changes what callers see of its function), so it would take nothing
  // again; not searching it keeps rounds after the first at the cost of
  // the functions they change. (A text the last resort settled is settled
  // for the usual search too: the last resort tries that search first.)
  std::unordered_set<std::string> settled, settledLastResort;
  // The findings of the fixed text, when the last round linted it.
  std::optional<std::vector<Finding>> remaining;
  for (unsigned round = 0; round < maxRounds; ++round) {
    Clock::time_point roundStart = Clock::now();
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
        findingsByFunction(*cur, findings, opts.threads);
    result.fileSeconds += secondsSince(roundStart);
    Clock::time_point searchStart = Clock::now();
    // Each function's fixes are searched, taken and proven on its window
    // (an edit inside a function changes no other function's analysis
    // while its summary stays the same, which the proofs check), so a
    // round costs about a lint plus the work of the fixes, not the file
    // per fix; functions side by side where the file's context allows.
    // The edits of all functions are applied together, in order.
    FunctionSlicer slicer(*cur->doc);
    FileSearches searches(*cur, slicer, byFunction, opts.threads);
    auto fixOne = [&](size_t k, bool serial, bool wholeLeakRetry) {
      std::shared_ptr<MLIRContext> context = contexts.acquire();
      const FunctionFindings &f = byFunction[k];
      std::vector<Finding> mine;
      for (unsigned i : f.indices)
        mine.push_back(findings[i]);
      SearchInput in = searches.input(k, context);
      in.wholeLeakRetry = wholeLeakRetry;
      in.leaksTogether = true;
      FunctionEdits e = fixFunction(*cur, slicer, in, std::move(mine), fileName,
                                    opts, unsafe, serial, maxRounds);
      contexts.release(std::move(context));
      return e;
    };
    std::vector<TextEdit> combined;
    unsigned taken = 0;
    auto searchAll = [&](bool wholeLeakRetry) {
      // A last-resort search only where a leak is left; neither where the
      // same search took nothing on the same text.
      std::unordered_set<std::string> &done =
          wholeLeakRetry ? settledLastResort : settled;
      std::vector<bool> searched(byFunction.size(), true);
      for (size_t k = 0; k < byFunction.size(); ++k) {
        if (wholeLeakRetry)
          searched[k] = llvm::any_of(byFunction[k].indices, [&](unsigned i) {
            return findings[i].check == "leak";
          });
        const std::optional<FunctionSlicer::Window> *w =
            searches.input(k, nullptr).window;
        if (*w && done.count((*w)->text))
          searched[k] = false;
      }
      std::vector<FunctionEdits> perFunction(byFunction.size());
      parallelFor(byFunction.size(),
                  searchInParallel(*cur->doc, opts.threads, byFunction.size())
                      ? opts.threads
                      : 1,
                  [&](size_t k) {
                    if (searched[k])
                      perFunction[k] =
                          fixOne(k, /*serial=*/false, wholeLeakRetry);
                  });
      for (size_t k = 0; k < byFunction.size(); ++k) {
        if (perFunction[k].needsSerial) {
          result.analyses += perFunction[k].analyses;
          perFunction[k] = fixOne(k, /*serial=*/true, wholeLeakRetry);
        }
        if (std::optional<std::string> &text = perFunction[k].settled) {
          if (wholeLeakRetry)
            settledLastResort.insert(*text);
          settled.insert(std::move(*text));
        }
        combined.insert(combined.end(), perFunction[k].edits.begin(),
                        perFunction[k].edits.end());
        taken += perFunction[k].taken;
        result.analyses += perFunction[k].analyses;
      }
    };
    searchAll(/*wholeLeakRetry=*/false);
    // Leaks the usual search left may still have a fix that ends them at
    // once (FixFinder::setWholeLeakRetry): searched for in this last
    // resort only, so that where the usual search succeeds its fixes stay.
    if (taken == 0)
      searchAll(/*wholeLeakRetry=*/true);
    result.searchSeconds += secondsSince(searchStart);
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
  // Every round took fixes (a round that takes none, or whose edits do
  // not apply, keeps its findings as `remaining`).
  result.stoppedAtRoundLimit =
      !remaining && result.inputValid && result.rounds == maxRounds;
  if (remaining) {
    result.remaining = std::move(*remaining);
  } else if (result.inputValid) {
    Clock::time_point start = Clock::now();
    std::unique_ptr<Document> doc = Document::parse(result.text, fileName);
    if (doc->isValid())
      result.remaining = lintDocument(*doc, opts);
    result.fileSeconds += secondsSince(start);
  }
  return result;
}

} // namespace memlint
