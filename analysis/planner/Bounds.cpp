//===- Bounds.cpp - Lower bound, no-reuse total and peak of a plan --------===//
//
// The numbers every plan is measured by. The lower bound is a sweep over the
// live range end points; see Planner.h for why the aligned form is valid.
//
//===----------------------------------------------------------------------===//

#include "analysis/planner/Support.h"

#include <algorithm>
#include <set>
#include <utility>

namespace memlint {
namespace planner {

int64_t lowerBound(const std::vector<Buffer> &buffers, int64_t alignment) {
  alignment = normalizeAlignment(alignment);
  int64_t bound = 0;
  // (time, index): ends sort before starts at the same time because an end
  // is encoded as a negative index, so a buffer that ends at t is never
  // counted together with one that starts at t.
  std::vector<std::pair<int64_t, int64_t>> events;
  for (size_t i = 0; i < buffers.size(); ++i) {
    const Buffer &b = buffers[i];
    bound = std::max(bound, b.size);
    if (b.size < 0)
      continue;
    if (!occupies(b))
      continue;
    events.push_back({b.lower, static_cast<int64_t>(i)});
    events.push_back({b.upper, -static_cast<int64_t>(i) - 1});
  }
  std::sort(events.begin(), events.end());

  int64_t roundedTotal = 0;
  std::multiset<int64_t> paddings;
  for (size_t e = 0; e < events.size(); ++e) {
    auto [time, code] = events[e];
    bool isStart = code >= 0;
    const Buffer &b = buffers[isStart ? code : -code - 1];
    // Saturating: on input checkPlannable refuses, the bound is merely large.
    int64_t rounded = roundUpSaturated(b.size, alignment);
    if (isStart) {
      roundedTotal = addSaturated(roundedTotal, rounded);
      paddings.insert(rounded - b.size);
    } else {
      roundedTotal =
          roundedTotal == INT64_MAX ? INT64_MAX : roundedTotal - rounded;
      paddings.erase(paddings.find(rounded - b.size));
    }
    // Measure once all events of this time point are applied.
    bool lastAtTime = e + 1 == events.size() || events[e + 1].first != time;
    if (lastAtTime && !paddings.empty())
      bound = std::max(bound, roundedTotal - *paddings.rbegin());
  }
  return bound;
}

int64_t noReuseBytes(const std::vector<Buffer> &buffers, int64_t alignment) {
  alignment = normalizeAlignment(alignment);
  int64_t total = 0, maxPadding = 0;
  for (const Buffer &b : buffers) {
    if (b.size <= 0)
      continue;
    int64_t rounded = roundUpSaturated(b.size, alignment);
    total = addSaturated(total, rounded);
    maxPadding = std::max(maxPadding, rounded - b.size);
  }
  return total == INT64_MAX ? total : total - maxPadding;
}

std::string checkPlannable(const std::vector<Buffer> &buffers,
                           int64_t alignment) {
  alignment = normalizeAlignment(alignment);
  int64_t total = 0;
  for (const Buffer &b : buffers) {
    if (b.size < 0)
      return "buffer '" + b.id + "' has a negative size (" +
             std::to_string(b.size) + ")";
    int64_t rounded;
    if (!roundUpChecked(b.size, alignment, rounded) ||
        __builtin_add_overflow(total, rounded, &total) ||
        total > kMaxArenaBytes)
      return "the buffers' sizes, rounded up to the alignment of " +
             std::to_string(alignment) + ", add up to more than " +
             std::to_string(kMaxArenaBytes) +
             " bytes: arena offsets would overflow 64 bits";
  }
  return "";
}

Plan refusedPlan(std::string error, std::string method) {
  Plan plan;
  plan.error = std::move(error);
  plan.method = std::move(method);
  return plan;
}

int64_t peakOf(const std::vector<Buffer> &buffers,
               const std::vector<int64_t> &offsets) {
  int64_t peak = 0;
  for (size_t i = 0; i < buffers.size() && i < offsets.size(); ++i)
    peak = std::max(peak, offsets[i] + buffers[i].size);
  return peak;
}

void finishPlan(const std::vector<Buffer> &buffers, int64_t alignment,
                Plan &plan) {
  plan.peak = peakOf(buffers, plan.offsets);
  plan.lowerBound = lowerBound(buffers, alignment);
  plan.noReuse = noReuseBytes(buffers, alignment);
  if (plan.peak <= plan.lowerBound)
    plan.optimal = true;
}

} // namespace planner
} // namespace memlint
