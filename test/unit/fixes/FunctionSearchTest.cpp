//===- FunctionSearchTest.cpp - One function's search and its fallback ----===//
#include "fixes/FunctionSearch.h"
#include "analysis/Engine.h"
#include "analysis/lifetime/ModuleLifetimes.h"
#include "fixes/TextEdits.h"

#include <gtest/gtest.h>

using namespace memlint;
using namespace memlint::fixsearch;

namespace {

const char *leakInBranch = R"(// a line above the function: it has a window
func.func @f(%c: i1) {
  %a = memref.alloc() : memref<4xf32>
  scf.if %c {
    memref.dealloc %a : memref<4xf32>
  }
  return
}
func.func @clean() {
  return
}
)";

struct Searched {
  FunctionSearch search;
  std::vector<Finding> findings;
};

/// The search of the file's one function, on `window` (its own when none).
Searched searchOnly(Document &doc, ModuleLifetimes &lifetimes,
                    std::optional<FunctionSlicer::Window> window, bool own,
                    bool serial, bool inCycle = false) {
  Snapshot full;
  full.doc = &doc;
  full.lifetimes = &lifetimes;
  Searched out;
  out.findings = lintDocument(doc, LintOptions(), lifetimes);
  std::vector<FunctionFindings> byFunction =
      findingsByFunction(full, out.findings);
  EXPECT_EQ(byFunction.size(), 1u);
  FunctionSlicer slicer(doc);
  if (own)
    window = slicer.windowFor(full.function(byFunction[0].fn));
  out.search = searchFunction(
      full, slicer,
      {byFunction[0].fn, byFunction[0].ops, &window, lifetimes.allSummaries(),
       Document::newContext(), inCycle},
      out.findings, /*work=*/nullptr, /*unproven=*/nullptr, serial);
  return out;
}

/// leakInBranch, parsed and its functions ready to analyse.
struct FunctionSearchTest : ::testing::Test {
  std::unique_ptr<Document> doc = Document::parse(leakInBranch, "t.mlir");
  ModuleLifetimes lifetimes{doc->module(),
                            [this](mlir::Value v) { return doc->nameOf(v); }};
  void SetUp() override { ASSERT_TRUE(doc->isValid()); }
};

TEST_F(FunctionSearchTest, TheBaseIsAViewOfTheFilesAnalysis) {
  Searched s = searchOnly(*doc, lifetimes, std::nullopt, /*own=*/true,
                          /*serial=*/false);
  ASSERT_FALSE(s.search.needsSerial);
  // Nothing parsed for the base: it is the file's document.
  EXPECT_EQ(s.search.base.snapshot->doc, doc.get());
  EXPECT_TRUE(s.search.base.snapshot->window.has_value());
  EXPECT_EQ(s.search.base.parsedOps, 0u);
  ASSERT_EQ(s.findings.size(), 1u);
  ASSERT_EQ(s.findings[0].fixes.size(), 1u);
  EXPECT_GT(s.search.stats.parsed, 0u);
}

// The leak is on the path where %c is false. Before the scf.if, the free
// would meet the one inside it; at the end of its then region, it would
// follow it: both places free %a twice where %c is true, so they are tried
// after the places that neither follow nor meet a free or a use: the new
// else region, accepted at the first analysis.
TEST_F(FunctionSearchTest, PlacesNoFreeCanFollowAreTriedFirst) {
  Searched s = searchOnly(*doc, lifetimes, std::nullopt, /*own=*/true,
                          /*serial=*/false);
  ASSERT_EQ(s.findings.size(), 1u);
  ASSERT_EQ(s.findings[0].fixes.size(), 1u);
  const std::vector<TextEdit> &edits = s.findings[0].fixes[0].edits;
  ASSERT_EQ(edits.size(), 1u);
  EXPECT_NE(edits[0].newText.find("else"), std::string::npos);
  EXPECT_EQ(s.search.stats.tried, 1u);
}

// A window that does not parse on its own (here: made so by hand; the file
// parses): every candidate fails, the search says it needs to run one at
// a time, and then finds the fix on a parsed slice of the file (@clean
// blanked).
TEST_F(FunctionSearchTest, AWindowThatDoesNotParseFallsBackToASlice) {
  FunctionSlicer slicer(*doc);
  std::optional<FunctionSlicer::Window> own;
  {
    Snapshot full;
    full.doc = doc.get();
    full.lifetimes = &lifetimes;
    own = slicer.windowFor(full.function(0));
  }
  ASSERT_TRUE(own.has_value());
  FunctionSlicer::Window broken = *own;
  broken.text.replace(0, broken.text.find('\n'), "\"not.closed\"(");

  Searched side = searchOnly(*doc, lifetimes, broken, /*own=*/false,
                             /*serial=*/false);
  EXPECT_TRUE(side.search.needsSerial);
  EXPECT_TRUE(side.findings[0].fixes.empty());

  Searched serial = searchOnly(*doc, lifetimes, broken, /*own=*/false,
                               /*serial=*/true);
  EXPECT_FALSE(serial.search.needsSerial);
  EXPECT_FALSE(serial.search.base.snapshot->window.has_value());
  EXPECT_GT(serial.search.base.parsedOps, 0u);
  ASSERT_EQ(serial.findings.size(), 1u);
  ASSERT_EQ(serial.findings[0].fixes.size(), 1u);
  // The same fix as on the window.
  Searched good = searchOnly(*doc, lifetimes, std::nullopt, /*own=*/true,
                             /*serial=*/true);
  EXPECT_EQ(applyEdits(leakInBranch, serial.findings[0].fixes[0].edits),
            applyEdits(leakInBranch, good.findings[0].fixes[0].edits));
}

// A function in a call cycle was analysed in the file with its own
// summary unknown, where its window presets it: its base is its window,
// parsed, so that base and candidates are analysed alike.
TEST_F(FunctionSearchTest, InACallCycleTheWindowIsParsed) {
  Searched s = searchOnly(*doc, lifetimes, std::nullopt, /*own=*/true,
                          /*serial=*/false, /*inCycle=*/true);
  ASSERT_FALSE(s.search.needsSerial);
  EXPECT_NE(s.search.base.snapshot->doc, doc.get());
  EXPECT_FALSE(s.search.base.snapshot->window.has_value());
  EXPECT_GT(s.search.base.parsedOps, 0u);
  ASSERT_EQ(s.findings[0].fixes.size(), 1u);
}

} // namespace
