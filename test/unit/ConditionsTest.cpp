// How ConditionTable words a path, as seen from the op a finding is
// anchored at.
#include "analysis/lifetime/Conditions.h"
#include "analysis/Document.h"
#include "analysis/lifetime/IntegerFacts.h"

#include "mlir/IR/Operation.h"
#include <gtest/gtest.h>

using namespace memlint;

namespace {

/// A table over the atoms of a small function: its i1 arguments, and a
/// loop with an op inside it and one after it.
struct ConditionsTest : ::testing::Test {
  std::unique_ptr<Document> doc = Document::parse(R"(
func.func @f(%c: i1, %d: i1, %n: index) {
  scf.for %i = %n to %n step %n {
    "test.in_loop"() : () -> ()
  }
  "test.after_loop"() : () -> ()
  return
})",
                                                  "c.mlir");
  BddManager bdd;
  IntegerFacts facts;
  ConditionTable conds{bdd,
                       [](mlir::Value v) {
                         unsigned i =
                             mlir::cast<mlir::BlockArgument>(v).getArgNumber();
                         return std::string(i == 0 ? "%c" : "%d");
                       },
                       facts};

  mlir::Operation *op(llvm::StringRef name) {
    mlir::Operation *found = nullptr;
    doc->module()->walk([&](mlir::Operation *o) {
      if (o->getName().getStringRef() == name)
        found = o;
    });
    return found;
  }
  Bdd argAtom(unsigned i) {
    return conds.freshValueAtom(
        op("func.func")->getRegion(0).front().getArgument(i));
  }
  /// The first-iteration atom of the scf.for, worded as a while loop's if
  /// `testFirst`.
  Bdd firstIteration(bool testFirst) {
    mlir::Operation *loop = op("scf.for");
    ConditionTable::LoopPlace place;
    place.where = loop;
    place.name = "the loop at " + positionOf(loop);
    place.regionLoop = loop;
    place.testFirst = testFirst;
    return conds.firstIterationAtom(op("test.in_loop"),
                                    [&] { return place; });
  }
};

// What every path reaching the anchor takes is not named.
TEST_F(ConditionsTest, LeavesOutWhatEveryPathToTheAnchorTakes) {
  ASSERT_TRUE(doc->isValid());
  Bdd c = argAtom(0), d = argAtom(1);
  mlir::Operation *at = op("test.after_loop");
  EXPECT_EQ(conds.describe(bdd.conj(c, d), c, at).str(), "%d is true");
  EXPECT_EQ(conds.describe(c, c, at).str(), "");
  EXPECT_EQ(conds.describe(bdd.conj(c, d)).str(), "%c is true and %d is true");
}

// The first iteration is worded by where the anchor is.
TEST_F(ConditionsTest, FirstIterationInsideAndAfterTheLoop) {
  ASSERT_TRUE(doc->isValid());
  Bdd first = firstIteration(/*testFirst=*/true);
  Bdd later = bdd.negate(first);
  EXPECT_EQ(conds.describe(later, BddManager::True, op("test.in_loop")).str(),
            "the loop at 3:3 is past its first iteration");
  EXPECT_EQ(conds.describe(first, BddManager::True, op("test.in_loop")).str(),
            "the loop at 3:3 is in its first iteration");
  EXPECT_EQ(
      conds.describe(later, BddManager::True, op("test.after_loop")).str(),
      "the loop at 3:3 runs at least once");
  EXPECT_EQ(
      conds.describe(first, BddManager::True, op("test.after_loop")).str(),
      "the loop at 3:3 runs zero times");
}

// A loop whose head is its body counts runs of the head, merged with the
// loop's "runs" choice.
TEST_F(ConditionsTest, RunCountsOfALoopWhoseHeadIsItsBody) {
  ASSERT_TRUE(doc->isValid());
  mlir::Operation *loop = op("scf.for");
  Bdd runs = conds.choiceAtom(loop, "the loop at 3:3 runs",
                              "the loop at 3:3 runs zero times");
  conds.markLoopRuns(runs, loop);
  Bdd first = firstIteration(/*testFirst=*/false);
  mlir::Operation *after = op("test.after_loop");
  EXPECT_EQ(
      conds.describe(bdd.conj(runs, bdd.negate(first)), BddManager::True, after)
          .str(),
      "the loop at 3:3 runs more than once");
  EXPECT_EQ(
      conds.describe(bdd.conj(runs, first), BddManager::True, after).str(),
      "the loop at 3:3 runs exactly once");
  EXPECT_EQ(conds.describe(bdd.negate(runs), BddManager::True, after).str(),
            "the loop at 3:3 runs zero times");
}

// Values of earlier iterations are left out when some value of them leads
// there, and named when leaving them out would claim every path.
TEST_F(ConditionsTest, EarlierIterationsNamedOnlyWhenNeeded) {
  ASSERT_TRUE(doc->isValid());
  Bdd c = argAtom(0), d = argAtom(1);
  mlir::Operation *loop = op("scf.for");
  unsigned cv = bdd.support(c).front();
  Bdd earlierC = bdd.var(conds.earlierIteration(cv, loop, loop));
  mlir::Operation *after = op("test.after_loop");
  EXPECT_EQ(
      conds.describe(bdd.conj(d, earlierC), BddManager::True, after).str(),
      "%d is true");
  // Not "" (every path): on the paths with %d it happens whatever %c was.
  EXPECT_EQ(
      conds.describe(bdd.disj(d, earlierC), BddManager::True, after).str(),
      "%d is true");
  EXPECT_EQ(conds.describe(earlierC, BddManager::True, after).str(),
            "%c is true in an earlier iteration of the loop at 3:3");
}

} // namespace
