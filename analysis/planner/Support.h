//===- Support.h - Small helpers shared by the planner files ----*- C++ -*-===//
//
// Internal to the planner library; not part of its interface.
//
//===----------------------------------------------------------------------===//
#ifndef MEMLINT_ANALYSIS_PLANNER_SUPPORT_H
#define MEMLINT_ANALYSIS_PLANNER_SUPPORT_H

#include "analysis/planner/Planner.h"

#include <cstdint>

namespace memlint {
namespace planner {

/// Alignment as the algorithms use it: at least 1.
inline int64_t normalizeAlignment(int64_t alignment) {
  return alignment < 1 ? 1 : alignment;
}

/// Smallest multiple of `alignment` (>= 1) not below `value` (>= 0).
inline int64_t roundUp(int64_t value, int64_t alignment) {
  return (value + alignment - 1) / alignment * alignment;
}

/// Whether the buffer takes part in planning at all: buffers with no bytes
/// or no live program point conflict with nothing.
inline bool occupies(const Buffer &buffer) {
  return buffer.size > 0 && buffer.upper > buffer.lower;
}

/// Whether two buffers are live at a common program point.
inline bool liveTogether(const Buffer &a, const Buffer &b) {
  return occupies(a) && occupies(b) && a.lower < b.upper && b.lower < a.upper;
}

/// Fills in peak, lowerBound and noReuse of a plan whose offsets are set.
void finishPlan(const std::vector<Buffer> &buffers, int64_t alignment,
                Plan &plan);

} // namespace planner
} // namespace memlint

#endif // MEMLINT_ANALYSIS_PLANNER_SUPPORT_H
