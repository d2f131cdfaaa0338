//===- Heuristics.cpp - The reference planners memlint is measured by -----===//
//
// Each published planner reduces to an order of the buffers plus best-fit
// placement (see Placement.h). The orders follow their sources:
//  - TFLite's greedy-by-size (Pisarchyk and Lee, "Efficient Memory
//    Management for Deep Neural Net Inference", 2020): largest first.
//  - XLA's GlobalDecreasingSizeBestFitHeap: by size ("spatial") or by live
//    range length ("temporal"), the other key breaking ties; XLA runs both
//    and keeps the smaller heap.
//  - Allocation-order planners as MLIR pipelines write them: buffers in the
//    order the program allocates them.
//
//===----------------------------------------------------------------------===//

#include "analysis/planner/Placement.h"

namespace memlint {
namespace planner {

/// In double: the difference of two extreme times overflows int64_t.
static double length(const Buffer &b) {
  return static_cast<double>(b.upper) - static_cast<double>(b.lower);
}

Plan planGreedyBySize(const std::vector<Buffer> &buffers, int64_t alignment) {
  auto order = sortedIndices(buffers, [&](size_t a, size_t b) {
    return buffers[a].size > buffers[b].size;
  });
  return placeInOrder(buffers, order, alignment, Fit::Best, "greedy-by-size");
}

Plan planXlaBestFitBySize(const std::vector<Buffer> &buffers,
                          int64_t alignment) {
  auto order = sortedIndices(buffers, [&](size_t a, size_t b) {
    if (buffers[a].size != buffers[b].size)
      return buffers[a].size > buffers[b].size;
    return length(buffers[a]) > length(buffers[b]);
  });
  return placeInOrder(buffers, order, alignment, Fit::Best,
                      "xla-best-fit-size");
}

Plan planXlaBestFitByLifetime(const std::vector<Buffer> &buffers,
                              int64_t alignment) {
  auto order = sortedIndices(buffers, [&](size_t a, size_t b) {
    if (length(buffers[a]) != length(buffers[b]))
      return length(buffers[a]) > length(buffers[b]);
    return buffers[a].size > buffers[b].size;
  });
  return placeInOrder(buffers, order, alignment, Fit::Best,
                      "xla-best-fit-lifetime");
}

Plan planXlaBestFit(const std::vector<Buffer> &buffers, int64_t alignment) {
  Plan bySize = planXlaBestFitBySize(buffers, alignment);
  Plan byLifetime = planXlaBestFitByLifetime(buffers, alignment);
  return byLifetime.peak < bySize.peak ? byLifetime : bySize;
}

// planBestFitInTime: TimeSweep.cpp.

} // namespace planner
} // namespace memlint
