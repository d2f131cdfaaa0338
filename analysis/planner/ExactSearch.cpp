//===- ExactSearch.cpp - Branch and bound over canonical plans ------------===//
//
// Each search node looks at the lowest offset x any unplaced buffer could
// rest at, and branches: "buffer b goes at x", for each such b, or "nothing
// more goes at x", which lifts the level below which nothing may be placed
// to the next offset a buffer could rest at. These branches are disjoint and
// together cover every canonical plan. Buffers that share an offset never
// overlap in time, so their order does not matter; placing them in rank
// order keeps one copy of each plan.
//
// Pruning: a buffer that cannot fit below the capacity even at the lowest
// offset it could ever take ends the branch, and so does a section whose
// lowest possible offset plus the bytes still to place in it exceeds the
// capacity.
//
//===----------------------------------------------------------------------===//

#include "analysis/planner/ExactSearch.h"
#include "analysis/planner/Support.h"

#include <algorithm>
#include <limits>

namespace memlint {
namespace planner {

static constexpr int64_t kNone = std::numeric_limits<int64_t>::max();

ExactSearch::ExactSearch(const std::vector<Buffer> &buffers, int64_t alignment,
                         const std::vector<size_t> &rank)
    : numInputs(buffers.size()) {
  alignment = normalizeAlignment(alignment);
  for (size_t i : rank)
    if (occupies(buffers[i]))
      inputIndex.push_back(i);

  std::vector<int64_t> times;
  for (size_t i : inputIndex) {
    times.push_back(buffers[i].lower);
    times.push_back(buffers[i].upper);
  }
  std::sort(times.begin(), times.end());
  times.erase(std::unique(times.begin(), times.end()), times.end());
  auto sectionOf = [&](int64_t time) {
    return static_cast<int32_t>(
        std::lower_bound(times.begin(), times.end(), time) - times.begin());
  };

  for (size_t i : inputIndex) {
    const Buffer &b = buffers[i];
    size.push_back(b.size);
    rounded.push_back(roundUp(b.size, alignment));
    maxPadding = std::max(maxPadding, rounded.back() - b.size);
    firstSection.push_back(sectionOf(b.lower));
    endSection.push_back(sectionOf(b.upper));
  }
  size_t count = inputIndex.size();
  conflicts.resize(count);
  for (size_t a = 0; a < count; ++a)
    for (size_t b = a + 1; b < count; ++b)
      if (firstSection[a] < endSection[b] && firstSection[b] < endSection[a]) {
        conflicts[a].push_back(static_cast<int32_t>(b));
        conflicts[b].push_back(static_cast<int32_t>(a));
      }
  sectionLow.resize(times.empty() ? 0 : times.size() - 1);
}

void ExactSearch::set(int64_t &slot, int64_t value) {
  trail.push_back({&slot, slot});
  slot = value;
}

void ExactSearch::undoTo(size_t trailSize) {
  while (trail.size() > trailSize) {
    *trail.back().first = trail.back().second;
    trail.pop_back();
  }
}

void ExactSearch::place(int32_t k, int64_t at) {
  set(offset[k], at);
  set(lastOffset, at);
  set(lastRank, k);
  set(remaining, remaining - 1);
  for (int32_t s = firstSection[k]; s < endSection[k]; ++s)
    set(sectionLeft[s], sectionLeft[s] - rounded[k]);
  // k rested on the highest buffer in its sections, so it is now the top of
  // each of them: a neighbour in time can rest no lower than its end.
  int64_t top = at + rounded[k];
  for (int32_t q : conflicts[k])
    if (offset[q] < 0 && sky[q] < top)
      set(sky[q], top);
}

bool ExactSearch::boundFails() {
  std::fill(sectionLow.begin(), sectionLow.end(), kNone);
  for (size_t k = 0; k < offset.size(); ++k) {
    if (offset[k] >= 0)
      continue;
    int64_t low = std::max(sky[k], level);
    for (int32_t s = firstSection[k]; s < endSection[k]; ++s)
      sectionLow[s] = std::min(sectionLow[s], low);
  }
  // The unplaced buffers of a section stack above its lowest possible
  // offset; only the topmost may leave its alignment padding unused.
  for (size_t s = 0; s < sectionLow.size(); ++s)
    if (sectionLeft[s] > 0 &&
        sectionLow[s] + sectionLeft[s] - maxPadding > capacity)
      return true;
  return false;
}

void ExactSearch::record() {
  result.found = true;
  result.offsets.assign(numInputs, 0);
  result.peak = 0;
  for (size_t k = 0; k < offset.size(); ++k) {
    result.offsets[inputIndex[k]] = offset[k];
    result.peak = std::max(result.peak, offset[k] + size[k]);
  }
  capacity = result.peak - 1;
}

bool ExactSearch::search() {
  if ((++result.nodes & 1023) == 0 && Clock::now() >= deadline) {
    timedOut = true;
    return true;
  }
  if (remaining == 0) {
    record();
    return result.peak <= target;
  }

  // The lowest and second lowest offsets an unplaced buffer can rest at.
  int64_t lowest = kNone, next = kNone;
  for (size_t k = 0; k < offset.size(); ++k) {
    if (offset[k] >= 0)
      continue;
    int64_t at = std::max(sky[k], level);
    if (at + size[k] > capacity)
      return false;
    if (at < lowest) {
      next = lowest;
      lowest = at;
    } else if (at > lowest && at < next) {
      next = at;
    }
  }
  if (boundFails())
    return false;

  size_t mark = trail.size();
  for (size_t k = 0; k < offset.size(); ++k) {
    if (offset[k] >= 0 || std::max(sky[k], level) != lowest)
      continue;
    if (lowest == lastOffset && static_cast<int64_t>(k) <= lastRank)
      continue;
    place(static_cast<int32_t>(k), lowest);
    if (search())
      return true;
    undoTo(mark);
  }
  // Nothing more at `lowest`: the next buffer rests higher.
  if (next == kNone)
    return false;
  set(level, next);
  if (search())
    return true;
  undoTo(mark);
  return false;
}

SearchResult ExactSearch::run(int64_t capacityLimit, int64_t targetPeak,
                              Clock::time_point until) {
  size_t count = inputIndex.size();
  sky.assign(count, 0);
  offset.assign(count, -1);
  sectionLeft.assign(sectionLow.size(), 0);
  for (size_t k = 0; k < count; ++k)
    for (int32_t s = firstSection[k]; s < endSection[k]; ++s)
      sectionLeft[s] += rounded[k];
  level = 0;
  lastOffset = lastRank = -1;
  remaining = static_cast<int64_t>(count);
  trail.clear();
  capacity = capacityLimit;
  target = targetPeak;
  deadline = until;
  timedOut = false;
  result = SearchResult();

  search();
  result.exhausted = !timedOut;
  return result;
}

} // namespace planner
} // namespace memlint
