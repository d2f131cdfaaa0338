//===- ExactSearch.h - Branch and bound over canonical plans ----*- C++ -*-===//
//
// Internal to the planner library. An exact search in the style of
// MiniMalloc (Moffitt, ASPLOS 2023): it only builds "canonical" plans, where
// buffers are placed in order of non-decreasing offset and each one rests
// directly on a buffer below it or on the bottom of the arena. Every plan
// can be pushed down into such a form without growing, so searching them
// alone still finds a plan whenever one exists, in a far smaller space.
//
// Time is cut into sections: the intervals between consecutive live range
// end points, in which the set of live buffers does not change. Bounds and
// the split into independent parts work on sections.
//
//===----------------------------------------------------------------------===//
#ifndef MEMLINT_ANALYSIS_PLANNER_EXACTSEARCH_H
#define MEMLINT_ANALYSIS_PLANNER_EXACTSEARCH_H

#include "analysis/planner/FailureCache.h"
#include "analysis/planner/Planner.h"

#include <chrono>
#include <cstdint>
#include <limits>
#include <utility>
#include <vector>

namespace memlint {
namespace planner {

using Clock = std::chrono::steady_clock;

struct SearchResult {
  /// A plan with peak <= the capacity asked for was found; `offsets` (one per
  /// input buffer) and `peak` describe it.
  bool found = false;
  std::vector<int64_t> offsets;
  int64_t peak = 0;
  /// The search ran to its end: when nothing was found, no plan fits.
  bool exhausted = false;
  /// Search nodes visited, for tuning and the benchmark.
  uint64_t nodes = 0;
};

class ExactSearch {
public:
  ExactSearch(const std::vector<Buffer> &buffers, int64_t alignment);

  /// How candidates are ordered: by the time they and the candidates after
  /// them can cover. It steers which plans are found first, never which
  /// ones exist.
  struct Ordering {
    /// Above 1 favours long buffers.
    double exponent = 1.0;
    /// Above 0, a section's time counts less the more free bytes it has:
    /// time / (1 + slack / (slackScale * capacity)).
    double slackScale = 0.0;
    /// Unless 0, each buffer's worth is scaled by a pseudo-random factor in
    /// [0.7, 1.3) drawn from this seed.
    uint64_t seed = 0;
  };
  void setOrdering(const Ordering &how);

  /// Looks for a plan with peak <= `capacity`, giving up at `deadline` or
  /// after visiting `maxNodes` nodes. What one run learns about dead ends
  /// speeds up later runs with the same or a smaller capacity.
  SearchResult run(int64_t capacity, Clock::time_point deadline,
                   uint64_t maxNodes = UINT64_MAX);

private:
  void computeWeights();
  bool solve(int32_t firstSec, int32_t endSec);
  /// Pushes onto `parts` the independent parts of sections [firstSec,
  /// endSec): runs joined by a buffer live across their boundaries,
  /// skipping sections with nothing left to place.
  void pushIndependentParts(int32_t firstSec, int32_t endSec);
  /// What one level of the search sees of the unplaced buffers.
  struct LevelScan {
    /// Memo key of the search state below this level.
    uint64_t key = 0;
    /// The lowest and next lowest offsets a buffer can rest at.
    int64_t low = std::numeric_limits<int64_t>::max();
    int64_t next = std::numeric_limits<int64_t>::max();
    int64_t minLowest = std::numeric_limits<int64_t>::max();
    int64_t maxLowest = 0;
  };
  /// Fills `scan` and each unplaced buffer's `lowest`; false when this
  /// state cannot lead to a plan (or a better one than another branch).
  bool scanLevel(int32_t firstSec, int32_t endSec, LevelScan &scan);
  /// scanLevel's work on the unplaced buffer k.
  bool scanBuffer(int32_t k, LevelScan &scan);
  /// Solves parts[base..] one after the other.
  bool solveEach(size_t base);
  bool boundFails(int32_t firstSec, int32_t endSec, int64_t minLowest,
                  int64_t maxLowest);
  void orderCandidates(size_t first);
  void place(int32_t k, int64_t at);
  /// Undoes place()'s per-section counts; the trail restores the rest.
  void unplace(int32_t k);
  int64_t hashSky(int32_t k, int64_t at) const;
  void set(int64_t &slot, int64_t value);
  void undoTo(size_t trailSize);

  // Per buffer that occupies memory, sorted by first section, so the
  // buffers starting in a range of sections are a range of indices. That
  // index is also the rank that orders buffers sharing an offset: at one
  // offset, buffers are placed from left to right in time.
  std::vector<size_t> inputIndex;
  std::vector<int64_t> size, rounded;
  std::vector<double> sectionLength; // in time
  Ordering ordering;
  std::vector<double> weight;                    // per buffer, from `ordering`
  std::vector<int32_t> firstSection, endSection; // [first, end) sections
  std::vector<std::vector<int32_t>> conflicts;   // live at a common point
  size_t numWords = 0;                // 64-bit words in a set of buffers
  std::vector<uint64_t> conflictBits; // conflicts[k] as bits, numWords each
  std::vector<std::pair<int32_t, int32_t>> conflictWords; // [first, end)
                                                          // nonzero words
  std::vector<int32_t> firstStartingIn;   // per section s: first buffer with
                                          // firstSection >= s
  std::vector<int32_t> cover, coverBegin; // buffers live in each section
  std::vector<uint64_t> salt; // random-looking per buffer, for state keys
  size_t numInputs = 0;
  int64_t maxPadding = 0; // largest roundUp(size) - size

  // Search state; every change goes through set() so it can be undone.
  std::vector<int64_t> sky;     // offset of the highest placed neighbour top
  std::vector<int64_t> skyHash; // hashSky(k, sky[k]), kept up to date
  std::vector<int64_t> offset;  // placed offset, -1 while unplaced
  std::vector<uint64_t> unplacedBits; // bit k: offset[k] < 0; kept by
                                      // place() and unplace()
  std::vector<int64_t> bytesLeft;     // per section: rounded bytes unplaced
  std::vector<int64_t> crossing;      // per section s: unplaced buffers live in
                                      // both s and s + 1
  int64_t level = 0;                  // nothing unplaced may go below this
  int64_t lastOffset = -1; // offset and rank of the last placed buffer
  int64_t lastRank = -1;
  /// An undo entry: the old value of *slot, or, where slot is null, the
  /// buffer `old` whose per-section counts unplace() gives back.
  struct Change {
    int64_t *slot;
    int64_t old;
  };
  std::vector<Change> trail;

  // Scratch, valid within one node before it recurses.
  std::vector<int64_t> lowest;     // per buffer: lowest offset it can take
  std::vector<int32_t> witness;    // per section: a buffer that last passed
                                   // the bound; only a hint
  std::vector<int32_t> candidates; // a stack shared by all nodes
  std::vector<std::pair<int32_t, int32_t>> parts; // likewise, of sections
  std::vector<int32_t> byStart;                   // scratch for orderCandidates
  using Worth = std::pair<double, double>;        // time covered, then bytes
  std::vector<Worth> value, best;                 // scratch for orderCandidates

  FailureCache failures;
  int64_t failuresCapacity = -1; // capacity the failures were found at
  int64_t capacity = 0;
  Clock::time_point deadline;
  uint64_t maxNodes = 0;
  bool timedOut = false;
  uint64_t nodes = 0;
};

} // namespace planner
} // namespace memlint

#endif // MEMLINT_ANALYSIS_PLANNER_EXACTSEARCH_H
