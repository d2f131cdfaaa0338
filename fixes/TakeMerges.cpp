//===- TakeMerges.cpp - memlint fix: a function's merges taken ------------===//
#include "fixes/TakeMerges.h"

#include "fixes/SourceText.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include <deque>
#include <numeric>

using namespace mlir;

namespace memlint {

using namespace fixsearch;
/// The pairs of `pairs` linked into chains, in order: a pair whose earlier
/// buffer is a chain's last later buffer extends it, one whose later buffer
/// is a chain's first earlier buffer starts it. A pair that shares a
/// buffer with a chain otherwise (two later buffers could reuse one
/// earlier) is left in `rest`.
static std::vector<std::vector<MergePair>>
mergeChains(const std::map<size_t, MergePair> &pairs,
            std::vector<MergePair> &rest) {
  std::vector<std::deque<MergePair>> chains;
  llvm::DenseMap<Operation *, size_t> endingAt, startingAt;
  llvm::DenseSet<Operation *> inChain;
  for (auto &[i, pair] : pairs) {
    Operation *earlier = pair.earlierAlloc, *later = pair.laterAlloc;
    if (auto it = endingAt.find(earlier);
        it != endingAt.end() && !inChain.count(later)) {
      size_t c = it->second;
      endingAt.erase(it);
      chains[c].push_back(pair);
      endingAt[later] = c;
      inChain.insert(later);
    } else if (auto it = startingAt.find(later);
               it != startingAt.end() && !inChain.count(earlier)) {
      size_t c = it->second;
      startingAt.erase(it);
      chains[c].push_front(pair);
      startingAt[earlier] = c;
      inChain.insert(earlier);
    } else if (!inChain.count(earlier) && !inChain.count(later)) {
      endingAt[later] = startingAt[earlier] = chains.size();
      chains.emplace_back(1, pair);
      inChain.insert(earlier);
      inChain.insert(later);
    } else {
      rest.push_back(pair);
    }
  }
  std::vector<std::vector<MergePair>> out;
  for (std::deque<MergePair> &c : chains)
    out.emplace_back(c.begin(), c.end());
  return out;
}

unsigned takeMerges(Snapshot &base, unsigned fn, const std::string &fileName,
                    const std::map<size_t, MergePair> &allPairs,
                    std::vector<TextEdit> &combined, unsigned *crossing,
                    std::unique_ptr<Snapshot> *proven, uint64_t *analyses,
                    FailedMerges &memo) {
  auto nameOf = [&](Operation *alloc) {
    return base.doc->nameOf(alloc->getResult(0));
  };
  std::map<size_t, MergePair> pairs;
  for (auto &[i, pair] : allPairs)
    if (!memo.known(nameOf(pair.earlierAlloc), nameOf(pair.laterAlloc)))
      pairs.emplace(i, pair);
  if (pairs.empty())
    return 0;
  // A candidate: a chain of merges, with the names of its first earlier and
  // last later buffers (a chain's other buffers take the first one's name,
  // so events that fare worse name one of these two).
  struct Candidate {
    std::vector<MergePair> chain;
    std::vector<TextEdit> edits;
    std::string earlier, later;
  };
  SourceText src(*base.doc);
  LifetimeAnalysis &la = base.analysis(fn);
  LiveRanges ranges(la);
  MergeProofState before = mergeProofStateOf(la, *base.doc);
  unsigned merged = 0;
  // Proves `chains` (in order, those whose edits fit with `combined` and
  // with each other, sharing no allocation) and takes those that hold;
  // returns the chains not taken.
  auto prove = [&](const std::vector<std::vector<MergePair>> &chains) {
    std::vector<std::vector<MergePair>> failed;
    std::vector<Candidate> group;
    EditSpans spans(base.text(), base.origin());
    spans.tryAdd(combined);
    llvm::DenseSet<Operation *> touched;
    for (const std::vector<MergePair> &chain : chains) {
      std::optional<std::vector<TextEdit>> edits =
          mergeChainEdits(src, la, ranges, chain);
      if (!edits || edits->empty()) {
        failed.push_back(chain);
        continue;
      }
      bool shares = llvm::any_of(chain, [&](const MergePair &p) {
        return touched.count(p.earlierAlloc) || touched.count(p.laterAlloc);
      });
      if (shares || !spans.tryAdd(*edits)) {
        *crossing += chain.size();
        continue;
      }
      for (const MergePair &p : chain) {
        touched.insert(p.earlierAlloc);
        touched.insert(p.laterAlloc);
      }
      group.push_back({chain, std::move(*edits),
                       nameOf(chain.front().earlierAlloc),
                       nameOf(chain.back().laterAlloc)});
    }
    // The last group analysed: its edits on top of `combined`, its parse.
    std::vector<TextEdit> trial;
    std::unique_ptr<Snapshot> last;
    std::vector<bool> taken(group.size(), false);
    auto worsened = [&](llvm::ArrayRef<size_t> part)
        -> std::optional<std::set<std::string>> {
      trial = combined;
      unsigned links = 0;
      for (size_t c : part) {
        trial.insert(trial.end(), group[c].edits.begin(), group[c].edits.end());
        links += group[c].chain.size();
      }
      std::optional<std::string> t =
          applyEdits(base.text(), trial, base.origin());
      *analyses += t.has_value();
      last = t ? analyzeText(*t, fileName, fn, base.summaries, base.context,
                             base.origin())
               : nullptr;
      if (!last)
        return std::nullopt;
      return mergeWorsened(before,
                           mergeProofStateOf(last->analysis(fn), *last->doc),
                           merged + links);
    };
    auto accept = [&](llvm::ArrayRef<size_t> part) {
      combined = std::move(trial);
      for (size_t c : part) {
        merged += group[c].chain.size();
        taken[c] = true;
        for (const MergePair &p : group[c].chain)
          memo.taken(nameOf(p.earlierAlloc), nameOf(p.laterAlloc));
      }
      *proven = std::move(last); // the text with every merge taken so far
    };
    auto namesOf = [&](size_t c) {
      return std::make_pair(group[c].earlier, group[c].later);
    };
    std::vector<size_t> all(group.size());
    std::iota(all.begin(), all.end(), 0);
    proveMergesTogether(all, worsened, accept, namesOf);
    for (size_t c = 0; c < group.size(); ++c)
      if (!taken[c])
        failed.push_back(std::move(group[c].chain));
    return failed;
  };
  std::vector<MergePair> rest;
  std::vector<std::vector<MergePair>> failed = prove(mergeChains(pairs, rest));
  *crossing += rest.size();
  // The links of chains that failed (or had no edits), each on its own.
  std::vector<std::vector<MergePair>> links;
  auto failedAlone = [&](const std::vector<MergePair> &chain) {
    memo.failed(nameOf(chain.front().earlierAlloc),
                nameOf(chain.front().laterAlloc));
  };
  for (const std::vector<MergePair> &chain : failed) {
    if (chain.size() == 1)
      failedAlone(chain);
    else
      for (const MergePair &p : chain)
        links.push_back({p});
  }
  for (const std::vector<MergePair> &link : prove(links))
    failedAlone(link);
  return merged;
}
} // namespace memlint
