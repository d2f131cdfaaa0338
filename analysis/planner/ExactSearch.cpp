//===- ExactSearch.cpp - Branch and bound over canonical plans ------------===//
//
// A node looks at the lowest offset x at which an unplaced buffer can rest
// (on the bottom or on the top of a placed neighbour), and branches: "buffer
// b goes at x", for each b that rests at x, or "nothing more goes at x",
// which lifts the level below which nothing may be placed to the next such
// offset. The branches are disjoint and cover every canonical plan. Buffers
// that share an offset never overlap in time, so their order is irrelevant;
// placing them in rank order keeps one copy of each plan.
//
// A buffer whose neighbours all end below the level cannot rest on them any
// more: it waits for an unplaced neighbour to be put under it.
//
// Pruning: a buffer that would cross the capacity even at the lowest offset
// it can still take, or a section whose lowest possible offset plus the bytes
// still to place in it crosses the capacity, ends the branch.
//
// Decomposition: when no unplaced buffer spans some point in time, the two
// sides no longer interact and are solved one after the other. A side that
// fails fails the node, without retrying the other side's choices: this is
// what keeps the search from thrashing on instances with long timelines.
//
//===----------------------------------------------------------------------===//

#include "analysis/planner/ExactSearch.h"
#include "analysis/planner/FailureCache.h"
#include "analysis/planner/Support.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <numeric>
#include <tuple>

