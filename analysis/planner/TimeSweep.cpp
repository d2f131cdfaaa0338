//===- TimeSweep.cpp - Best fit in allocation order, by a sweep -----------===//
//
// planBestFitInTime places buffers in the order they are allocated, each in
// the smallest free gap between the buffers live at that moment. Through
// placeInOrder that is a scan of every placed buffer per buffer: 30,000
// buffers live together cost seconds, 200,000 minutes. In allocation order
// the placed buffers live with the next one are exactly those not yet
// ended, so a sweep keeps the free gaps themselves (by offset, and by size
// for the best fit): the same plan, offset for offset (HeuristicsTest
// compares the two), at O(n log n) where alignment lets the smallest gaps
// fit.
//
//===----------------------------------------------------------------------===//

#include "analysis/planner/Placement.h"
#include "analysis/planner/Support.h"

#include <limits>
#include <map>
#include <queue>
#include <set>
#include <tuple>

namespace memlint {
namespace planner {

namespace {
/// The free byte ranges among the buffers live at one moment: the
/// complement of their ranges, the last one open above the highest.
class FreeGaps {
public:
  static constexpr int64_t Open = std::numeric_limits<int64_t>::max();

  FreeGaps() { gaps.emplace(0, Open); }

  /// Where chooseOffset (Placement.cpp) puts `size` bytes: the smallest
  /// closed gap that holds them once aligned, the lowest on ties; else
  /// above every live buffer.
  int64_t choose(int64_t size, int64_t alignment) const {
    for (auto it = bySize.lower_bound({size, 0}); it != bySize.end(); ++it) {
      auto [gapSize, begin] = *it;
      if (roundUp(begin, alignment) + size <= begin + gapSize)
        return roundUp(begin, alignment);
    }
    return roundUp(gaps.rbegin()->first, alignment);
  }

  /// Takes [offset, offset + size) out of the gap holding it.
  void take(int64_t offset, int64_t size) {
    auto it = std::prev(gaps.upper_bound(offset));
    auto [begin, end] = *it;
    erase(it);
    if (begin < offset)
      insert(begin, offset);
    if (offset + size < end)
      insert(offset + size, end);
  }

  /// Gives [offset, offset + size) back, merged with the gaps beside it.
  void give(int64_t offset, int64_t size) {
    int64_t begin = offset, end = offset + size;
    auto next = gaps.lower_bound(end);
    if (next != gaps.end() && next->first == end) {
      end = next->second;
      next = erase(next);
    }
    if (next != gaps.begin()) {
      auto prev = std::prev(next);
      if (prev->second == begin) {
        begin = prev->first;
        erase(prev);
      }
    }
    insert(begin, end);
  }

private:
  using Gaps = std::map<int64_t, int64_t>; // begin -> end
  Gaps::iterator erase(Gaps::iterator it) {
    if (it->second != Open)
      bySize.erase({it->second - it->first, it->first});
    return gaps.erase(it);
  }
  void insert(int64_t begin, int64_t end) {
    gaps.emplace(begin, end);
    if (end != Open)
      bySize.insert({end - begin, begin});
  }

  Gaps gaps;
  /// The closed gaps by (size, begin): the best fit first.
  std::set<std::pair<int64_t, int64_t>> bySize;
};
} // namespace

Plan planBestFitInTime(const std::vector<Buffer> &buffers, int64_t alignment) {
  alignment = normalizeAlignment(alignment);
  std::string error = checkPlannable(buffers, alignment);
  if (!error.empty())
    return refusedPlan(std::move(error), "best-fit-in-time");
  Plan plan;
  plan.method = "best-fit-in-time";
  plan.offsets.assign(buffers.size(), 0);
  std::vector<size_t> order = sortedIndices(buffers, [&](size_t a, size_t b) {
    return buffers[a].lower < buffers[b].lower;
  });
  // The live buffers by the time they end.
  using Ending = std::pair<int64_t, size_t>;
  std::priority_queue<Ending, std::vector<Ending>, std::greater<Ending>> live;
  FreeGaps free;
  for (size_t i : order) {
    const Buffer &b = buffers[i];
    if (!occupies(b))
      continue;
    // Those ended by now are not live with it (ranges are half open).
    while (!live.empty() && live.top().first <= b.lower) {
      size_t j = live.top().second;
      live.pop();
      free.give(plan.offsets[j], buffers[j].size);
    }
    int64_t offset = free.choose(b.size, alignment);
    plan.offsets[i] = offset;
    free.take(offset, b.size);
    live.push({b.upper, i});
  }
  finishPlan(buffers, alignment, plan);
  return plan;
}

} // namespace planner
} // namespace memlint
