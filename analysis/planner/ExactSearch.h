//===- ExactSearch.h - Branch and bound over canonical plans ----*- C++ -*-===//
//
// Internal to the planner library. An exact search in the style of
// MiniMalloc (Moffitt, ASPLOS 2023): it only builds "canonical" plans, where
// buffers are placed in order of non-decreasing offset and each one rests
// directly on the buffers below it (or on the floor of the arena). Every
// plan can be pushed down into such a form without growing, so searching
// them alone still finds an optimum, and the space is far smaller.
//
// Time is cut into sections: the intervals between consecutive live range
// end points, in which the set of live buffers does not change. The bound
// works per section.
//
//===----------------------------------------------------------------------===//
#ifndef MEMLINT_ANALYSIS_PLANNER_EXACTSEARCH_H
#define MEMLINT_ANALYSIS_PLANNER_EXACTSEARCH_H

#include "analysis/planner/Planner.h"

#include <chrono>
#include <cstdint>
#include <vector>

namespace memlint {
namespace planner {

using Clock = std::chrono::steady_clock;

struct SearchResult {
  /// A plan with peak <= the capacity asked for was found; `offsets` (one per
  /// input buffer) and `peak` describe the best one.
  bool found = false;
  std::vector<int64_t> offsets;
  int64_t peak = 0;
  /// The search finished: no plan better than the one found (or, when none
  /// was found, no plan within the capacity) exists.
  bool exhausted = false;
  /// Search nodes visited, for tuning and the benchmark.
  uint64_t nodes = 0;
};

class ExactSearch {
public:
  /// `rank` lists every buffer index once: the order in which candidates
  /// are tried, and the tie-break that keeps one canonical plan per set of
  /// buffers sharing an offset.
  ExactSearch(const std::vector<Buffer> &buffers, int64_t alignment,
              const std::vector<size_t> &rank);

  /// Looks for plans with peak <= `capacity`; after each one found, only for
  /// strictly better ones. Stops at a plan with peak <= `target`, at
  /// `deadline`, or when nothing is left to search.
  SearchResult run(int64_t capacity, int64_t target,
                   Clock::time_point deadline);

private:
  bool search();
  void place(int32_t k, int64_t offset);
  void undoTo(size_t trailSize);
  void set(int64_t &slot, int64_t value);
  bool boundFails();
  void record();

  // Per buffer, indexed by rank position; only buffers that occupy memory.
  std::vector<size_t> inputIndex;
  std::vector<int64_t> size, rounded;
  std::vector<int32_t> firstSection, endSection; // [first, end) sections
  std::vector<std::vector<int32_t>> conflicts;   // ranks live at a common point
  size_t numInputs = 0;
  int64_t maxPadding = 0; // largest roundUp(size) - size

  // Search state; every change goes through set() so it can be undone.
  std::vector<int64_t> sky;         // lowest offset each buffer could rest at
  std::vector<int64_t> offset;      // placed offset, -1 while unplaced
  std::vector<int64_t> sectionLeft; // rounded bytes still to place per section
  std::vector<int64_t> sectionLow;  // scratch for the bound
  int64_t level = 0;                // no offset below this is still allowed
  int64_t lastOffset = -1;          // offset and rank of the last placed buffer
  int64_t lastRank = -1;
  int64_t remaining = 0;
  std::vector<std::pair<int64_t *, int64_t>> trail;

  int64_t capacity = 0, target = 0;
  Clock::time_point deadline;
  bool timedOut = false;
  SearchResult result;
};

} // namespace planner
} // namespace memlint

#endif // MEMLINT_ANALYSIS_PLANNER_EXACTSEARCH_H
