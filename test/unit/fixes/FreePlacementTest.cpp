//===- FreePlacementTest.cpp - Where a free can go ------------------------===//
#include "fixes/FreePlacement.h"

#include "fixes/BufferAliases.h"

#include "fixes/SourceText.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinOps.h"

#include <gtest/gtest.h>

using namespace memlint;

namespace {

/// The places freeInsertionCandidates proposes for the function's first
/// alloc, leaking at its last op named `exitName`, as the lines their
/// edits start on.
std::vector<unsigned> candidateLines(const char *text, bool guarded = false,
                                     llvm::StringRef exitName = "func.return") {
  std::unique_ptr<Document> doc = Document::parse(text, "t.mlir");
  EXPECT_TRUE(doc->isValid());
  if (!doc->isValid())
    return {};
  auto fn = *doc->module().getOps<mlir::func::FuncOp>().begin();
  mlir::Value buffer;
  mlir::Operation *exit = nullptr;
  fn.walk([&](mlir::Operation *op) {
    if (!buffer && op->getName().getStringRef() == "memref.alloc")
      buffer = op->getResult(0);
    if (op->getName().getStringRef() == exitName)
      exit = op;
  });
  SourceText src(*doc);
  std::vector<unsigned> lines;
  for (const std::vector<TextEdit> &edits : freeInsertionCandidates(
           src, fn, buffer, exit, "memref.dealloc", guarded))
    lines.push_back(edits.front().range.start.line);
  return lines;
}

// A gpu.launch body runs once per thread, and a custom op's region as
// often as the op says: a free of a buffer from outside goes after them,
// never inside (the analysis walks such a region once and could not tell).
TEST(FreePlacement, NoFreeInsideARegionOfUnknownControlFlow) {
  const char *text = R"(func.func @f(%p: i1) {
  %c1 = arith.constant 1 : index
  %c0 = arith.constant 0 : index
  %a = memref.alloc() : memref<4xf32>
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    %v = memref.load %a[%c0] : memref<4xf32>
    gpu.terminator
  }
  "npu.region"() ({
    "npu.fill"(%a) : (memref<4xf32>) -> ()
    "npu.end"() : () -> ()
  }) : () -> ()
  return
}
)";
  for (bool guarded : {false, true}) {
    std::vector<unsigned> lines = candidateLines(text, guarded);
    ASSERT_FALSE(lines.empty());
    for (unsigned line : lines)
      EXPECT_TRUE(line <= 6 || line == 10 || line >= 14)
          << "a free proposed inside a region, on line " << line;
  }
}

// A buffer allocated inside such a region is freed there.
TEST(FreePlacement, AFreeInsideTheRegionOfItsOwnAllocation) {
  const char *text = R"(func.func @f() {
  "npu.region"() ({
    %a = memref.alloc() : memref<4xf32>
    "npu.fill"(%a) : (memref<4xf32>) -> ()
    "npu.end"() : () -> ()
  }) : () -> ()
  return
}
)";
  std::vector<unsigned> lines =
      candidateLines(text, /*guarded=*/false, "npu.end");
  ASSERT_FALSE(lines.empty());
  EXPECT_EQ(lines.front(), 5u);
}

// The names a buffer has on every path: arguments of blocks every branch
// into which passes it (a chain; a loop header it enters and comes back
// to unchanged), not a merge of it with another buffer.
TEST(BufferAliases, MustAliasesFollowEveryBranchIn) {
  const char *text = R"(func.func @f(%c: i1, %n: index) {
  %a = memref.alloc() : memref<4xf32>
  %b = memref.alloc() : memref<4xf32>
  cf.br ^chain(%a : memref<4xf32>)
^chain(%p: memref<4xf32>):
  cf.br ^head(%p : memref<4xf32>)
^head(%h: memref<4xf32>):
  cf.cond_br %c, ^head(%h : memref<4xf32>), ^merge(%h : memref<4xf32>)
^merge(%m: memref<4xf32>):
  cf.cond_br %c, ^join(%m : memref<4xf32>), ^join(%b : memref<4xf32>)
^join(%j: memref<4xf32>):
  memref.dealloc %j : memref<4xf32>
  memref.dealloc %a : memref<4xf32>
  return
}
)";
  std::unique_ptr<Document> doc = Document::parse(text, "t.mlir");
  ASSERT_TRUE(doc->isValid());
  auto fn = *doc->module().getOps<mlir::func::FuncOp>().begin();
  mlir::Value a;
  fn.walk([&](mlir::Operation *op) {
    if (!a && op->getName().getStringRef() == "memref.alloc")
      a = op->getResult(0);
  });
  std::vector<std::string> names;
  for (mlir::Value v : mustAliases(forwardedAliases(a)))
    names.push_back(doc->nameOf(v));
  EXPECT_EQ(names, (std::vector<std::string>{"%a", "%p", "%h", "%m"}));
}

} // namespace
