//===- PlannerTestUtil.h - Random instances and a brute-force oracle ------===//
//
// Shared by the planner tests. The oracle is deliberately naive (every
// placement order, each buffer put on top of the placed buffers it overlaps)
// so that it shares nothing with the search it checks.
//
//===----------------------------------------------------------------------===//
#ifndef MEMLINT_TEST_UNIT_PLANNER_PLANNERTESTUTIL_H
#define MEMLINT_TEST_UNIT_PLANNER_PLANNERTESTUTIL_H

#include "analysis/planner/Planner.h"

#include <algorithm>
#include <cstdint>
#include <limits>
#include <numeric>
#include <random>
#include <string>
#include <vector>

namespace memlint {
namespace planner {
namespace plannertest {

/// `count` buffers with live ranges inside [0, maxTime] and sizes in
/// [1, maxSize]; about one in ten gets size 0 or an empty range when
/// `degenerate` is set.
inline std::vector<Buffer> randomBuffers(std::mt19937_64 &rng, int count,
                                         int64_t maxTime, int64_t maxSize,
                                         bool degenerate = false) {
  std::vector<Buffer> buffers(count);
  for (int i = 0; i < count; ++i) {
    Buffer &b = buffers[i];
    b.id = "b" + std::to_string(i);
    b.lower = static_cast<int64_t>(rng() % maxTime);
    b.upper = b.lower + 1 +
              static_cast<int64_t>(rng() % std::max<int64_t>(1, maxTime / 2));
    b.size = 1 + static_cast<int64_t>(rng() % maxSize);
    if (degenerate && rng() % 10 == 0) {
      if (rng() % 2)
        b.size = 0;
      else
        b.upper = b.lower;
    }
  }
  return buffers;
}

/// The smallest peak over all placement orders, each buffer resting on the
/// highest placed buffer it overlaps in time. Every compacted plan arises
/// this way, so this is the true optimum. Factorial: keep to 8 buffers.
inline int64_t bruteForceOptimum(const std::vector<Buffer> &buffers,
                                 int64_t alignment) {
  auto roundUp = [&](int64_t v) {
    return (v + alignment - 1) / alignment * alignment;
  };
  std::vector<size_t> order(buffers.size());
  std::iota(order.begin(), order.end(), 0);
  int64_t best = std::numeric_limits<int64_t>::max();
  std::vector<int64_t> offsets(buffers.size());
  do {
    int64_t peak = 0;
    for (size_t x = 0; x < order.size(); ++x) {
      const Buffer &b = buffers[order[x]];
      int64_t at = 0;
      bool live = b.size > 0 && b.lower < b.upper;
      for (size_t y = 0; live && y < x; ++y) {
        const Buffer &p = buffers[order[y]];
        if (p.size > 0 && p.lower < b.upper && b.lower < p.upper)
          at = std::max(at, roundUp(offsets[order[y]] + p.size));
      }
      offsets[order[x]] = at;
      peak = std::max(peak, at + b.size);
    }
    best = std::min(best, peak);
  } while (std::next_permutation(order.begin(), order.end()));
  return best;
}

} // namespace plannertest
} // namespace planner
} // namespace memlint

#endif // MEMLINT_TEST_UNIT_PLANNER_PLANNERTESTUTIL_H
