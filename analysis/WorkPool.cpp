//===- WorkPool.cpp - The process's one pool of worker threads ------------===//
#include "analysis/WorkPool.h"

#include "analysis/NestingDepth.h"

#include <algorithm>
#include <condition_variable>
#include <pthread.h>
#include <thread>

namespace memlint {

/// Threads a request may get beyond the cores.
static constexpr unsigned MaxExtraThreads = 64;

unsigned resolveThreads(unsigned requested) {
  unsigned cores = std::max(1u, std::thread::hardware_concurrency());
  // Each thread reserves a workStackBytes() stack: `-j 50000` ran out of
  // address space and aborted in pthread_create. Far more threads than
  // cores do no more work; a few more (tests ask for 4 on 2 cores) cost
  // only address space.
  unsigned n =
      requested ? std::min(requested, std::max(cores, MaxExtraThreads)) : cores;
  // Under an address-space limit, only as many stacks as fit.
  return threadsThatFit(n);
}

namespace {
/// The pool and its size. Never destroyed (and reachable to leak checkers):
/// contexts and detached work may use it until the process ends.
struct PoolState {
  std::mutex lock;
  unsigned configured = 0; // configureWorkPool's request, 0 for none
  unsigned size = 0;       // 0 until first used
  llvm::StdThreadPool *pool = nullptr;
};

PoolState &poolState() {
  static auto *state = new PoolState();
  return *state;
}

/// The size, fixed on first use (`state.lock` held).
unsigned sizeLocked(PoolState &state) {
  if (!state.size)
    state.size = resolveThreads(state.configured);
  return state.size;
}

/// Starts a pool of `size` threads, each with a workStackBytes() stack.
llvm::StdThreadPool *startPool(unsigned size) {
  auto *pool = new llvm::StdThreadPool(llvm::hardware_concurrency(size));
#ifdef __GLIBC__
  // StdThreadPool starts its threads with llvm::thread's default stack (the
  // system's) and takes no stack size. glibc lets a process change the
  // default for threads created from then on: it is changed while the
  // pool's threads are started below, and put back right after.
  pthread_attr_t saved;
  bool swapped = pthread_getattr_default_np(&saved) == 0;
  if (swapped) {
    pthread_attr_t large;
    pthread_attr_init(&large);
    pthread_attr_setstacksize(&large, workStackBytes());
    swapped = pthread_setattr_default_np(&large) == 0;
    pthread_attr_destroy(&large);
  }
#endif
  // The pool starts a thread when a task is queued and it has fewer threads
  // than queued and running tasks: `size` tasks that wait for each other
  // make it start all of its threads now, under the changed default.
  std::mutex m;
  std::condition_variable cv;
  unsigned started = 0;
  llvm::ThreadPoolTaskGroup group(*pool);
  for (unsigned i = 0; i < size; ++i)
    group.async([&] {
      std::unique_lock<std::mutex> guard(m);
      if (++started == size)
        cv.notify_all();
      cv.wait(guard, [&] { return started == size; });
    });
#ifdef __GLIBC__
  if (swapped)
    pthread_setattr_default_np(&saved);
  pthread_attr_destroy(&saved);
#endif
  group.wait();
  return pool;
}
} // namespace

void configureWorkPool(unsigned jobs) {
  PoolState &state = poolState();
  std::lock_guard<std::mutex> guard(state.lock);
  if (!state.size && !state.configured)
    state.configured = resolveThreads(jobs);
}

unsigned workPoolSize() {
  PoolState &state = poolState();
  std::lock_guard<std::mutex> guard(state.lock);
  return sizeLocked(state);
}

unsigned batchThreads(unsigned requested) {
  unsigned size = workPoolSize();
  return requested ? std::min(requested, size) : size;
}

llvm::ThreadPoolInterface &workThreadPool() {
  PoolState &state = poolState();
  std::lock_guard<std::mutex> guard(state.lock);
  if (!state.pool)
    state.pool = startPool(sizeLocked(state));
  return *state.pool;
}

WorkBatch::WorkBatch(unsigned threads) : threads(batchThreads(threads)) {
  if (this->threads > 1)
    group = std::make_unique<llvm::ThreadPoolTaskGroup>(workThreadPool());
}

WorkBatch::~WorkBatch() {
  {
    std::lock_guard<std::mutex> guard(lock);
    if (queue.empty() && !draining)
      return;
  }
  try {
    wait();
  } catch (...) {
  }
}

void WorkBatch::add(llvm::unique_function<void()> task) {
  bool start;
  {
    std::lock_guard<std::mutex> guard(lock);
    queue.push_back({added++, std::move(task)});
    start = group && draining + (callerReserved ? 1 : 0) < threads;
    if (start)
      ++draining;
  }
  // Safe outside the lock: the task that called add() (or the caller,
  // before wait()) keeps the group from finishing until it returns.
  if (start)
    group->async([this] { drain(); });
}

void WorkBatch::drain() {
  for (;;) {
    Task task{0, nullptr};
    {
      std::lock_guard<std::mutex> guard(lock);
      if (queue.empty()) {
        --draining;
        return;
      }
      task = std::move(queue.front());
      queue.pop_front();
    }
    try {
      task.run();
    } catch (...) {
      std::lock_guard<std::mutex> guard(lock);
      if (!failure || task.index < failedIndex) {
        failure = std::current_exception();
        failedIndex = task.index;
      }
    }
  }
}

void WorkBatch::wait() {
  {
    std::lock_guard<std::mutex> guard(lock);
    callerReserved = false;
    ++draining;
  }
  drain();
  // On a pool thread this runs queued pool tasks until the group is done;
  // elsewhere it blocks.
  if (group)
    group->wait();
  std::exception_ptr thrown;
  {
    std::lock_guard<std::mutex> guard(lock);
    std::swap(thrown, failure);
  }
  if (thrown)
    std::rethrow_exception(thrown);
}

void parallelFor(size_t n, unsigned threads,
                 llvm::function_ref<void(size_t)> fn) {
  WorkBatch batch(threads);
  for (size_t i = 0; i < n; ++i)
    batch.add([fn, i] { fn(i); });
  batch.wait();
}

} // namespace memlint
