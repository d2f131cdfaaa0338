// UnreadValues: block arguments and region op results nothing reads, as a
// fixpoint over values that only pass each other on.
#include "analysis/lifetime/UnreadValues.h"
#include "analysis/Document.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinOps.h"
#include <gtest/gtest.h>
#include <map>

using namespace memlint;

namespace {

constexpr const char *Functions = R"(
func.func @cfg(%n: index, %m: memref<4xf32>) -> memref<4xf32> {
  %c0 = arith.constant 0 : index
  cf.br ^h(%c0, %m, %m, %m : index, memref<4xf32>, memref<4xf32>, memref<4xf32>)
^h(%i: index, %read: memref<4xf32>, %cycle: memref<4xf32>, %returned: memref<4xf32>):
  %t = arith.cmpi slt, %i, %n : index
  cf.cond_br %t, ^b, ^x
^b:
  "test.use"(%read) : (memref<4xf32>) -> ()
  cf.br ^h(%i, %read, %cycle, %returned : index, memref<4xf32>, memref<4xf32>, memref<4xf32>)
^x:
  return %returned : memref<4xf32>
}

func.func @while(%n: index, %m: memref<4xf32>) {
  %c0 = arith.constant 0 : index
  %r:3 = scf.while (%j = %c0, %prev = %m, %used = %m) : (index, memref<4xf32>, memref<4xf32>) -> (index, memref<4xf32>, memref<4xf32>) {
    %t = arith.cmpi slt, %j, %n : index
    scf.condition(%t) %j, %prev, %used : index, memref<4xf32>, memref<4xf32>
  } do {
  ^bb0(%k: index, %p: memref<4xf32>, %u: memref<4xf32>):
    scf.yield %k, %p, %u : index, memref<4xf32>, memref<4xf32>
  }
  memref.dealloc %r#2 : memref<4xf32>
  return
}
)";

TEST(UnreadValues, OnlyValuesNothingReadsThroughWhatTheyArePassedTo) {
  std::unique_ptr<Document> doc = Document::parse(Functions, "unread.mlir");
  ASSERT_TRUE(doc->isValid());
  std::map<std::string, bool> unread;
  doc->module()->walk([&](mlir::func::FuncOp fn) {
    lifetime::UnreadValues values(fn);
    fn->walk([&](mlir::Block *b) {
      for (mlir::BlockArgument a : b->getArguments())
        unread[doc->nameOf(a)] = values.contains(a);
    });
    fn->walk([&](mlir::Operation *op) {
      for (mlir::Value r : op->getResults())
        unread[doc->nameOf(r)] = values.contains(r);
    });
  });
  // The function's own arguments are read by its callers.
  EXPECT_FALSE(unread.at("%n"));
  EXPECT_FALSE(unread.at("%m"));
  // Read by an op (a comparison, an op memlint does not know), returned.
  EXPECT_FALSE(unread.at("%i"));
  EXPECT_FALSE(unread.at("%read"));
  EXPECT_FALSE(unread.at("%returned"));
  // Passed round the loop and nowhere else.
  EXPECT_TRUE(unread.at("%cycle"));
  // scf.while: %prev goes to %p and to the result %r#1, which nothing
  // reads; %used to the result the dealloc reads.
  EXPECT_TRUE(unread.at("%prev"));
  EXPECT_TRUE(unread.at("%p"));
  EXPECT_TRUE(unread.at("%r#1"));
  EXPECT_FALSE(unread.at("%used"));
  EXPECT_FALSE(unread.at("%u"));
  EXPECT_FALSE(unread.at("%r#2"));
  EXPECT_FALSE(unread.at("%k"));
}

} // namespace
