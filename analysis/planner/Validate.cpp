//===- Validate.cpp - Independent check of a plan's promises --------------===//
//
// Shares no code with the placement algorithms (only the bound computation),
// so a bug in a planner cannot hide the same bug here. Used by the tests and
// as a debugging aid.
//
//===----------------------------------------------------------------------===//

#include "analysis/planner/Support.h"

#include <algorithm>
#include <numeric>

namespace memlint {
namespace planner {

static std::string describe(const std::vector<Buffer> &buffers, size_t i) {
  const Buffer &b = buffers[i];
  return "buffer #" + std::to_string(i) + " '" + b.id + "' [" +
         std::to_string(b.lower) + ", " + std::to_string(b.upper) + ") size " +
         std::to_string(b.size);
}

std::string validatePlan(const std::vector<Buffer> &buffers, const Plan &plan,
                         int64_t alignment) {
  alignment = normalizeAlignment(alignment);
  if (!plan.error.empty())
    return "plan refused the input: " + plan.error;
  if (plan.offsets.size() != buffers.size())
    return "plan has " + std::to_string(plan.offsets.size()) + " offsets for " +
           std::to_string(buffers.size()) + " buffers";

  int64_t peak = 0;
  for (size_t i = 0; i < buffers.size(); ++i) {
    int64_t offset = plan.offsets[i];
    if (buffers[i].size < 0)
      return describe(buffers, i) + " has a negative size";
    if (offset < 0)
      return describe(buffers, i) + " has negative offset " +
             std::to_string(offset);
    if (offset % alignment != 0)
      return describe(buffers, i) + " has offset " + std::to_string(offset) +
             ", not a multiple of " + std::to_string(alignment);
    int64_t end;
    if (__builtin_add_overflow(offset, buffers[i].size, &end))
      return describe(buffers, i) + " at offset " + std::to_string(offset) +
             " ends beyond 64 bits";
    peak = std::max(peak, end);
  }

  // Sweep in order of start time: only buffers that start before `i` ends
  // can overlap it in time.
  std::vector<size_t> order(buffers.size());
  std::iota(order.begin(), order.end(), 0);
  std::sort(order.begin(), order.end(), [&](size_t a, size_t b) {
    return buffers[a].lower < buffers[b].lower;
  });
  for (size_t x = 0; x < order.size(); ++x) {
    size_t i = order[x];
    if (!occupies(buffers[i]))
      continue;
    for (size_t y = x + 1; y < order.size(); ++y) {
      size_t j = order[y];
      if (buffers[j].lower >= buffers[i].upper)
        break;
      if (!liveTogether(buffers[i], buffers[j]))
        continue;
      // Both ends fit in 64 bits: checked above.
      int64_t oi = plan.offsets[i], oj = plan.offsets[j];
      if (oi < oj + buffers[j].size && oj < oi + buffers[i].size)
        return describe(buffers, i) + " at offset " + std::to_string(oi) +
               " overlaps " + describe(buffers, j) + " at offset " +
               std::to_string(oj);
    }
  }

  if (plan.peak != peak)
    return "plan claims peak " + std::to_string(plan.peak) + " but needs " +
           std::to_string(peak);
  int64_t bound = lowerBound(buffers, alignment);
  if (plan.lowerBound != bound)
    return "plan claims lower bound " + std::to_string(plan.lowerBound) +
           " but it is " + std::to_string(bound);
  if (peak < bound)
    return "peak " + std::to_string(peak) + " is below the lower bound " +
           std::to_string(bound);
  int64_t noReuse = noReuseBytes(buffers, alignment);
  if (plan.noReuse != noReuse)
    return "plan claims no-reuse total " + std::to_string(plan.noReuse) +
           " but it is " + std::to_string(noReuse);
  return "";
}

} // namespace planner
} // namespace memlint
