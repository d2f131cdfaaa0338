//===- UsesAfterFreeTogetherTest.cpp - Moved frees proven together --------===//
//
// The frees of a function's uses after free are moved after their
// buffers' last uses at a few analyses for the lot
// (FixFinder::usesAfterFreeTogether), where one by one each took two or
// more. These tests pin what that finds and what it costs, in analyses,
// and that each fix offered alone holds alone. Second frees are removed
// together the same way (FixFinder::doubleFreesTogether).
//
//===----------------------------------------------------------------------===//
#include "test/unit/fixes/FixTestHelpers.h"

using namespace memlint;

namespace {

/// Twelve buffers of one function, each freed before its last use.
std::string twelveUsesAfterFree() {
  return twelveBuffers([](const std::string &v, const std::string &t) {
    return "  memref.dealloc " + v + " : " + t + "\n  \"npu.use\"(" + v +
           ") : (" + t + ") -> ()\n";
  });
}

TEST(UsesAfterFreeTogether, ManyMovedFreesCostAFewAnalyses) {
  // One by one: a removal and a repair per finding, 24 analyses at least.
  // Together: the twelve removals, their repair, the proof of the whole,
  // the fixes taken, the function's next step.
  std::string text = twelveUsesAfterFree();
  FixRunResult r = fixText(text, "t.mlir", LintOptions(), false);
  EXPECT_EQ(r.applied, 12u);
  EXPECT_TRUE(r.remaining.empty()) << r.text;
  EXPECT_LE(r.analyses, 6u);
  EXPECT_EQ(occurrences(r.text, "memref.dealloc"), 12u);
  // Each free now follows its buffer's use.
  for (int i = 0; i < 12; ++i) {
    std::string v = "%b" + std::to_string(i);
    size_t use = r.text.find("\"npu.use\"(" + v + ")");
    size_t free = r.text.find("memref.dealloc " + v + " ");
    ASSERT_NE(use, std::string::npos);
    ASSERT_NE(free, std::string::npos);
    EXPECT_LT(use, free) << r.text;
  }
  std::unique_ptr<Document> d = Document::parse(r.text, "t.mlir");
  ASSERT_TRUE(d->isValid());
  EXPECT_TRUE(lintDocument(*d, LintOptions()).empty()) << r.text;
}

TEST(UsesAfterFreeTogether, FixesOfferedAloneEachHoldAlone) {
  // The JSON output and the editor offer each fix on its own: applied
  // alone, each ends its use after free and adds nothing.
  expectEachFixHoldsAlone(twelveUsesAfterFree(), "use-after-free", 12);
}

TEST(UsesAfterFreeTogether, AFreeThatAlsoFreesAnotherBufferIsLeftAlone) {
  // %a's early free goes through a select that may be %b: moved, it
  // would change %b too, so it takes its own search; the other two are
  // moved together, and every finding still ends.
  const char *text = R"(func.func @g(%c: i1) {
  %a = memref.alloc() : memref<4xf32>
  %b = memref.alloc() : memref<4xf32>
  %s = arith.select %c, %a, %b : memref<4xf32>
  memref.dealloc %s : memref<4xf32>
  "npu.use"(%s) : (memref<4xf32>) -> ()
  %d = memref.alloc() : memref<8xf32>
  memref.dealloc %d : memref<8xf32>
  "npu.use"(%d) : (memref<8xf32>) -> ()
  %e = memref.alloc() : memref<16xf32>
  memref.dealloc %e : memref<16xf32>
  "npu.use"(%e) : (memref<16xf32>) -> ()
  return
}
)";
  FixRunResult r = fixText(text, "t.mlir", LintOptions(), false);
  std::unique_ptr<Document> d = Document::parse(r.text, "t.mlir");
  ASSERT_TRUE(d->isValid());
  for (const Finding &f : lintDocument(*d, LintOptions()))
    EXPECT_NE(f.check, "use-after-free") << r.text;
  EXPECT_LT(r.text.find("\"npu.use\"(%d)"), r.text.find("memref.dealloc %d"))
      << r.text;
  EXPECT_LT(r.text.find("\"npu.use\"(%e)"), r.text.find("memref.dealloc %e"))
      << r.text;
}

TEST(DoubleFreesTogether, ManyRemovalsCostOneAnalysis) {
  // Twelve buffers each freed twice: one by one, an analysis per removal;
  // together, one for the twelve, and each fix offered alone holds alone.
  std::string text =
      twelveBuffers([](const std::string &v, const std::string &t) {
        std::string free = "  memref.dealloc " + v + " : " + t + "\n";
        return free + free;
      });
  FixRunResult r = fixText(text, "t.mlir", LintOptions(), false);
  EXPECT_EQ(r.applied, 12u);
  EXPECT_TRUE(r.remaining.empty()) << r.text;
  EXPECT_LE(r.analyses, 4u);
  EXPECT_EQ(occurrences(r.text, "memref.dealloc"), 12u) << r.text;
  expectEachFixHoldsAlone(text, "double-free", 12);
}

} // namespace
