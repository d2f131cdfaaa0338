//===- HeuristicsTest.cpp - The reference planners ------------------------===//

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
