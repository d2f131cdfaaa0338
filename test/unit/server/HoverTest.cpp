//===- HoverTest.cpp - Hover on buffers, frees, functions, arguments ------===//
#include "server/Features.h"
#include "server/IncrementalLinter.h"

#include "analysis/Document.h"
#include "analysis/Engine.h"
#include "analysis/LifetimeAnalysis.h"
#include "analysis/MemoryPlan.h"
#include <gtest/gtest.h>

using namespace memlint;

namespace {

const char *source =
    "func.func @f(%arg: memref<8xf32>, %c: i1) {\n"           // 1
    "  %a = memref.alloc() : memref<128x64xbf16, \"SRAM\">\n" // 2
    "  %b = memref.alloc() : memref<16xf32>\n"                // 3
    "  scf.if %c {\n"                                         // 4
    "    memref.dealloc %b : memref<16xf32>\n"                // 5
    "  } else {\n"                                            // 6
    "    memref.dealloc %b : memref<16xf32>\n"                // 7
    "  }\n"                                                   // 8
    "  memref.dealloc %a : memref<128x64xbf16, \"SRAM\">\n"   // 9
    "  memref.dealloc %arg : memref<8xf32>\n"                 // 10
    "  return\n"                                              // 11
    "}\n";

std::shared_ptr<AnalysisResult> analyse() {
  IncrementalLinter linter("t.mlir", LintOptions());
  return linter.analyze(std::make_shared<const std::string>(source), 1);
}

std::string hover(const AnalysisResult &r, unsigned line, unsigned col) {
  std::optional<HoverInfo> h = hoverAt(r, {line, col});
  return h ? h->markdown : "";
}

/// What `memlint plan` says of @f, through the same analysis.
FunctionPlan planOfF() {
  std::unique_ptr<Document> doc = Document::parse(source, "t.mlir");
  EXPECT_TRUE(doc->isValid());
  ModuleLifetimes lifetimes(doc->module(),
                            [&](mlir::Value v) { return doc->nameOf(v); });
  lintDocument(*doc, LintOptions(), lifetimes);
  MemoryPlanOptions o;
  o.timeBudgetMs = 0;
  LifetimeAnalysis &analysis = lifetimes.get(lifetimes.functions()[0]);
  LiveRanges ranges(analysis);
  return planFunction(*doc, analysis, ranges, o);
}

TEST(HoverTest, StringMemorySpaceIsNamedAsPlanNamesIt) {
  auto r = analyse();
  FunctionPlan plan = planOfF();
  std::string sram;
  for (const SpacePlan &s : plan.spaces)
    if (s.space.find("SRAM") != std::string::npos)
      sram = s.space;
  ASSERT_EQ(sram, "SRAM");
  std::string md = hover(*r, 2, 4); // on %a
  EXPECT_NE(md.find("- **memory space**: SRAM\n"), std::string::npos) << md;
  EXPECT_NE(md.find("- **size**: 16,384 bytes (16 KiB)\n"), std::string::npos)
      << md;
}

TEST(HoverTest, FreeNamesWhatItFreesAndTheOtherFrees) {
  auto r = analyse();
  std::string md = hover(*r, 5, 8); // the first dealloc of %b
  EXPECT_EQ(md, "`memref.dealloc`\n\n"
                "- **frees** %b (`memref.alloc`, line 3); it is also freed "
                "on line 7 (the paths through them differ)\n");
}

TEST(HoverTest, FreeOfAnArgumentShowsItsFinding) {
  auto r = analyse();
  std::string md = hover(*r, 10, 5);
  EXPECT_EQ(md.rfind("`memref.dealloc`\n\n- **frees** %arg (an argument: "
                     "owned by the caller); the only free of it\n- "
                     "**invalid-free**: ",
                     0),
            0u)
      << md;
}

TEST(HoverTest, FunctionShowsItsPlanPerSpace) {
  auto r = analyse();
  FunctionPlan plan = planOfF();
  std::string md = hover(*r, 1, 3);
  ASSERT_EQ(md.rfind("**@f** · `func.func`\n\n- **buffers**: 2\n", 0), 0u)
      << md;
  for (const SpacePlan &s : plan.spaces) {
    std::string line = "- **" + s.space + "**: peak " +
                       formatBytes(s.peakBytes) + ", lower bound " +
                       formatBytes(s.lowerBoundBytes);
    EXPECT_NE(md.find(line), std::string::npos) << line << "\n" << md;
  }
  EXPECT_NE(md.find("- **invalid-free**: "), std::string::npos) << md;
}

TEST(HoverTest, ArgumentIsOwnedByTheCaller) {
  auto r = analyse();
  std::string md = hover(*r, 1, 15); // on %arg
  EXPECT_EQ(md.rfind("**%arg** · argument of @f · `memref<8xf32>`\n\n"
                     "- **owner**: the caller",
                     0),
            0u)
      << md;
  EXPECT_NE(md.find("- **freed here anyway**: line 10 (`memref.dealloc`)\n"),
            std::string::npos)
      << md;
}

TEST(HoverTest, InlayHintsOnlyForBuffers) {
  auto r = analyse();
  std::vector<InlayHintInfo> hints = inlayHints(*r, 1, 12);
  ASSERT_EQ(hints.size(), 2u);
  EXPECT_EQ(hints[0].pos.line, 2u);
  EXPECT_EQ(hints[1].pos.line, 3u);
  EXPECT_EQ(r->bufferCount(), 2u);
}

} // namespace

namespace {

const char *selected =
    "func.func @g(%c: i1) {\n"                          // 1
    "  %a = memref.alloc() : memref<4xf32>\n"           // 2
    "  %b = memref.alloc() : memref<4xf32>\n"           // 3
    "  %s = arith.select %c, %a, %b : memref<4xf32>\n"  // 4
    "  memref.dealloc %s : memref<4xf32>\n"             // 5
    "  scf.if %c {\n"                                   // 6
    "    memref.dealloc %b : memref<4xf32>\n"           // 7
    "  } else {\n"                                      // 8
    "    memref.dealloc %a : memref<4xf32>\n"           // 9
    "  }\n"                                             // 10
    "  return\n"                                        // 11
    "}\n";

} // namespace

// A free says which buffers it frees on which paths, as the analysis
// words them; a free that only runs where it frees says no more.
TEST(HoverTest, FreeNamesTheBuffersItFreesAndOnWhichPaths) {
  IncrementalLinter linter("t.mlir", LintOptions());
  auto r = linter.analyze(std::make_shared<const std::string>(selected), 1);
  ASSERT_TRUE(r->findings().empty()); // each buffer freed once on each path
  std::string free = hover(*r, 5, 3);
  EXPECT_NE(free.find("**frees** %a (`memref.alloc`, line 2) when %c is true"),
            std::string::npos)
      << free;
  EXPECT_NE(
      free.find("**frees** %b (`memref.alloc`, line 3) when %c is false"),
      std::string::npos)
      << free;
  std::string inBranch = hover(*r, 7, 5);
  EXPECT_NE(inBranch.find("**frees** %b (`memref.alloc`, line 3);"),
            std::string::npos)
      << inBranch;
  EXPECT_EQ(inBranch.find("%a"), std::string::npos) << inBranch;
  // The allocation lists the free through the select, with its paths.
  std::string a = hover(*r, 2, 3);
  EXPECT_NE(a.find("line 5 (`memref.dealloc`) when %c is true, line 9"),
            std::string::npos)
      << a;
}
