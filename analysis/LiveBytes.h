//===- LiveBytes.h - Bytes in use at each program point ---------*- C++ -*-===//
//
// The bytes of the buffers live at each program point of a function
// (LiveRanges' points), counting the buffers of a static size, with whether
// a buffer of a size memlint cannot tell is live there too; a range of
// points can take more bytes (a buffer that would live longer), and the
// most bytes over a range is asked in logarithmic time. `missed-reuse`
// suggests only merges under which no point takes more than the function's
// peak did.
//
//===----------------------------------------------------------------------===//
#ifndef MEMLINT_ANALYSIS_LIVEBYTES_H
#define MEMLINT_ANALYSIS_LIVEBYTES_H

#include "analysis/LiveRanges.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include <cstdint>
#include <vector>

namespace memlint {

class LiveBytes {
public:
  /// Over the ranges `counted` says (all of them by default): the buffers
  /// of one heap, whose peak is what a reuse within it may raise.
  /// Each size is rounded up to `alignment`, as a plan places buffers at
  /// its multiples (the padding a plan's lower bound counts, but for the
  /// topmost buffer's).
  explicit LiveBytes(
      const LiveRanges &ranges, int64_t alignment = 1,
      llvm::function_ref<bool(const LiveRange &)> counted = nullptr);
  /// `bytes` rounded up to the alignment.
  int64_t aligned(int64_t bytes) const;

  /// The most bytes live at one point, before any add().
  int64_t peak() const { return initialPeak; }
  /// The most bytes live at a point of [lo, hi] (inclusive).
  int64_t maxIn(unsigned lo, unsigned hi) const;
  /// Whether a buffer of a size memlint cannot tell (or too large to add
  /// up) is live at some point of [lo, hi].
  bool unsizedLiveIn(unsigned lo, unsigned hi) const;
  /// `bytes` more live at every point of [lo, hi].
  void add(unsigned lo, unsigned hi, int64_t bytes);

private:
  void add(unsigned node, unsigned nodeLo, unsigned nodeHi, unsigned lo,
           unsigned hi, int64_t bytes);
  int64_t maxIn(unsigned node, unsigned nodeLo, unsigned nodeHi, unsigned lo,
                unsigned hi) const;
  void build(unsigned node, unsigned lo, unsigned hi,
             const std::vector<int64_t> &bytesAt);

  unsigned points;
  int64_t alignment;
  int64_t initialPeak = 0;
  /// A segment tree: the maximum of each node's points, and what was added
  /// to all of them and not yet pushed to its children.
  std::vector<int64_t> maxOf, pending;
  /// Points at or before each point where an unsized buffer is live.
  std::vector<unsigned> unsizedBefore;
};

} // namespace memlint

#endif
