//===- WorkPool.h - The process's one pool of worker threads ----*- C++ -*-===//
//
// Everything memlint does side by side runs on one process-wide
// llvm::StdThreadPool: the chunks of a large file, the functions of a module
// (callees first), the files of `memlint lint`, and the MLIRContexts' own
// parallel work (the verifier). One pool means -j N is N threads, however
// the work nests, instead of a pool per component each sized N.
//
// Work is submitted as a WorkBatch. A batch's task may start and wait for a
// batch of its own: waiting on a pool thread (llvm::ThreadPoolTaskGroup::wait
// from a worker) runs queued pool tasks meanwhile, so nested batches cannot
// run out of threads. Tasks must not block on anything but their own
// batches, or the pool's threads could all end up waiting.
//
// Pool threads have the caller's large stack (LargeStackBytes, see
// NestingDepth.h): a file linted on a pool thread may be as deep as one
// linted on the main thread.
//
//===----------------------------------------------------------------------===//
#ifndef MEMLINT_ANALYSIS_WORKPOOL_H
#define MEMLINT_ANALYSIS_WORKPOOL_H

#include "llvm/ADT/FunctionExtras.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/Support/ThreadPool.h"
#include <cstddef>
#include <deque>
#include <exception>
#include <memory>
#include <mutex>

namespace memlint {

/// Threads to use when the caller asked for `requested` (0: one per core;
/// at most 64, or one per core where there are more).
unsigned resolveThreads(unsigned requested);

/// Sizes the process's pool at `jobs` threads (0: one per core). The pool
/// is sized once: only a call made before its first use counts (front ends
/// call this as soon as they know their -j); without one it has a thread
/// per core.
void configureWorkPool(unsigned jobs);

/// The threads the pool runs work on; 1 means there is no pool and every
/// batch runs on its caller.
unsigned workPoolSize();

/// The threads a batch that asked for `requested` gets: never more than
/// the pool has, and 0 asks for all of them.
unsigned batchThreads(unsigned requested);

/// The pool itself, for MLIRContext::setThreadPool. Only when
/// workPoolSize() > 1.
llvm::ThreadPoolInterface &workThreadPool();

/// Tasks run on up to `threads` threads at a time (batchThreads), the
/// thread that waits for them being one. With one thread (or a pool of one)
/// they run on the caller, inside wait(), in the order they were added.
class WorkBatch {
public:
  explicit WorkBatch(unsigned threads);
  /// Waits for the tasks still running (an exception is dropped).
  ~WorkBatch();
  WorkBatch(const WorkBatch &) = delete;
  WorkBatch &operator=(const WorkBatch &) = delete;

  /// Adds a task. The batch's own tasks may add more until wait() returns.
  void add(llvm::unique_function<void()> task);
  /// Runs tasks on the calling thread too, and returns once every task
  /// added (before or during the wait) has finished. Every task runs even
  /// if one throws; then the exception of the earliest added task that
  /// threw is rethrown.
  void wait();

private:
  struct Task {
    size_t index;
    llvm::unique_function<void()> run;
  };
  /// Runs queued tasks until the queue is empty.
  void drain();

  unsigned threads;
  std::mutex lock; // guards everything below but `group`
  std::deque<Task> queue;
  size_t added = 0;
  /// Threads draining the queue now (pool tasks and the waiting caller).
  unsigned draining = 0;
  /// One of `threads` is kept for the caller until it waits.
  bool callerReserved = true;
  size_t failedIndex = 0;
  std::exception_ptr failure;
  /// The pool tasks of this batch; null when it runs on the caller only.
  std::unique_ptr<llvm::ThreadPoolTaskGroup> group;
};

/// Calls fn(i) for every i in [0, n), on up to `threads` threads (the
/// calling thread is one), as one batch.
void parallelFor(size_t n, unsigned threads,
                 llvm::function_ref<void(size_t)> fn);

} // namespace memlint

#endif