namespace memlint {
namespace planner {

static constexpr int64_t kNone = std::numeric_limits<int64_t>::max();
// Keeps every hashed value away from 0, the fixed point of mixBits.
static constexpr uint64_t kSeed = 0x9e3779b97f4a7c15ULL;

/// Calls fn(k) for each k in [begin, end) whose bit is set in `bits`, in
/// increasing order, until fn returns false; returns false if one did.
template <typename Fn>
static bool forEachBit(const uint64_t *bits, int32_t begin, int32_t end,
                       Fn fn) {
  if (begin >= end)
    return true;
  int32_t firstWord = begin >> 6, lastWord = (end - 1) >> 6;
  for (int32_t w = firstWord; w <= lastWord; ++w) {
    uint64_t word = bits[w];
    if (w == firstWord)
      word &= ~uint64_t(0) << (begin & 63);
    if (w == lastWord)
      word &= ~uint64_t(0) >> (63 - ((end - 1) & 63));
    for (; word; word &= word - 1)
      if (!fn(w * 64 + __builtin_ctzll(word)))
        return false;
  }
  return true;
}

ExactSearch::ExactSearch(const std::vector<Buffer> &buffers, int64_t alignment)
    : numInputs(buffers.size()) {
  alignment = normalizeAlignment(alignment);

  std::vector<int64_t> times;
  for (size_t i = 0; i < buffers.size(); ++i) {
    if (!occupies(buffers[i]))
      continue;
    inputIndex.push_back(i);
    times.push_back(buffers[i].lower);
    times.push_back(buffers[i].upper);
  }
  std::sort(times.begin(), times.end());
  times.erase(std::unique(times.begin(), times.end()), times.end());
  std::stable_sort(
      inputIndex.begin(), inputIndex.end(),
      [&](size_t a, size_t b) { return buffers[a].lower < buffers[b].lower; });
  auto sectionOf = [&](int64_t time) {
    return static_cast<int32_t>(
        std::lower_bound(times.begin(), times.end(), time) - times.begin());
  };

  for (size_t i : inputIndex) {
    const Buffer &b = buffers[i];
    size.push_back(b.size);
    rounded.push_back(roundUp(b.size, alignment));
    maxPadding = std::max(maxPadding, rounded.back() - b.size);
    firstSection.push_back(sectionOf(b.lower));
    endSection.push_back(sectionOf(b.upper));
  }
  int32_t count = static_cast<int32_t>(inputIndex.size());
  conflicts.resize(count);
  for (int32_t a = 0; a < count; ++a)
    for (int32_t b = a + 1; b < count && firstSection[b] < endSection[a]; ++b)
      if (firstSection[a] < endSection[b]) {
        conflicts[a].push_back(b);
        conflicts[b].push_back(a);
      }

  // The same as bit sets, for place(): masked with the unplaced buffers,
  // they skip the placed neighbours a word at a time.
  numWords = (count + 63) / 64;
  conflictBits.assign(size_t(count) * numWords, 0);
  conflictWords.assign(count, {0, 0});
  for (int32_t a = 0; a < count; ++a) {
    if (conflicts[a].empty())
      continue;
    int32_t low = count, high = 0;
    for (int32_t b : conflicts[a]) {
      conflictBits[size_t(a) * numWords + b / 64] |= uint64_t(1) << (b % 64);
      low = std::min(low, b / 64);
      high = std::max(high, b / 64 + 1);
    }
    conflictWords[a] = {low, high};
  }

  // Smallest first: a waiting buffer looks for its smallest unplaced
  // neighbour.
  for (auto &list : conflicts)
    std::stable_sort(list.begin(), list.end(), [&](int32_t a, int32_t b) {
      return rounded[a] < rounded[b];
    });

  int32_t numSections = times.empty() ? 0 : times.size() - 1;
  firstStartingIn.assign(numSections + 1, count);
  for (int32_t k = count - 1; k >= 0; --k)
    firstStartingIn[firstSection[k]] = k;
  for (int32_t s = numSections - 1; s >= 0; --s)
    firstStartingIn[s] = std::min(firstStartingIn[s], firstStartingIn[s + 1]);
  // Which buffers are live in each section, flattened.
  coverBegin.assign(numSections + 1, 0);
  for (int32_t k = 0; k < count; ++k)
    for (int32_t s = firstSection[k]; s < endSection[k]; ++s)
      ++coverBegin[s + 1];
  for (int32_t s = 0; s < numSections; ++s)
    coverBegin[s + 1] += coverBegin[s];
  cover.resize(coverBegin[numSections]);
  std::vector<int32_t> fill(coverBegin.begin(), coverBegin.end() - 1);
  for (int32_t k = 0; k < count; ++k)
    for (int32_t s = firstSection[k]; s < endSection[k]; ++s)
      cover[fill[s]++] = k;
  witness.assign(numSections, 0);
  lowest.resize(count);
  for (int32_t k = 0; k < count; ++k)
    salt.push_back(mixBits(uint64_t(k) + kSeed));
  for (int32_t s = 0; s < numSections; ++s)
    sectionLength.push_back(static_cast<double>(times[s + 1]) -
                            static_cast<double>(times[s]));
}

void ExactSearch::setOrdering(const Ordering &how) { ordering = how; }

void ExactSearch::computeWeights() {
  // A section's worth is its length in time, divided, when asked, by how
  // much room it has to spare: waste in a section without slack is fatal.
  std::vector<double> worth(sectionLength);
  if (ordering.slackScale > 0)
    for (size_t s = 0; s < worth.size(); ++s) {
      double slack = static_cast<double>(
          std::max<int64_t>(0, capacity + maxPadding - bytesLeft[s]));
      worth[s] /= 1.0 + slack / (ordering.slackScale * capacity);
    }
  weight.assign(inputIndex.size(), 0.0);
  for (size_t k = 0; k < weight.size(); ++k) {
    for (int32_t s = firstSection[k]; s < endSection[k]; ++s)
      weight[k] += worth[s];
    if (ordering.exponent != 1.0)
      weight[k] = std::pow(weight[k], ordering.exponent);
    if (ordering.seed != 0) {
      uint64_t bits = mixBits(ordering.seed * kSeed + k);
      weight[k] *= 0.7 + 0.6 * static_cast<double>(bits >> 11) * 0x1p-53;
    }
  }
}

int64_t ExactSearch::hashSky(int32_t k, int64_t at) const {
  return static_cast<int64_t>(mixBits(salt[k] ^ uint64_t(at)));
}

void ExactSearch::set(int64_t &slot, int64_t value) {
  // Filled field by field: building the pair on the stack and copying it
  // stalled on store forwarding, and place() makes many of these.
  Change &change = trail.emplace_back();
  change.slot = &slot;
  change.old = slot;
  slot = value;
}

void ExactSearch::undoTo(size_t trailSize) {
  while (trail.size() > trailSize) {
    const Change &change = trail.back();
    if (change.slot)
      *change.slot = change.old;
    else
      unplace(static_cast<int32_t>(change.old));
    trail.pop_back();
  }
}

void ExactSearch::place(int32_t k, int64_t at) {
  set(offset[k], at);
  set(level, at);
  set(lastOffset, at);
  set(lastRank, k);
  // The per-section counts are undone by unplace() rather than entry by
  // entry: a buffer spans dozens of sections, and one entry is cheaper.
  Change &change = trail.emplace_back();
  change.slot = nullptr;
  change.old = k;
  unplacedBits[k / 64] &= ~(uint64_t(1) << (k % 64));
  for (int32_t s = firstSection[k]; s < endSection[k]; ++s)
    bytesLeft[s] -= rounded[k];
  for (int32_t s = firstSection[k]; s + 1 < endSection[k]; ++s)
    --crossing[s];
  // k rests on the highest top in its sections, so it is now the top of
  // each of them: a neighbour in time can rest no lower than its end.
  int64_t top = at + rounded[k];
  const uint64_t *neighbours = &conflictBits[size_t(k) * numWords];
  for (int32_t w = conflictWords[k].first; w < conflictWords[k].second; ++w)
    for (uint64_t word = neighbours[w] & unplacedBits[w]; word;
         word &= word - 1) {
      int32_t q = w * 64 + __builtin_ctzll(word);
      if (sky[q] < top) {
        set(sky[q], top);
        set(skyHash[q], hashSky(q, top));
      }
    }
}

void ExactSearch::unplace(int32_t k) {
  unplacedBits[k / 64] |= uint64_t(1) << (k % 64);
  for (int32_t s = firstSection[k]; s < endSection[k]; ++s)
    bytesLeft[s] += rounded[k];
  for (int32_t s = firstSection[k]; s + 1 < endSection[k]; ++s)
    ++crossing[s];
}

bool ExactSearch::boundFails(int32_t firstSec, int32_t endSec,
                             int64_t minLowest, int64_t maxLowest) {
  // The unplaced buffers of a section stack above the lowest offset any of
  // them can take; only the topmost may leave its alignment padding unused.
  // So the section needs a buffer whose lowest offset is at most `limit`.
  for (int32_t s = firstSec; s < endSec; ++s) {
    if (bytesLeft[s] == 0)
      continue;
    int64_t limit = capacity + maxPadding - bytesLeft[s];
    if (limit >= maxLowest)
      continue;
    if (limit < minLowest)
      return true;
    // The buffer that passed last time usually passes again.
    int32_t hint = witness[s];
    if (offset[hint] < 0 && lowest[hint] <= limit)
      continue;
    bool found = false;
    for (int32_t i = coverBegin[s]; i < coverBegin[s + 1] && !found; ++i) {
      int32_t k = cover[i];
      if (offset[k] < 0 && lowest[k] <= limit) {
        witness[s] = k;
        found = true;
      }
    }
    if (!found)
      return true;
  }
  return false;
}

void ExactSearch::orderCandidates(size_t first) {
  // The buffers placed at one offset cover disjoint stretches of time; time
  // not covered at the lowest offset is lost in every section whose top is
  // that low. So try first the candidate that, together with the best choice
  // of candidates after it, covers the most time (and, on ties, the most
  // bytes): value(b) is b's worth plus the best total worth of disjoint
  // candidates starting after b ends (weighted interval scheduling, right to
  // left).
  size_t count = candidates.size() - first;
  if (count < 2)
    return;
  byStart.assign(candidates.begin() + first, candidates.end());
  std::sort(byStart.begin(), byStart.end(), [&](int32_t a, int32_t b) {
    return firstSection[a] < firstSection[b];
  });
  value.assign(count, Worth());
  best.assign(count + 1, Worth());
  for (size_t i = count; i-- > 0;) {
    int32_t b = byStart[i];
    size_t after =
        std::partition_point(
            byStart.begin() + i + 1, byStart.end(),
            [&](int32_t c) { return firstSection[c] < endSection[b]; }) -
        byStart.begin();
    value[i] = {weight[b] + best[after].first,
                static_cast<double>(rounded[b]) + best[after].second};
    best[i] = std::max(best[i + 1], value[i]);
  }
  for (size_t i = 0; i < count; ++i)
    candidates[first + i] = static_cast<int32_t>(i);
  std::stable_sort(candidates.begin() + first, candidates.end(),
                   [&](int32_t a, int32_t b) { return value[a] > value[b]; });
  for (size_t i = first; i < candidates.size(); ++i)
    candidates[i] = byStart[candidates[i]];
}

bool ExactSearch::solveEach(size_t base) {
  size_t mark = trail.size();
  int64_t savedLevel = level, savedOffset = lastOffset, savedRank = lastRank;
  // By index: the nodes below push their own parts after these.
  for (size_t i = base, e = parts.size(); i < e; ++i) {
    auto [first, end] = parts[i];
    // Each part restarts from the state at the split: the canonical order
    // only ties buffers that can interact.
    set(level, savedLevel);
    set(lastOffset, savedOffset);
    set(lastRank, savedRank);
    if (!solve(first, end)) {
      undoTo(mark);
      return false;
    }
  }
  return true;
}

void ExactSearch::pushIndependentParts(int32_t firstSec, int32_t endSec) {
  // Runs of sections joined by a buffer live across their boundaries.
  for (int32_t s = firstSec; s < endSec; ++s) {
    if (bytesLeft[s] == 0)
      continue;
    int32_t first = s;
    while (s + 1 < endSec && crossing[s] > 0)
      ++s;
    parts.push_back({first, s + 1});
  }
}

bool ExactSearch::scanBuffer(int32_t k, LevelScan &scan) {
  int64_t at = sky[k];
  // A buffer resting at the last placed offset but ranked before the last
  // placed buffer cannot go there (canonical order), so it waits too.
  bool resting =
      at > level || (at == level && (level != lastOffset || k > lastRank));
  // The key names the buffers barred from the level rather than the rank
  // that bars them, so it means the same under any try order.
  scan.key += skyHash[k] + (resting ? 0 : salt[k]);
  if (resting) {
    if (at < scan.low) {
      scan.next = scan.low;
      scan.low = at;
    } else if (at > scan.low && at < scan.next) {
      scan.next = at;
    }
  } else {
    // Waiting: it will rest on an unplaced neighbour, placed at or above
    // the level. If it fits entirely below the level, dropping it to its
    // sky gives a plan with the same peak and lower offsets, one this
    // search reaches on another branch: prune.
    if (at + rounded[k] <= level)
      return false;
    int64_t smallest = kNone;
    for (int32_t q : conflicts[k])
      if (offset[q] < 0) {
        smallest = rounded[q];
        break;
      }
    if (smallest == kNone)
      return false;
    at = level + smallest;
  }
  if (at + size[k] > capacity)
    return false;
  lowest[k] = at;
  scan.minLowest = std::min(scan.minLowest, at);
  scan.maxLowest = std::max(scan.maxLowest, at);
  return true;
}

bool ExactSearch::scanLevel(int32_t firstSec, int32_t endSec, LevelScan &scan) {
  scan.key = mixBits(level + kSeed) ^
             mixBits((uint64_t(firstSec) << 32 | uint32_t(endSec)) + kSeed);
  // The unplaced buffers of the part are those starting in it: one live
  // across its edge would have joined it to its neighbour.
  // Filled in a local copy, which can live in registers: through the
  // reference, each store to lowest[] could alias it.
  LevelScan local = scan;
  bool alive = forEachBit(unplacedBits.data(), firstStartingIn[firstSec],
                          firstStartingIn[endSec],
                          [&](int32_t k) { return scanBuffer(k, local); });
  scan = local;
  return alive && scan.low != kNone;
}

bool ExactSearch::solve(int32_t firstSec, int32_t endSec) {
  if (timedOut)
    return false;
  if (++nodes >= maxNodes ||
      ((nodes & 1023) == 0 && Clock::now() >= deadline)) {
    timedOut = true;
    return false;
  }

  size_t partsBase = parts.size();
  pushIndependentParts(firstSec, endSec);
  size_t numParts = parts.size() - partsBase;
  if (numParts != 1) {
    bool solved = numParts == 0 || solveEach(partsBase);
    parts.resize(partsBase);
    return solved;
  }
  std::tie(firstSec, endSec) = parts.back();
  parts.pop_back();

  // What the rest of the search depends on (which buffers are left, where
  // each could rest, the canonical-order state), and the lowest and next
  // lowest offsets a buffer can rest at.
  LevelScan scan;
  if (!scanLevel(firstSec, endSec, scan))
    return false;
  // The cache's slot is likely a miss in the CPU's caches: fetch it while
  // the bound is checked (which changes nothing but its own hints).
  failures.prefetch(scan.key);
  bool hopeless = boundFails(firstSec, endSec, scan.minLowest, scan.maxLowest);
  if (failures.contains(scan.key))
    return false;
  if (hopeless) {
    failures.insert(scan.key);
    return false;
  }

  size_t base = candidates.size();
  forEachBit(unplacedBits.data(), firstStartingIn[firstSec],
             firstStartingIn[endSec], [&](int32_t k) {
               if (sky[k] == scan.low && lowest[k] == scan.low)
                 candidates.push_back(k);
               return true;
             });
  orderCandidates(base);

  size_t mark = trail.size();
  bool found = false;
  for (size_t c = base; c < candidates.size() && !found && !timedOut; ++c) {
    place(candidates[c], scan.low);
    found = solve(firstSec, endSec);
    if (!found)
      undoTo(mark);
  }
  candidates.resize(base);
  if (found || timedOut)
    return found;
  // Nothing more at `low`: the next buffer rests higher.
  if (scan.next != kNone) {
    set(level, scan.next);
    if (solve(firstSec, endSec))
      return true;
    undoTo(mark);
  }
  if (!timedOut)
    failures.insert(scan.key);
  return false;
}

SearchResult ExactSearch::run(int64_t capacityLimit, Clock::time_point until,
                              uint64_t nodeLimit) {
  size_t count = inputIndex.size();
  size_t numSections = witness.size();
  sky.assign(count, 0);
  skyHash.resize(count);
  for (size_t k = 0; k < count; ++k)
    skyHash[k] = hashSky(static_cast<int32_t>(k), 0);
  offset.assign(count, -1);
  unplacedBits.assign(numWords, ~uint64_t(0));
  if (count % 64)
    unplacedBits.back() = (uint64_t(1) << (count % 64)) - 1;
  bytesLeft.assign(numSections, 0);
  crossing.assign(numSections, 0);
  for (size_t k = 0; k < count; ++k) {
    for (int32_t s = firstSection[k]; s < endSection[k]; ++s)
      bytesLeft[s] += rounded[k];
    for (int32_t s = firstSection[k]; s + 1 < endSection[k]; ++s)
      ++crossing[s];
  }
  level = 0;
  lastOffset = lastRank = -1;
  trail.clear();
  candidates.clear();
  parts.clear();
  capacity = capacityLimit;
  computeWeights();
  deadline = until;
  maxNodes = nodeLimit;
  timedOut = false;
  nodes = 0;
  // A state that cannot fit a capacity cannot fit a smaller one either.
  if (capacity > failuresCapacity && failuresCapacity >= 0)
    failures.clear();
  failuresCapacity = capacity;

  SearchResult result;
  result.found = solve(0, static_cast<int32_t>(numSections));
  result.exhausted = !timedOut;
  result.nodes = nodes;
  if (result.found) {
    result.offsets.assign(numInputs, 0);
    for (size_t k = 0; k < count; ++k) {
      result.offsets[inputIndex[k]] = offset[k];
      result.peak = std::max(result.peak, offset[k] + size[k]);
    }
  }
  return result;
}

} // namespace planner
} // namespace memlint
