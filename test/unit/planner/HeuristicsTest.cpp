//===- HeuristicsTest.cpp - The reference planners ------------------------===//

#include "analysis/planner/Placement.h"
#include "analysis/planner/Planner.h"
#include "test/unit/planner/PlannerTestUtil.h"

#include <gtest/gtest.h>

using namespace memlint::planner;

namespace {

using Heuristic = Plan (*)(const std::vector<Buffer> &, int64_t);

struct NamedHeuristic {
  const char *name;
  Heuristic run;
};

const NamedHeuristic kHeuristics[] = {
    {"greedy-by-size", planGreedyBySize},
    {"xla-best-fit-size", planXlaBestFitBySize},
    {"xla-best-fit-lifetime", planXlaBestFitByLifetime},
    {"xla-best-fit", planXlaBestFit},
    {"best-fit-in-time", planBestFitInTime},
};

TEST(HeuristicsTest, ValidOnRandomInputs) {
  std::mt19937_64 rng(1);
  for (int round = 0; round < 200; ++round) {
    int count = 1 + static_cast<int>(rng() % 60);
    auto buffers = plannertest::randomBuffers(rng, count, 40, 1000,
                                              /*degenerate=*/true);
    for (int64_t alignment : {1, 8, 64}) {
      for (const NamedHeuristic &h : kHeuristics) {
        Plan plan = h.run(buffers, alignment);
        EXPECT_EQ(validatePlan(buffers, plan, alignment), "")
            << h.name << " round " << round << " alignment " << alignment;
      }
    }
  }
}

TEST(HeuristicsTest, DisjointLifetimesShareOffsetZero) {
  std::vector<Buffer> buffers = {
      {"a", 0, 2, 100}, {"b", 2, 4, 300}, {"c", 4, 6, 200}};
  for (const NamedHeuristic &h : kHeuristics) {
    Plan plan = h.run(buffers, 64);
    EXPECT_EQ(plan.offsets, (std::vector<int64_t>{0, 0, 0})) << h.name;
    EXPECT_EQ(plan.peak, 300) << h.name;
  }
}

TEST(HeuristicsTest, GreedyBySizePicksTheBestGap) {
  // Largest first: a 0..90, f 90..170, c 170..240, e 240..290, b 290..330.
  // When d comes, c has ended: it sees the gaps [0, 90) and [170, 240) and
  // takes the tighter one, not the first.
  std::vector<Buffer> buffers = {{"a", 2, 4, 90}, {"b", 2, 6, 40},
                                 {"c", 3, 5, 70}, {"d", 5, 10, 10},
                                 {"e", 2, 6, 50}, {"f", 2, 6, 80}};
  Plan plan = planGreedyBySize(buffers, 1);
  EXPECT_EQ(plan.offsets, (std::vector<int64_t>{0, 290, 170, 170, 240, 90}));
  EXPECT_EQ(plan.peak, 330);
}

TEST(HeuristicsTest, BestFitInTimeFollowsAllocationOrder) {
  // In allocation order, "a" takes offset 0 and "b" goes above it; when "c"
  // arrives after "a" is gone, the 64-byte hole at 0 fits it exactly.
  std::vector<Buffer> buffers = {
      {"a", 0, 2, 64}, {"b", 1, 5, 128}, {"c", 3, 6, 64}};
  Plan plan = planBestFitInTime(buffers, 64);
  EXPECT_EQ(plan.offsets, (std::vector<int64_t>{0, 64, 0}));
  EXPECT_EQ(plan.peak, 192);
}

// The sweep (TimeSweep.cpp) places as the scan of placed buffers in
// allocation order does, offset for offset: the scan is the definition.
TEST(HeuristicsTest, BestFitInTimeSweepEqualsTheScan) {
  std::mt19937_64 rng(3);
  for (int round = 0; round < 300; ++round) {
    int count = 1 + static_cast<int>(rng() % 80);
    auto buffers =
        plannertest::randomBuffers(rng, count, 1 + rng() % 60, 1 + rng() % 700,
                                   /*degenerate=*/round % 2);
    for (int64_t alignment : {1, 8, 64, 256}) {
      std::vector<size_t> byStart =
          sortedIndices(buffers, [&](size_t a, size_t b) {
            return buffers[a].lower < buffers[b].lower;
          });
      Plan scan = placeInOrder(buffers, byStart, alignment, Fit::Best, "scan");
      Plan sweep = planBestFitInTime(buffers, alignment);
      EXPECT_EQ(sweep.offsets, scan.offsets)
          << "round " << round << " alignment " << alignment;
      EXPECT_EQ(sweep.peak, scan.peak);
    }
  }
}

// 100,000 buffers live together: one pass of the sweep (the scan was
// quadratic: minutes).
TEST(HeuristicsTest, BestFitInTimeOnManyBuffersLiveTogether) {
  std::vector<Buffer> buffers;
  for (int i = 0; i < 100000; ++i)
    buffers.push_back({"b" + std::to_string(i), i, 200000, 16});
  Plan plan = planBestFitInTime(buffers, 16);
  EXPECT_EQ(plan.peak, 1600000);
  EXPECT_EQ(plan.offsets[99999], 1599984);
}

TEST(HeuristicsTest, XlaTakesTheBetterOrder) {
  std::mt19937_64 rng(2);
  for (int round = 0; round < 50; ++round) {
    auto buffers = plannertest::randomBuffers(rng, 30, 30, 500);
    Plan best = planXlaBestFit(buffers, 1);
    EXPECT_EQ(best.peak, std::min(planXlaBestFitBySize(buffers, 1).peak,
                                  planXlaBestFitByLifetime(buffers, 1).peak));
  }
}

} // namespace
