//===- DefinitionCutTest.cpp - Walks stopped where a value is defined -----===//
#include "fixes/DefinitionCut.h"

#include "NamedBlocks.h"

#include <gtest/gtest.h>

using namespace memlint;

namespace {

// A loop whose body allocates %a and branches two ways to its latch.
const char *Loop = R"(func.func @f(%c: i1, %n: index) {
  %c0 = arith.constant 0 : index
  cf.br ^head(%c0 : index)
^head(%i: index):
  %t = arith.cmpi slt, %i, %n : index
  cf.cond_br %t, ^body, ^exit
^body:
  %a = memref.alloc() : memref<4xf32>
  cf.cond_br %c, ^left, ^right
^left:
  %l = arith.constant 1 : index
  cf.br ^latch
^right:
  %r = arith.constant 2 : index
  cf.br ^latch
^latch:
  %one = arith.constant 1 : index
  %next = arith.addi %i, %one : index
  cf.br ^head(%next : index)
^exit:
  %e = arith.constant 3 : index
  return
}
)";

TEST(DefinitionCut, NoUseFollowsWithoutTheDefinition) {
  NamedBlocks b(Loop);
  mlir::DominanceInfo dom(b.fn);
  RegionOrder order(b.fn.getBody());
  DefinitionCut cut(order, dom);
  ASSERT_TRUE(cut.usable());
  mlir::Block *def = b["%a"];
  // Uses of %a in ^left: the latch leads there only round the loop,
  // through ^body; the head and the exit are not below ^body.
  unsigned left = cut.postNumber(b["%l"]);
  EXPECT_TRUE(cut.meetsNone(b["%one"], def, left));
  EXPECT_TRUE(cut.meetsNone(b["%t"], def, left));
  EXPECT_TRUE(cut.meetsNone(b["%e"], def, left));
  EXPECT_TRUE(cut.meetsNone(def, def, left));
  // ^left itself holds one.
  EXPECT_FALSE(cut.meetsNone(b["%l"], def, left));
}

TEST(DefinitionCut, ReachesAvoidingTheDefinition) {
  NamedBlocks b(Loop);
  mlir::DominanceInfo dom(b.fn);
  RegionOrder order(b.fn.getBody());
  DefinitionCut cut(order, dom);
  mlir::Block *def = b["%a"];
  EXPECT_EQ(cut.reachesAvoiding(b["%one"], def, b["%e"]),
            std::optional<bool>(true));
  EXPECT_EQ(cut.reachesAvoiding(b["%l"], def, b["%one"]),
            std::optional<bool>(true));
  EXPECT_EQ(cut.reachesAvoiding(b["%one"], def, b["%one"]),
            std::optional<bool>(true));
  // Round the loop only through the definition's block.
  EXPECT_EQ(cut.reachesAvoiding(b["%l"], def, b["%r"]),
            std::optional<bool>(false));
  EXPECT_EQ(cut.reachesAvoiding(b["%t"], def, b["%l"]),
            std::optional<bool>(false));
  EXPECT_EQ(cut.reachesAvoiding(b["%e"], def, b["%t"]),
            std::optional<bool>(false));
  EXPECT_EQ(cut.reachesAvoiding(def, def, b["%l"]), std::optional<bool>(false));
  // Without a block in the way, round the loop.
  EXPECT_EQ(cut.reachesAvoiding(b["%l"], b["%e"], b["%r"]),
            std::optional<bool>(true));
}

// Two blocks entered from the entry that branch to each other: no loop
// head dominates the cycle, and meetsNone says nothing there.
TEST(DefinitionCut, IrreducibleCodeIsNotCut) {
  NamedBlocks b(R"(func.func @f(%c: i1) {
  cf.cond_br %c, ^x, ^y
^x:
  %x = arith.constant 1 : index
  cf.cond_br %c, ^y, ^done
^y:
  %y = arith.constant 2 : index
  cf.cond_br %c, ^x, ^done
^done:
  %d = arith.constant 3 : index
  return
}
)");
  mlir::DominanceInfo dom(b.fn);
  RegionOrder order(b.fn.getBody());
  DefinitionCut cut(order, dom);
  EXPECT_FALSE(cut.usable());
  EXPECT_FALSE(cut.meetsNone(b["%d"], b["%x"], RegionOrder::Unranked));
  EXPECT_EQ(cut.reachesAvoiding(b["%y"], b["%x"], b["%d"]),
            std::optional<bool>(true));
}

} // namespace
