//===- TakeMerges.h - memlint fix: a function's merges taken ---*- C++ -*-===//
//
// The `missed-reuse` merges one step of `memlint fix` takes in a function
// (FixRun.cpp): chains of them whole, proven together, and what failed
// alone remembered for the function's next steps.
//
//===----------------------------------------------------------------------===//
#ifndef MEMLINT_FIXES_TAKEMERGES_H
#define MEMLINT_FIXES_TAKEMERGES_H

#include "fixes/FixSnapshot.h"
#include "fixes/MergeBuffers.h"
#include "fixes/TextEdits.h"
#include "llvm/ADT/STLExtras.h"
#include <cstdint>
#include <map>
#include <memory>
#include <set>
#include <string>
#include <vector>

namespace memlint {

/// Merges, by the names of their earlier and later buffers, that failed on
/// their own in an earlier step of a function's fixpoint (fixFunction). A
/// merge edits only the ops of its two buffers and its proof reads their
/// events only (MergeBuffers.h), so it would fail again, at the cost of an
/// analysis of the function per step, as long as no merge taken since
/// involved either buffer and no lifetime fix changed the function.
class FailedMerges {
public:
  void failed(const std::string &earlier, const std::string &later) {
    pairs.insert({earlier, later});
  }
  void taken(const std::string &earlier, const std::string &later) {
    for (auto it = pairs.begin(); it != pairs.end();)
      it = llvm::is_contained({it->first, it->second}, earlier) ||
                   llvm::is_contained({it->first, it->second}, later)
               ? pairs.erase(it)
               : std::next(it);
  }
  bool known(const std::string &earlier, const std::string &later) const {
    return pairs.count({earlier, later});
  }
  void clear() { pairs.clear(); }

private:
  std::set<std::pair<std::string, std::string>> pairs;
};

/// The merges of `pairs` (the missed-reuse findings of function `fn` of
/// `base`, by finding index) that can be taken on top of `combined` (edits
/// of that function), added to it; returns how many. Chains of merges
/// (`%b` could reuse `%a`, `%c` could reuse `%b`) are taken whole
/// (mergeChainEdits): this is the fix of the whole text, whose proof is
/// all that counts, not of one finding (FixFinder::mergesFor keeps to
/// merges of disjoint buffers, which are proven one by one in effect).
/// Candidates whose edits do not overlap are proven together
/// (proveMergesTogether): they must, together, remove one buffer per merge
/// and keep every event (MergeBuffers.h). The merges of a chain that fails
/// are tried again as pairs of disjoint buffers, as FixFinder does. Merges
/// that `memo` knows to fail are not tried; those that fail alone go there.
unsigned takeMerges(fixsearch::Snapshot &base, unsigned fn,
                    const std::string &fileName,
                    const std::map<size_t, MergePair> &allPairs,
                    std::vector<TextEdit> &combined, unsigned *crossing,
                    std::unique_ptr<fixsearch::Snapshot> *proven,
                    uint64_t *analyses, FailedMerges &memo);

} // namespace memlint

#endif
