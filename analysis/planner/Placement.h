//===- Placement.h - One-pass placement in a given order --------*- C++ -*-===//
//
// Internal to the planner library. All the reference heuristics are the same
// loop - take the next buffer, put it into a gap among the placed buffers
// that are live with it - and differ only in the order and in which gap they
// choose, so the loop lives here once.
//
//===----------------------------------------------------------------------===//
#ifndef MEMLINT_ANALYSIS_PLANNER_PLACEMENT_H
#define MEMLINT_ANALYSIS_PLANNER_PLACEMENT_H

#include "analysis/planner/Planner.h"

#include <cstddef>
#include <functional>

namespace memlint {
namespace planner {

enum class Fit {
  /// The smallest gap that holds the buffer (lowest offset on ties).
  Best,
  /// The lowest gap that holds the buffer.
  First,
};

/// Strict weak order on buffer indices: true when the first goes earlier.
using BufferOrder = std::function<bool(size_t, size_t)>;

/// Indices of `buffers` sorted by `before`, input order on ties.
std::vector<size_t> sortedIndices(const std::vector<Buffer> &buffers,
                                  const BufferOrder &before);

/// Places every buffer in `order` (a permutation of the indices) into a gap
/// chosen by `fit`, and returns the finished plan named `method`.
Plan placeInOrder(const std::vector<Buffer> &buffers,
                  const std::vector<size_t> &order, int64_t alignment, Fit fit,
                  std::string method);

} // namespace planner
} // namespace memlint

#endif // MEMLINT_ANALYSIS_PLANNER_PLACEMENT_H
