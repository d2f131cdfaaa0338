// liveBlocksOf agrees with mlir::Liveness, value by value and block by
// block: CFG loops, values used in nested regions and in blocks of nested
// CFGs, values defined in nested blocks, block arguments.
#include "analysis/ValueLiveness.h"
#include "analysis/Document.h"

#include "mlir/Analysis/Liveness.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "llvm/ADT/DenseSet.h"
#include <gtest/gtest.h>

using namespace memlint;

namespace {

constexpr const char *Functions = R"(
func.func @loop(%n: i1, %m: memref<4xf32>) {
  %a = memref.alloc() : memref<4xf32>
  cf.br ^head(%a : memref<4xf32>)
^head(%x: memref<4xf32>):
  cf.cond_br %n, ^body, ^exit
^body:
  "test.use"(%x) : (memref<4xf32>) -> ()
  %b = memref.alloc() : memref<4xf32>
  cf.br ^head(%b : memref<4xf32>)
^exit:
  memref.dealloc %x : memref<4xf32>
  return
}

func.func @nested(%c: i1, %m: memref<4xf32>) {
  %a = memref.alloc() : memref<4xf32>
  cf.cond_br %c, ^l, ^r
^l:
  scf.execute_region {
    cf.br ^inner
  ^inner:
    "test.use"(%a) : (memref<4xf32>) -> ()
    %v = memref.alloc() : memref<4xf32>
    cf.br ^more
  ^more:
    "test.use"(%v, %m) : (memref<4xf32>, memref<4xf32>) -> ()
    scf.yield
  }
  cf.br ^join
^r:
  scf.if %c {
    "test.use"(%a) : (memref<4xf32>) -> ()
  }
  cf.br ^join
^join:
  memref.dealloc %a : memref<4xf32>
  return
}
)";

TEST(ValueLiveness, AgreesWithMlirLiveness) {
  std::unique_ptr<Document> doc = Document::parse(Functions, "live.mlir");
  ASSERT_TRUE(doc && doc->module());
  unsigned values = 0;
  doc->module()->walk([&](mlir::func::FuncOp fn) {
    mlir::Liveness liveness(fn);
    llvm::SmallVector<mlir::Block *> blocks;
    fn->walk([&](mlir::Block *b) { blocks.push_back(b); });
    auto check = [&](mlir::Value v) {
      ++values;
      LiveBlocks live = liveBlocksOf(v);
      llvm::DenseSet<mlir::Block *> in(live.in.begin(), live.in.end());
      llvm::DenseSet<mlir::Block *> out(live.out.begin(), live.out.end());
      EXPECT_EQ(in.size(), live.in.size()) << "a block listed twice";
      EXPECT_EQ(out.size(), live.out.size()) << "a block listed twice";
      for (mlir::Block *b : blocks) {
        EXPECT_EQ(liveness.getLiveIn(b).contains(v), in.contains(b))
            << "live-in mismatch in @" << fn.getName().str();
        EXPECT_EQ(liveness.getLiveOut(b).contains(v), out.contains(b))
            << "live-out mismatch in @" << fn.getName().str();
      }
    };
    for (mlir::Block *b : blocks) {
      for (mlir::BlockArgument arg : b->getArguments())
        check(arg);
      for (mlir::Operation &op : *b)
        for (mlir::Value r : op.getResults())
          check(r);
    }
  });
  EXPECT_EQ(values, 9u);
}

} // namespace
