//===- BoundsTest.cpp - lowerBound, peakOf, noReuseBytes, validatePlan ----===//

#include "analysis/planner/Planner.h"

#include <gtest/gtest.h>

using namespace memlint::planner;

namespace {

TEST(LowerBoundTest, EmptyInput) {
  EXPECT_EQ(lowerBound({}, 64), 0);
  EXPECT_EQ(noReuseBytes({}, 64), 0);
  EXPECT_EQ(peakOf({}, {}), 0);
}

TEST(LowerBoundTest, MaxOfSimultaneouslyLiveBytes) {
  std::vector<Buffer> buffers = {
      {"a", 0, 10, 100}, {"b", 2, 5, 50}, {"c", 4, 8, 30}, {"d", 8, 12, 500}};
  // At t = 4: a + b + c = 180. At t = 8: a + d = 600.
  EXPECT_EQ(lowerBound(buffers, 1), 600);
  EXPECT_EQ(noReuseBytes(buffers, 1), 680);
}

TEST(LowerBoundTest, HalfOpenRangesDoNotMeet) {
  // One ends at 5 where the other starts: never live together.
  std::vector<Buffer> buffers = {{"a", 0, 5, 100}, {"b", 5, 9, 100}};
  EXPECT_EQ(lowerBound(buffers, 1), 100);
}

TEST(LowerBoundTest, AlignmentPadsAllButTheTopmost) {
  // Two live 1-byte buffers at 64-byte alignment: offsets 0 and 64 at best,
  // so no plan is below 65 bytes, although only 2 bytes are live.
  std::vector<Buffer> buffers = {{"a", 0, 4, 1}, {"b", 0, 4, 1}};
  EXPECT_EQ(lowerBound(buffers, 64), 65);
  EXPECT_EQ(lowerBound(buffers, 1), 2);
  // The largest padding is the one left out: 100 and 10 bytes at 64 give
  // roundUp sizes 128 and 64; the 10-byte one on top saves 54.
  std::vector<Buffer> mixed = {{"a", 0, 4, 100}, {"b", 0, 4, 10}};
  EXPECT_EQ(lowerBound(mixed, 64), 128 + 10);
}

TEST(LowerBoundTest, AlignedBoundIsReachable) {
  std::vector<Buffer> buffers = {{"a", 0, 4, 100}, {"b", 0, 4, 10}};
  Plan plan = planMemory(buffers, {64, 100});
  EXPECT_EQ(plan.peak, 138);
  EXPECT_EQ(validatePlan(buffers, plan, 64), "");
}

TEST(LowerBoundTest, BuffersWithoutLifetimeStillNeedTheirBytes) {
  std::vector<Buffer> buffers = {
      {"a", 3, 3, 700}, {"b", 0, 9, 0}, {"c", 0, 9, 10}};
  EXPECT_EQ(lowerBound(buffers, 1), 700);
}

TEST(ValidatePlanTest, AcceptsAValidPlan) {
  std::vector<Buffer> buffers = {
      {"a", 0, 4, 64}, {"b", 2, 6, 64}, {"c", 4, 8, 64}};
  Plan plan;
  plan.offsets = {0, 64, 0};
  plan.peak = 128;
  plan.lowerBound = 128;
  plan.noReuse = 192;
  EXPECT_EQ(validatePlan(buffers, plan, 64), "");
}

TEST(ValidatePlanTest, RejectsOverlapOfLiveBuffers) {
  std::vector<Buffer> buffers = {{"a", 0, 4, 64}, {"b", 2, 6, 64}};
  Plan plan;
  plan.offsets = {0, 32};
  plan.peak = 96;
  plan.lowerBound = 128;
  plan.noReuse = 128;
  std::string error = validatePlan(buffers, plan, 1);
  EXPECT_NE(error.find("overlaps"), std::string::npos) << error;
}

TEST(ValidatePlanTest, RejectsMisalignedOffset) {
  std::vector<Buffer> buffers = {{"a", 0, 4, 64}, {"b", 4, 6, 64}};
  Plan plan;
  plan.offsets = {0, 32};
  plan.peak = 96;
  plan.lowerBound = 64;
  plan.noReuse = 128;
  std::string error = validatePlan(buffers, plan, 64);
  EXPECT_NE(error.find("not a multiple"), std::string::npos) << error;
}

TEST(ValidatePlanTest, RejectsWrongNumbers) {
  std::vector<Buffer> buffers = {{"a", 0, 4, 64}, {"b", 4, 6, 64}};
  Plan plan;
  plan.offsets = {0, 0};
  plan.peak = 64;
  plan.lowerBound = 64;
  plan.noReuse = 128;
  EXPECT_EQ(validatePlan(buffers, plan, 64), "");
  plan.peak = 128;
  EXPECT_NE(validatePlan(buffers, plan, 64), "");
  plan.peak = 64;
  plan.lowerBound = 32;
  EXPECT_NE(validatePlan(buffers, plan, 64), "");
  plan.lowerBound = 64;
  plan.noReuse = 64;
  EXPECT_NE(validatePlan(buffers, plan, 64), "");
  plan.noReuse = 128;
  plan.offsets = {0};
  EXPECT_NE(validatePlan(buffers, plan, 64), "");
}

TEST(ValidatePlanTest, TouchingRangesMayShareMemory) {
  std::vector<Buffer> buffers = {{"a", 0, 4, 64}, {"b", 4, 6, 64}};
  Plan plan;
  plan.offsets = {0, 0};
  plan.peak = 64;
  plan.lowerBound = 64;
  plan.noReuse = 128;
  EXPECT_EQ(validatePlan(buffers, plan, 64), "");
}

} // namespace
