//===- RegionOrderTest.cpp - A region's blocks by reachability ------------===//
#include "fixes/RegionOrder.h"

#include "NamedBlocks.h"

#include <gtest/gtest.h>

using namespace memlint;

namespace {

const char *LoopAndTail = R"(func.func @f(%c: i1, %n: index) {
  %c0 = arith.constant 0 : index
  cf.br ^head(%c0 : index)
^head(%i: index):
  %t = arith.cmpi slt, %i, %n : index
  cf.cond_br %t, ^body, ^tail
^body:
  %b = arith.constant 1 : index
  %next = arith.addi %i, %b : index
  cf.br ^head(%next : index)
^tail:
  %x = arith.constant 2 : index
  cf.cond_br %c, ^left, ^ret
^left:
  %l = arith.constant 3 : index
  cf.br ^ret
^ret:
  %r = arith.constant 4 : index
  return
^dead:
  %d = arith.constant 5 : index
  cf.br ^ret
}
)";

// A block reachable from another is ranked no higher; a loop's blocks
// share a rank; a block the entry does not reach has none.
TEST(RegionOrder, RanksFallAlongEdges) {
  NamedBlocks b(LoopAndTail);
  RegionOrder order(b.fn.getBody());
  EXPECT_EQ(order.rank(b["%t"]), order.rank(b["%b"]));
  EXPECT_GT(order.rank(b["entry"]), order.rank(b["%t"]));
  EXPECT_GT(order.rank(b["%t"]), order.rank(b["%x"]));
  EXPECT_GT(order.rank(b["%x"]), order.rank(b["%l"]));
  EXPECT_GT(order.rank(b["%l"]), order.rank(b["%r"]));
  EXPECT_EQ(order.rank(b["%d"]), RegionOrder::Unranked);
  // An op is ranked by the block that holds it.
  EXPECT_EQ(order.rankOfAncestor(&b["%x"]->front()), order.rank(b["%x"]));
}

TEST(RegionOrder, ReachesFollowsEdgesOnly) {
  NamedBlocks b(LoopAndTail);
  RegionOrder order(b.fn.getBody());
  EXPECT_TRUE(order.reaches(b["%b"], b["%t"])); // round the loop
  EXPECT_TRUE(order.reaches(b["entry"], b["%r"]));
  EXPECT_TRUE(order.reaches(b["%d"], b["%r"]));
  EXPECT_FALSE(order.reaches(b["%x"], b["%t"]));
  EXPECT_FALSE(order.reaches(b["%l"], b["%x"]));
  EXPECT_FALSE(order.reaches(b["%r"], b["%l"]));
  EXPECT_TRUE(order.reaches(b["%l"], b["%l"]));
}

TEST(RegionOrder, DominatorsWrittenFirst) {
  {
    NamedBlocks b(R"(func.func @f(%c: i1) {
  cf.cond_br %c, ^a, ^b
^a:
  %x = arith.constant 1 : index
  cf.br ^b
^b:
  %y = arith.constant 2 : index
  return
}
)");
    RegionOrder order(b.fn.getBody());
    mlir::DominanceInfo dom(b.fn);
    EXPECT_TRUE(order.dominatorsWrittenFirst(dom));
  }
  {
    // ^b's dominator ^a is written after it.
    NamedBlocks b(R"(func.func @f(%c: i1) {
  cf.br ^a
^b:
  %y = arith.constant 2 : index
  return
^a:
  %x = arith.constant 1 : index
  cf.br ^b
}
)");
    RegionOrder order(b.fn.getBody());
    mlir::DominanceInfo dom(b.fn);
    EXPECT_FALSE(order.dominatorsWrittenFirst(dom));
  }
  {
    // A block the entry does not reach: MLIR takes it as dominated by
    // anything, wherever it is written.
    NamedBlocks b(LoopAndTail);
    RegionOrder order(b.fn.getBody());
    mlir::DominanceInfo dom(b.fn);
    EXPECT_FALSE(order.dominatorsWrittenFirst(dom));
  }
}

} // namespace
