//===- LiveBytes.cpp - Bytes in use at each program point -----------------===//
#include "analysis/LiveBytes.h"

#include <algorithm>

namespace memlint {

/// Past this many bytes a buffer is not added up (a sum of a few such
/// stays far from overflow); it counts as a size memlint cannot tell.
static constexpr int64_t MaxCountedBytes = int64_t(1) << 48;

LiveBytes::LiveBytes(const LiveRanges &ranges, int64_t alignment,
                     llvm::function_ref<bool(const LiveRange &)> counted)
    : points(ranges.numPoints()), alignment(std::max<int64_t>(alignment, 1)) {
  std::vector<int64_t> bytesAt(points + 1, 0);
  std::vector<int> unsized(points + 1, 0);
  for (const LiveRange &r : ranges.ranges()) {
    if (r.start >= points || r.end < r.start || (counted && !counted(r)))
      continue;
    unsigned end = std::min(r.end, points - 1);
    if (r.bytes && *r.bytes >= 0 && *r.bytes <= MaxCountedBytes &&
        alignment <= MaxCountedBytes) {
      bytesAt[r.start] += aligned(*r.bytes);
      bytesAt[end + 1] -= aligned(*r.bytes);
    } else {
      ++unsized[r.start];
      --unsized[end + 1];
    }
  }
  int64_t live = 0;
  int open = 0;
  unsizedBefore.assign(points + 1, 0);
  for (unsigned p = 0; p < points; ++p) {
    live += bytesAt[p];
    bytesAt[p] = live;
    initialPeak = std::max(initialPeak, live);
    open += unsized[p];
    unsizedBefore[p + 1] = unsizedBefore[p] + (open > 0);
  }
  if (points == 0)
    return;
  maxOf.assign(4 * points, 0);
  pending.assign(4 * points, 0);
  build(1, 0, points - 1, bytesAt);
}

void LiveBytes::build(unsigned node, unsigned lo, unsigned hi,
                      const std::vector<int64_t> &bytesAt) {
  if (lo == hi) {
    maxOf[node] = bytesAt[lo];
    return;
  }
  unsigned mid = lo + (hi - lo) / 2;
  build(2 * node, lo, mid, bytesAt);
  build(2 * node + 1, mid + 1, hi, bytesAt);
  maxOf[node] = std::max(maxOf[2 * node], maxOf[2 * node + 1]);
}

int64_t LiveBytes::aligned(int64_t bytes) const {
  return (bytes + alignment - 1) / alignment * alignment;
}

bool LiveBytes::unsizedLiveIn(unsigned lo, unsigned hi) const {
  if (lo > hi || lo >= points)
    return false;
  hi = std::min(hi, points - 1);
  return unsizedBefore[hi + 1] != unsizedBefore[lo];
}

int64_t LiveBytes::maxIn(unsigned lo, unsigned hi) const {
  if (lo > hi || lo >= points)
    return 0;
  return maxIn(1, 0, points - 1, lo, std::min(hi, points - 1));
}

int64_t LiveBytes::maxIn(unsigned node, unsigned nodeLo, unsigned nodeHi,
                         unsigned lo, unsigned hi) const {
  if (lo <= nodeLo && nodeHi <= hi)
    return maxOf[node];
  unsigned mid = nodeLo + (nodeHi - nodeLo) / 2;
  int64_t best = INT64_MIN;
  if (lo <= mid)
    best = std::max(best, maxIn(2 * node, nodeLo, mid, lo, hi));
  if (hi > mid)
    best = std::max(best, maxIn(2 * node + 1, mid + 1, nodeHi, lo, hi));
  return best + pending[node];
}

void LiveBytes::add(unsigned lo, unsigned hi, int64_t bytes) {
  if (lo > hi || lo >= points || bytes == 0)
    return;
  add(1, 0, points - 1, lo, std::min(hi, points - 1), bytes);
}

void LiveBytes::add(unsigned node, unsigned nodeLo, unsigned nodeHi,
                    unsigned lo, unsigned hi, int64_t bytes) {
  if (lo <= nodeLo && nodeHi <= hi) {
    maxOf[node] += bytes;
    pending[node] += bytes;
    return;
  }
  unsigned mid = nodeLo + (nodeHi - nodeLo) / 2;
  if (lo <= mid)
    add(2 * node, nodeLo, mid, lo, hi, bytes);
  if (hi > mid)
    add(2 * node + 1, mid + 1, nodeHi, lo, hi, bytes);
  maxOf[node] = std::max(maxOf[2 * node], maxOf[2 * node + 1]) + pending[node];
}

} // namespace memlint
