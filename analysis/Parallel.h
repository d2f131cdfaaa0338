//===- Parallel.h - Run independent work items on a few threads -*- C++ -*-===//
//
// The analysis of one function never touches another function's state, so
// functions of one file are analysed and checked side by side. Items are
// handed out one at a time (functions differ wildly in size).
//
//===----------------------------------------------------------------------===//
#ifndef MEMLINT_ANALYSIS_PARALLEL_H
#define MEMLINT_ANALYSIS_PARALLEL_H

#include <algorithm>
#include <atomic>
#include <functional>
#include <thread>
#include <vector>

namespace memlint {

/// Threads to use when the caller asked for `requested` (0: one per core).
inline unsigned resolveThreads(unsigned requested) {
  if (requested)
    return requested;
  return std::max(1u, std::thread::hardware_concurrency());
}

/// Calls fn(i) for every i in [0, n), on up to `threads` threads (the
/// calling thread is one of them).
inline void parallelForEach(size_t n, unsigned threads,
                            const std::function<void(size_t)> &fn) {
  threads = static_cast<unsigned>(std::min<size_t>(threads, n));
  if (threads <= 1) {
    for (size_t i = 0; i < n; ++i)
      fn(i);
    return;
  }
  std::atomic<size_t> next{0};
  auto work = [&] {
    for (size_t i = next++; i < n; i = next++)
      fn(i);
  };
  std::vector<std::thread> pool;
  for (unsigned t = 1; t < threads; ++t)
    pool.emplace_back(work);
  work();
  for (std::thread &t : pool)
    t.join();
}

} // namespace memlint

#endif
