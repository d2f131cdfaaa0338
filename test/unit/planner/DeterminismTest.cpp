//===- DeterminismTest.cpp - The same input always gives the same plan ----===//
//
// Without a time budget the exact search is bounded by work alone, so a plan
// must not depend on how fast the machine is or how busy: the planner runs
// repeatedly, alone and while other threads compete for the cores, and every
// plan must equal the first byte for byte.
//
//===----------------------------------------------------------------------===//

#include "analysis/planner/Planner.h"
#include "test/unit/planner/PlannerTestUtil.h"

#include <gtest/gtest.h>

#include <atomic>
#include <thread>

using namespace memlint::planner;

namespace {

/// Keeps every core busy until destroyed, so the planner gets a fraction of
/// the CPU it would get alone, at varying moments.
class CpuBurners {
public:
  CpuBurners() {
    unsigned count = std::max(2u, std::thread::hardware_concurrency());
    for (unsigned i = 0; i < count; ++i)
      threads.emplace_back([this] {
        volatile uint64_t x = 1;
        while (!stop.load(std::memory_order_relaxed))
          x = x * 6364136223846793005ULL + 1;
      });
  }
  ~CpuBurners() {
    stop = true;
    for (std::thread &t : threads)
      t.join();
  }

private:
  std::atomic<bool> stop{false};
  std::vector<std::thread> threads;
};

void expectSamePlan(const Plan &expected, const Plan &actual, int run) {
  EXPECT_EQ(expected.offsets, actual.offsets) << "run " << run;
  EXPECT_EQ(expected.peak, actual.peak) << "run " << run;
  EXPECT_EQ(expected.optimal, actual.optimal) << "run " << run;
  EXPECT_EQ(expected.method, actual.method) << "run " << run;
  EXPECT_FALSE(actual.clockBound) << "run " << run;
}

TEST(DeterminismTest, SamePlanAloneAndUnderLoad) {
  // Large and irregular enough that the search spends its whole budget
  // without closing the gap, so where it stops decides the plan.
  std::mt19937_64 rng(2);
  auto buffers = plannertest::randomBuffers(rng, 300, 1000, 1000);
  PlanOptions options;
  options.alignment = 1;
  options.searchNodeBudget = 40000;
  Plan first = planMemory(buffers, options);
  ASSERT_EQ(validatePlan(buffers, first, 1), "");
  ASSERT_FALSE(first.optimal) << "the instance must not be solved early";

  for (int run = 0; run < 2; ++run)
    expectSamePlan(first, planMemory(buffers, options), run);
  CpuBurners burners;
  for (int run = 2; run < 4; ++run)
    expectSamePlan(first, planMemory(buffers, options), run);
}

TEST(DeterminismTest, ConcurrentPlannersAgree) {
  // Several plans computed at once, in threads of one process, share
  // nothing: each must equal the plan computed alone.
  std::mt19937_64 rng(5);
  auto buffers = plannertest::randomBuffers(rng, 150, 400, 20000);
  PlanOptions options;
  options.searchNodeBudget = 20000;
  Plan alone = planMemory(buffers, options);
  ASSERT_EQ(validatePlan(buffers, alone, 64), "");
  std::vector<Plan> plans(4);
  std::vector<std::thread> threads;
  for (Plan &plan : plans)
    threads.emplace_back([&] { plan = planMemory(buffers, options); });
  for (std::thread &t : threads)
    t.join();
  for (size_t i = 0; i < plans.size(); ++i)
    expectSamePlan(alone, plans[i], static_cast<int>(i));
}

TEST(DeterminismTest, DefaultOptionsUseNoClock) {
  std::mt19937_64 rng(3);
  auto buffers = plannertest::randomBuffers(rng, 60, 100, 1000);
  PlanOptions options;
  EXPECT_EQ(options.timeBudgetMs, 0);
  EXPECT_GT(options.searchNodeBudget, 0);
  Plan plan = planMemory(buffers);
  EXPECT_EQ(validatePlan(buffers, plan, 64), "");
  EXPECT_FALSE(plan.clockBound);
}

} // namespace
