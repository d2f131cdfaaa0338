// The process's one pool: batches at one thread run on the caller, nested
// batches finish, exceptions reach the waiter, and linting gives the same
// findings at -j 1 and -j N.
#include "analysis/WorkPool.h"
#include "analysis/Document.h"
#include "analysis/Engine.h"
#include "analysis/NestingDepth.h"

#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <pthread.h>
#include <stdexcept>
#include <thread>

using namespace memlint;

namespace {

/// Sizes the pool for these tests (only the first call counts: where an
/// earlier test of the same process used it already, it keeps its size).
void usePool() { configureWorkPool(4); }

TEST(WorkPoolTest, OneThreadRunsOnTheCallerInOrder) {
  usePool();
  std::vector<int> order;
  std::thread::id caller = std::this_thread::get_id();
  bool elsewhere = false;
  WorkBatch batch(1);
  for (int i = 0; i < 5; ++i)
    batch.add([&, i] {
      elsewhere |= std::this_thread::get_id() != caller;
      order.push_back(i);
      if (i == 1) // added by a task: runs after those already queued
        batch.add([&] { order.push_back(10); });
    });
  EXPECT_TRUE(order.empty()); // nothing runs before wait()
  batch.wait();
  EXPECT_FALSE(elsewhere);
  EXPECT_EQ(order, (std::vector<int>{0, 1, 2, 3, 4, 10}));
}

TEST(WorkPoolTest, NestedBatchesFinish) {
  usePool();
  // Three levels of batches, each as wide as the pool and more: every
  // level waits for the next one from a pool thread.
  std::atomic<unsigned> leaves{0};
  parallelFor(8, 0, [&](size_t) {
    parallelFor(8, 0, [&](size_t) {
      WorkBatch inner(0);
      for (int i = 0; i < 8; ++i)
        inner.add([&] { ++leaves; });
      inner.wait();
    });
  });
  EXPECT_EQ(leaves.load(), 8u * 8u * 8u);
}

TEST(WorkPoolTest, TasksAddTasks) {
  usePool();
  // A binary tree of tasks, each node adding its children to the batch.
  std::atomic<unsigned> nodes{0};
  WorkBatch batch(0);
  std::function<void(unsigned)> node = [&](unsigned depth) {
    ++nodes;
    if (depth < 9)
      for (int c = 0; c < 2; ++c)
        batch.add([&node, depth] { node(depth + 1); });
  };
  batch.add([&] { node(0); });
  batch.wait();
  EXPECT_EQ(nodes.load(), (1u << 10) - 1);
}

TEST(WorkPoolTest, NoMoreThreadsThanAsked) {
  usePool();
  if (workPoolSize() < 3)
    GTEST_SKIP() << "pool of " << workPoolSize();
  std::atomic<unsigned> now{0}, most{0};
  parallelFor(12, 2, [&](size_t) {
    unsigned n = ++now;
    for (unsigned m = most; n > m && !most.compare_exchange_weak(m, n);)
      ;
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
    --now;
  });
  EXPECT_LE(most.load(), 2u);
  EXPECT_GE(most.load(), 1u);
}

TEST(WorkPoolTest, EarliestExceptionReachesTheWaiter) {
  usePool();
  for (unsigned threads : {1u, 4u}) {
    std::atomic<unsigned> ran{0};
    WorkBatch batch(threads);
    for (int i = 0; i < 20; ++i)
      batch.add([&, i] {
        ++ran;
        if (i == 7 || i == 13)
          throw std::runtime_error("task " + std::to_string(i));
      });
    try {
      batch.wait();
      ADD_FAILURE() << "no exception at " << threads << " threads";
    } catch (const std::runtime_error &e) {
      EXPECT_STREQ(e.what(), "task 7");
    }
    EXPECT_EQ(ran.load(), 20u) << "every task runs";
  }
}

TEST(WorkPoolTest, PoolThreadsHaveTheLargeStack) {
  usePool();
  if (workPoolSize() < 2)
    GTEST_SKIP() << "no pool threads";
  std::atomic<size_t> smallest{~size_t(0)};
  std::thread::id caller = std::this_thread::get_id();
  parallelFor(16, 0, [&](size_t) {
    // Long enough for the pool's threads to take some of the tasks.
    std::this_thread::sleep_for(std::chrono::milliseconds(2));
    if (std::this_thread::get_id() == caller)
      return;
    pthread_attr_t attr;
    size_t size = 0;
    if (pthread_getattr_np(pthread_self(), &attr) == 0) {
      pthread_attr_getstacksize(&attr, &size);
      pthread_attr_destroy(&attr);
    }
    for (size_t s = smallest;
         size < s && !smallest.compare_exchange_weak(s, size);)
      ;
  });
  if (smallest == ~size_t(0))
    GTEST_SKIP() << "every task ran on the caller";
  EXPECT_GE(smallest.load(), size_t(LargeStackBytes));
}

/// A module whose call graph has chains (callers before callees in the
/// text), fresh results, a cycle and leaks on some paths.
std::string callGraphModule(unsigned n) {
  std::string s;
  s += "func.func @make() -> memref<4xf32> {\n"
       "  %a = memref.alloc() : memref<4xf32>\n"
       "  return %a : memref<4xf32>\n}\n";
  s += "func.func @ping(%c: i1) {\n"
       "  %a = memref.alloc() : memref<4xf32>\n"
       "  scf.if %c {\n    func.call @pong(%c) : (i1) -> ()\n  }\n"
       "  return\n}\n";
  s += "func.func @pong(%c: i1) {\n"
       "  func.call @ping(%c) : (i1) -> ()\n  return\n}\n";
  for (unsigned i = n; i > 0; --i) {
    std::string id = std::to_string(i);
    s += "func.func @use" + id + "(%c: i1) {\n";
    s += "  %b = func.call @make() : () -> memref<4xf32>\n";
    if (i > 1)
      s += "  func.call @use" + std::to_string(i - 1) + "(%c) : (i1) -> ()\n";
    if (i % 3 == 0)
      s += "  func.call @ping(%c) : (i1) -> ()\n";
    if (i % 2 == 0)
      s += "  scf.if %c {\n    memref.dealloc %b : memref<4xf32>\n  }\n";
    else if (i % 5 != 0)
      s += "  memref.dealloc %b : memref<4xf32>\n";
    s += "  return\n}\n";
  }
  return s;
}

TEST(WorkPoolTest, LintingAgreesAtOneAndManyThreads) {
  usePool();
  std::string text = callGraphModule(60);
  auto lint = [&](unsigned threads) {
    // Chunked parsing too (every size is large enough).
    auto doc = Document::parse(text, "calls.mlir", threads,
                               /*minChunkedBytes=*/0);
    EXPECT_TRUE(doc->isValid());
    LintOptions opts;
    opts.threads = threads;
    return lintDocument(*doc, opts);
  };
  std::vector<Finding> one = lint(1);
  EXPECT_GT(one.size(), 30u);
  for (unsigned threads : {2u, 4u, 0u}) {
    std::vector<Finding> many = lint(threads);
    ASSERT_EQ(one.size(), many.size()) << threads << " threads";
    for (size_t i = 0; i < one.size(); ++i) {
      EXPECT_EQ(one[i].check, many[i].check);
      EXPECT_EQ(one[i].message.str(), many[i].message.str());
      EXPECT_TRUE(one[i].range == many[i].range);
    }
  }
}

} // namespace
