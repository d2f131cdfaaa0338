//===- MergeBuffers.h - The missed-reuse fix: merge two buffers -*- C++ -*-===//
//
// A `missed-reuse` finding names two buffers of one function: an earlier one,
// freed exactly once, and a later one allocated after that free on every
// path. The fix lets the later allocation take the earlier buffer: the
// later `alloc` goes, every use of the later SSA value is renamed to the
// earlier one, and the earlier buffer's free goes, so the later buffer's
// frees (uses, renamed) now free the earlier buffer. One allocation fewer,
// the same computation.
//
// This file proposes the edits and says what re-analysis of the edited
// function must show; FixFinder.cpp and FixRun.cpp run the re-analysis. A merge
// removes a buffer, which renumbers the analysis's buffers, so the proof
// compares events by the SSA names of their buffers rather than by index.
//
//===----------------------------------------------------------------------===//
#ifndef MEMLINT_FIXES_MERGEBUFFERS_H
#define MEMLINT_FIXES_MERGEBUFFERS_H

#include "analysis/LifetimeAnalysis.h"
#include "analysis/LiveRanges.h"
#include "fixes/FreePlacement.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace memlint {

/// The ops of a `missed-reuse` finding, as the check anchors them.
struct MergePair {
  mlir::Operation *earlierAlloc = nullptr;
  mlir::Operation *earlierFree = nullptr;
  mlir::Operation *laterAlloc = nullptr;
};

/// Edits that make the later allocation of `pair` reuse the earlier buffer
/// (see the file comment), or nullopt where that is not plainly right:
/// the types differ (another type of the same size would need a
/// `memref.view` of an `i8` buffer: not offered), the allocating ops differ
/// in name or attributes (alignment, gpu.alloc flags), the earlier
/// allocation does not dominate the later one, the earlier buffer has any
/// free besides `earlierFree` or that free frees anything else, the later
/// buffer is never freed, or a use of the later value has no exact source
/// range. `la` is the analysis of the function holding the pair.
std::optional<std::vector<TextEdit>> mergeBufferEdits(const SourceText &src,
                                                      LifetimeAnalysis &la,
                                                      const LiveRanges &ranges,
                                                      const MergePair &pair);

/// The edits of the merges of `chain` taken at once, where each pair's
/// earlier buffer is the one before's later buffer (`%b` could reuse `%a`,
/// `%c` could reuse `%b`): every later allocation and every earlier free
/// goes, and every later value's uses are renamed to the first earlier
/// buffer, so one buffer serves them all. Nullopt where a pair's own merge
/// would be (mergeBufferEdits). A chain's merges together remove as many
/// buffers as it has pairs; taken one link at a time, each link would wait
/// for the analysis of the one before.
std::optional<std::vector<TextEdit>>
mergeChainEdits(const SourceText &src, LifetimeAnalysis &la,
                const LiveRanges &ranges, llvm::ArrayRef<MergePair> chain);

/// What a merge must keep of one function's analysis, with events keyed by
/// (kind, SSA name of the buffer or, for an invalid free, of its origin):
/// names survive the merge (only the later value's name disappears, and it
/// had no events), buffer indices do not.
struct MergeProofState {
  bool gaveUp = false;
  std::vector<bool> fresh;   // FunctionSummary::fresh
  std::vector<std::optional<bool>> constant; // FunctionSummary::constant
  unsigned buffers = 0; // allocations (an earlier iteration's instance of a
                        // loop allocation is not counted again)
  std::set<std::string> untracked;
  std::map<std::pair<int, std::string>, unsigned> counts;
  std::map<std::pair<int, std::string>, double> mass;
};

MergeProofState mergeProofStateOf(LifetimeAnalysis &la, const Document &doc);
/// The same, with names from `nameOf`.
MergeProofState mergeProofStateOf(LifetimeAnalysis &la,
                                  const ValueNamer &nameOf);

/// `after` is `before` with `merged` buffers fewer and nothing worse: the
/// analysis did not give up, callers see the same function, no buffer
/// became untracked, and no (kind, name) has more events or events on more
/// paths.
bool mergeKeeps(const MergeProofState &before, const MergeProofState &after,
                unsigned merged);

/// The SSA names of the buffers (or invalid frees' origins) that fare
/// worse in `after` than in `before` (more events of a kind, events on
/// more paths, no longer tracked); empty exactly when mergeKeeps holds.
/// Nullopt when what fails is not one buffer's: the analysis gave up,
/// callers see another function, or not `merged` buffers went.
std::optional<std::set<std::string>>
mergeWorsened(const MergeProofState &before, const MergeProofState &after,
              unsigned merged);

/// Proves merges together, by their indices in the caller's list:
/// `worsened(part)` analyses the merges of `part` applied together and
/// names the buffers that fare worse (mergeWorsened: empty when the group
/// holds, none when what fails is no one buffer's); `accept(part)` takes a
/// group that holds, right after its analysis. A group that fails drops
/// the merges whose buffers (`namesOf`: earlier, later) fare worse, which
/// fail alone too, and is proven again; one that fails for no buffer is
/// split in halves, down to single merges. So k merges cost one analysis
/// when they all hold. `stop` (optional) ends the proof (out of work).
void proveMergesTogether(
    llvm::ArrayRef<size_t> part,
    llvm::function_ref<std::optional<std::set<std::string>>(
        llvm::ArrayRef<size_t>)>
        worsened,
    llvm::function_ref<void(llvm::ArrayRef<size_t>)> accept,
    llvm::function_ref<std::pair<std::string, std::string>(size_t)> namesOf,
    llvm::function_ref<bool()> stop = nullptr);

} // namespace memlint

#endif
