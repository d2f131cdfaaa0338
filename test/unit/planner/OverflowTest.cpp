//===- OverflowTest.cpp - Sizes beyond 64-bit offsets are refused ---------===//

#include "analysis/planner/Planner.h"
#include "test/unit/planner/PlannerTestUtil.h"

#include <gtest/gtest.h>

#include <limits>

using namespace memlint::planner;

namespace {

constexpr int64_t kMax = std::numeric_limits<int64_t>::max();

void expectRefused(const Plan &plan, const std::vector<Buffer> &buffers) {
  EXPECT_NE(plan.error, "") << plan.method;
  EXPECT_TRUE(plan.offsets.empty()) << plan.method;
  EXPECT_NE(validatePlan(buffers, plan, 1), "") << plan.method;
}

TEST(OverflowTest, TwoHugeBuffersAreRefusedNotWrapped) {
  // 2^62 + 2^62 wraps to a negative offset, which would overlap `c`.
  int64_t huge = int64_t(1) << 62;
  std::vector<Buffer> buffers = {
      {"a", 0, 4, huge}, {"b", 0, 4, huge}, {"c", 0, 4, 64}};
  EXPECT_NE(checkPlannable(buffers, 1), "");
  expectRefused(planMemory(buffers), buffers);
  expectRefused(planGreedyBySize(buffers, 1), buffers);
  expectRefused(planXlaBestFit(buffers, 1), buffers);
  expectRefused(planBestFitInTime(buffers, 1), buffers);
}

TEST(OverflowTest, AlignmentRoundingThatOverflowsIsRefused) {
  std::vector<Buffer> buffers = {{"a", 0, 4, kMax - 10}};
  EXPECT_NE(checkPlannable(buffers, 64), "");
  PlanOptions options;
  options.alignment = 64;
  expectRefused(planMemory(buffers, options), buffers);
  // An alignment near the top of the range, with a small size.
  buffers = {{"a", 0, 4, 3}, {"b", 0, 4, 3}};
  EXPECT_NE(checkPlannable(buffers, kMax / 2), "");
}

TEST(OverflowTest, NegativeSizeIsRefused) {
  std::vector<Buffer> buffers = {{"a", 0, 4, -1}};
  EXPECT_NE(checkPlannable(buffers, 1), "");
  expectRefused(planMemory(buffers), buffers);
}

TEST(OverflowTest, LargeButRepresentableArenasArePlanned) {
  int64_t big = int64_t(1) << 59;
  std::vector<Buffer> buffers = {
      {"a", 0, 4, big}, {"b", 2, 6, big}, {"c", 0, 9, 64}};
  EXPECT_EQ(checkPlannable(buffers, 64), "");
  Plan plan = planMemory(buffers);
  ASSERT_EQ(plan.error, "");
  EXPECT_EQ(validatePlan(buffers, plan, 64), "");
  EXPECT_EQ(plan.peak, 2 * big + 64);
}

TEST(OverflowTest, BoundsSaturateInsteadOfWrapping) {
  std::vector<Buffer> buffers = {{"a", 0, 4, kMax}, {"b", 0, 4, kMax}};
  EXPECT_EQ(lowerBound(buffers, 1), kMax);
  EXPECT_EQ(noReuseBytes(buffers, 1), kMax);
}

TEST(OverflowTest, ExtremeTimesAreHarmless) {
  std::vector<Buffer> buffers = {
      {"a", std::numeric_limits<int64_t>::min(), kMax, 100},
      {"b", -5, 5, 200},
      {"c", 5, kMax, 300}};
  Plan plan = planMemory(buffers, {1});
  EXPECT_EQ(validatePlan(buffers, plan, 1), "");
  EXPECT_EQ(plan.peak, 400);
}

TEST(NoReuseTest, AppliesAlignmentLikeTheLowerBound) {
  // Three 1-byte buffers live together at alignment 64: the two lower ones
  // each take a 64-byte slot, the top one its byte.
  std::vector<Buffer> together = {
      {"a", 0, 4, 1}, {"b", 0, 4, 1}, {"c", 0, 4, 1}};
  EXPECT_EQ(lowerBound(together, 64), 129);
  EXPECT_EQ(noReuseBytes(together, 64), 129);
  EXPECT_EQ(noReuseBytes(together, 1), 3);
  // Never below the lower bound, whatever the alignment, and what plans
  // report.
  std::mt19937_64 rng(11);
  for (int round = 0; round < 200; ++round) {
    auto buffers = plannertest::randomBuffers(rng, 1 + round % 12, 20, 300,
                                              /*degenerate=*/true);
    int64_t alignment = int64_t(1) << (round % 8);
    int64_t noReuse = noReuseBytes(buffers, alignment);
    EXPECT_GE(noReuse, lowerBound(buffers, alignment)) << "round " << round;
    PlanOptions options;
    options.alignment = alignment;
    options.searchNodeBudget = 0;
    Plan plan = planMemory(buffers, options);
    EXPECT_EQ(plan.noReuse, noReuse) << "round " << round;
  }
}

} // namespace
