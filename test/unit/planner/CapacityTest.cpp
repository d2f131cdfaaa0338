//===- CapacityTest.cpp - A capacity the planner is told to fit -----------===//

#include "analysis/planner/Planner.h"
#include "bench/planner/CsvReader.h"

#include <filesystem>
#include <gtest/gtest.h>

using namespace memlint::planner;

namespace {

// MiniMalloc's challenging instance E packs exactly into its capacity (its
// lower bound). Told the capacity, the planner looks for that packing
// first, on the default work budget, and finds it; aiming at smaller and
// smaller peaks it did not (1,118,208 bytes).
TEST(CapacityTest, FitsTheChallengingInstanceE) {
  std::string file =
      std::string(MEMLINT_MINIMALLOC_DATA) + "/challenging/E.1048576.csv";
  if (!std::filesystem::exists(file))
    GTEST_SKIP() << file << " is not there (../shared/data)";
  std::vector<Buffer> buffers;
  std::string error;
  ASSERT_TRUE(readMiniMallocCsv(file, buffers, error)) << error;
  PlanOptions options;
  options.alignment = 1;
  options.capacity = 1048576;
  Plan plan = planMemory(buffers, options);
  EXPECT_EQ(validatePlan(buffers, plan, 1), "");
  EXPECT_LE(plan.peak, options.capacity);
  EXPECT_FALSE(plan.clockBound);
  // Deterministic: the same plan again.
  EXPECT_EQ(planMemory(buffers, options).offsets, plan.offsets);
}

// A capacity the heuristics already meet, or one below the lower bound,
// changes nothing.
TEST(CapacityTest, NoEffectWhereItCannotMatter) {
  std::vector<Buffer> buffers = {{"a", 1, 5, 2},
                                 {"b", 0, 2, 2},
                                 {"c", 5, 6, 4},
                                 {"d", 0, 1, 4},
                                 {"e", 2, 4, 3}};
  PlanOptions plain;
  plain.alignment = 1;
  Plan reference = planMemory(buffers, plain);
  for (int64_t capacity : {1, 5, 7, 100}) {
    PlanOptions options = plain;
    options.capacity = capacity;
    Plan plan = planMemory(buffers, options);
    EXPECT_EQ(validatePlan(buffers, plan, 1), "");
    EXPECT_EQ(plan.peak, reference.peak) << "capacity " << capacity;
  }
}

} // namespace
