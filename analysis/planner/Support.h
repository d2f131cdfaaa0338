//===- Support.h - Small helpers shared by the planner files ----*- C++ -*-===//
//
// Internal to the planner library; not part of its interface.
//
//===----------------------------------------------------------------------===//
#ifndef MEMLINT_ANALYSIS_PLANNER_SUPPORT_H
#define MEMLINT_ANALYSIS_PLANNER_SUPPORT_H

#include "analysis/planner/Planner.h"

#include <cstdint>
#include <string>

namespace memlint {
namespace planner {

/// Alignment as the algorithms use it: at least 1.
inline int64_t normalizeAlignment(int64_t alignment) {
  return alignment < 1 ? 1 : alignment;
}

/// Smallest multiple of `alignment` (>= 1) not below `value` (>= 0). The
/// caller makes sure it fits (checkPlannable); see roundUpChecked.
inline int64_t roundUp(int64_t value, int64_t alignment) {
  return (value / alignment + (value % alignment != 0)) * alignment;
}

/// roundUp, or false when the result does not fit in 64 bits.
inline bool roundUpChecked(int64_t value, int64_t alignment, int64_t &out) {
  int64_t units = value / alignment + (value % alignment != 0);
  return !__builtin_mul_overflow(units, alignment, &out);
}

/// a + b, clamped to INT64_MAX (both >= 0).
inline int64_t addSaturated(int64_t a, int64_t b) {
  int64_t sum;
  return __builtin_add_overflow(a, b, &sum) ? INT64_MAX : sum;
}

/// roundUp, clamped to INT64_MAX.
inline int64_t roundUpSaturated(int64_t value, int64_t alignment) {
  int64_t out;
  return roundUpChecked(value, alignment, out) ? out : INT64_MAX;
}

/// The largest total of rounded sizes the planners accept. A quarter of the
/// 64-bit range leaves headroom for sums of an offset and a size, a level
/// and a size, or a capacity and a padding, as the search computes them.
constexpr int64_t kMaxArenaBytes = INT64_MAX / 4;

/// A plan carrying `error` and no offsets, for input checkPlannable refused.
Plan refusedPlan(std::string error, std::string method);

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
