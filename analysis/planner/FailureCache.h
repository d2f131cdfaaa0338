//===- FailureCache.h - Search states known to lead nowhere -----*- C++ -*-===//
//
// Internal to the planner library. Different placement orders often leave
// the unplaced buffers in exactly the same situation (two buffers stacked in
// either order leave the same top), and the exact search would explore the
// same dead subtree again. This remembers the 64-bit hashes of states that
// failed. A fixed-size open-addressing table: when it is full, new entries
// overwrite old ones, which only costs repeated work, never correctness.
// A hash collision could hide a solution (never produce a wrong one), with
// odds far below those of a hardware fault.
//
//===----------------------------------------------------------------------===//
#ifndef MEMLINT_ANALYSIS_PLANNER_FAILURECACHE_H
#define MEMLINT_ANALYSIS_PLANNER_FAILURECACHE_H

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <vector>

namespace memlint {
namespace planner {

/// A strong 64-bit mix (the SplitMix64 finalizer).
inline uint64_t mixBits(uint64_t x) {
  x ^= x >> 30;
  x *= 0xbf58476d1ce4e5b9ULL;
  x ^= x >> 27;
  x *= 0x94d049bb133111ebULL;
  x ^= x >> 31;
  return x;
}

class FailureCache {
public:
  explicit FailureCache(unsigned log2Slots = 20)
      : slots(size_t(1) << log2Slots, 0), mask(slots.size() - 1) {}

  void clear() { std::fill(slots.begin(), slots.end(), 0); }

  /// Starts loading the slots contains(key) and insert(key) look at.
  void prefetch(uint64_t key) const {
    __builtin_prefetch(&slots[(key | 1) & mask]);
  }

  bool contains(uint64_t key) const {
    key |= 1; // 0 marks an empty slot
    for (size_t i = 0, at = key & mask; i < kProbes; ++i, at = (at + 1) & mask)
      if (slots[at] == key)
        return true;
    return false;
  }

  void insert(uint64_t key) {
    key |= 1;
    size_t home = key & mask;
    for (size_t i = 0, at = home; i < kProbes; ++i, at = (at + 1) & mask)
      if (slots[at] == 0 || slots[at] == key) {
        slots[at] = key;
        return;
      }
    slots[(home + (key >> 40) % kProbes) & mask] = key;
  }

private:
  static constexpr size_t kProbes = 8;
  std::vector<uint64_t> slots;
  size_t mask;
};

} // namespace planner
} // namespace memlint

#endif // MEMLINT_ANALYSIS_PLANNER_FAILURECACHE_H
