//===- PlannerTest.cpp - memlint's planner: quality and guarantees --------===//

#include "analysis/planner/Planner.h"
#include "analysis/planner/ExactSearch.h"
#include "test/unit/planner/PlannerTestUtil.h"

#include <gtest/gtest.h>

using namespace memlint::planner;

namespace {

/// The MiniMalloc repository's example (examples/input.12.csv): 20 bytes
/// without reuse, 12 at best.
const std::vector<Buffer> kMiniMallocExample = {{"b1", 0, 3, 4},
                                                {"b2", 3, 9, 4},
                                                {"b3", 0, 9, 4},
                                                {"b4", 9, 21, 4},
                                                {"b5", 0, 21, 4}};

TEST(PlannerTest, EmptyInput) {
  Plan plan = planMemory({});
  EXPECT_TRUE(plan.offsets.empty());
  EXPECT_EQ(plan.peak, 0);
  EXPECT_TRUE(plan.optimal);
}

TEST(PlannerTest, MiniMallocExample) {
  Plan plan = planMemory(kMiniMallocExample, {1, 1000});
  EXPECT_EQ(validatePlan(kMiniMallocExample, plan, 1), "");
  EXPECT_EQ(plan.peak, 12);
  EXPECT_EQ(plan.lowerBound, 12);
  EXPECT_EQ(plan.noReuse, 20);
  EXPECT_TRUE(plan.optimal);
}

TEST(PlannerTest, BeatsEveryHeuristicWhereTheyMissTheBound) {
  // Found by random search: every reference planner needs 7 bytes, the
  // live bytes never exceed 6, and 6 is reachable.
  std::vector<Buffer> buffers = {{"a", 1, 5, 2},
                                 {"b", 0, 2, 2},
                                 {"c", 5, 6, 4},
                                 {"d", 0, 1, 4},
                                 {"e", 2, 4, 3}};
  EXPECT_EQ(planGreedyBySize(buffers, 1).peak, 7);
  EXPECT_EQ(planXlaBestFit(buffers, 1).peak, 7);
  EXPECT_EQ(planBestFitInTime(buffers, 1).peak, 7);
  Plan plan = planMemory(buffers, {1, 1000});
  EXPECT_EQ(validatePlan(buffers, plan, 1), "");
  EXPECT_EQ(plan.peak, 6);
  EXPECT_TRUE(plan.optimal);
}

TEST(PlannerTest, HeuristicsOnlyWithoutBudget) {
  std::vector<Buffer> buffers = {{"a", 1, 5, 2},
                                 {"b", 0, 2, 2},
                                 {"c", 5, 6, 4},
                                 {"d", 0, 1, 4},
                                 {"e", 2, 4, 3}};
  PlanOptions options;
  options.alignment = 1;
  options.searchNodeBudget = 0;
  Plan plan = planMemory(buffers, options);
  EXPECT_EQ(plan.peak, 7);
  EXPECT_FALSE(plan.optimal);
  EXPECT_NE(plan.method, "exact");
}

TEST(PlannerTest, DegenerateBuffersAreHarmless) {
  std::vector<Buffer> buffers = {
      {"empty-range", 4, 4, 256}, {"zero-size", 0, 9, 0}, {"a", 0, 9, 64}};
  Plan plan = planMemory(buffers);
  EXPECT_EQ(validatePlan(buffers, plan, 64), "");
  EXPECT_EQ(plan.offsets[0], 0);
  EXPECT_EQ(plan.offsets[1], 0);
  EXPECT_EQ(plan.peak, 256);
}

TEST(PlannerTest, AlignmentIsHonoured) {
  std::mt19937_64 rng(3);
  for (int round = 0; round < 40; ++round) {
    auto buffers = plannertest::randomBuffers(rng, 25, 20, 300);
    for (int64_t alignment : {1, 2, 16, 64, 4096}) {
      Plan plan = planMemory(buffers, {alignment, 20});
      EXPECT_EQ(validatePlan(buffers, plan, alignment), "");
      for (int64_t offset : plan.offsets)
        EXPECT_EQ(offset % alignment, 0);
    }
  }
}

TEST(PlannerTest, NeverWorseThanAnyReferenceHeuristic) {
  std::mt19937_64 rng(4);
  for (int round = 0; round < 100; ++round) {
    int count = 1 + static_cast<int>(rng() % 80);
    auto buffers = plannertest::randomBuffers(rng, count, 50, 2000,
                                              /*degenerate=*/true);
    for (int64_t alignment : {1, 64}) {
      Plan plan = planMemory(buffers, {alignment, 10});
      ASSERT_EQ(validatePlan(buffers, plan, alignment), "");
      EXPECT_LE(plan.peak, planGreedyBySize(buffers, alignment).peak);
      EXPECT_LE(plan.peak, planXlaBestFit(buffers, alignment).peak);
      EXPECT_LE(plan.peak, planBestFitInTime(buffers, alignment).peak);
      EXPECT_GE(plan.peak, plan.lowerBound);
    }
  }
}

TEST(PlannerTest, FindsTheTrueOptimumOnSmallInputs) {
  std::mt19937_64 rng(5);
  for (int round = 0; round < 300; ++round) {
    int count = 2 + static_cast<int>(rng() % 6);
    auto buffers = plannertest::randomBuffers(rng, count, 10, 9,
                                              /*degenerate=*/true);
    int64_t alignment = round % 3 == 0 ? 4 : 1;
    int64_t optimum = plannertest::bruteForceOptimum(buffers, alignment);
    Plan plan = planMemory(buffers, {alignment, 5000});
    ASSERT_EQ(validatePlan(buffers, plan, alignment), "") << "round " << round;
    EXPECT_EQ(plan.peak, optimum) << "round " << round;
    EXPECT_TRUE(plan.optimal) << "round " << round;
  }
}

TEST(ExactSearchTest, DecidesEveryCapacityLikeBruteForce) {
  // The search must find a plan at the optimum and prove that none exists
  // one byte below, whatever order it tries candidates in.
  std::mt19937_64 rng(6);
  auto farAway = Clock::now() + std::chrono::hours(1);
  for (int round = 0; round < 300; ++round) {
    int count = 2 + static_cast<int>(rng() % 7);
    auto buffers = plannertest::randomBuffers(rng, count, 12, 9);
    int64_t alignment = round % 4 == 0 ? 4 : 1;
    int64_t optimum = plannertest::bruteForceOptimum(buffers, alignment);
    ExactSearch search(buffers, alignment);
    ExactSearch::Ordering how;
    how.exponent = round % 3 ? 1.0 : 2.0;
    how.slackScale = round % 5 ? 0.0 : 0.05;
    how.seed = round % 2 ? rng() : 0;
    search.setOrdering(how);
    SearchResult fits = search.run(optimum, farAway);
    ASSERT_TRUE(fits.found) << "round " << round;
    EXPECT_LE(fits.peak, optimum);
    SearchResult below = search.run(optimum - 1, farAway);
    EXPECT_FALSE(below.found) << "round " << round;
    EXPECT_TRUE(below.exhausted) << "round " << round;
  }
}

TEST(PlannerTest, NodeBudgetMakesPlansReproducible) {
  std::mt19937_64 rng(8);
  auto buffers = plannertest::randomBuffers(rng, 120, 200, 5000);
  PlanOptions options;
  options.alignment = 1;
  options.timeBudgetMs = 60000; // the node budget ends the search first
  options.searchNodeBudget = 20000;
  Plan first = planMemory(buffers, options);
  Plan second = planMemory(buffers, options);
  EXPECT_EQ(validatePlan(buffers, first, 1), "");
  EXPECT_EQ(first.offsets, second.offsets);
  EXPECT_EQ(first.peak, second.peak);
}

TEST(PlannerTest, TimeBudgetAloneGivesValidPlans) {
  std::mt19937_64 rng(7);
  auto buffers = plannertest::randomBuffers(rng, 400, 1000, 100000);
  PlanOptions options;
  options.timeBudgetMs = 50;
  options.searchNodeBudget = -1; // the clock alone
  Plan plan = planMemory(buffers, options);
  EXPECT_EQ(validatePlan(buffers, plan, 64), "");
  // Cut by the clock unless the search closed the gap first.
  EXPECT_TRUE(plan.clockBound || plan.optimal);
}

} // namespace
