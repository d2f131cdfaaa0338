//===- QuotedPositionsTest.cpp - Reused findings quote moved positions ----===//
//
// When an edit above an operation moves it by whole lines, the server
// reuses its findings and moves them: the positions their words quote move
// with them, and nothing else in the words does.
//
//===----------------------------------------------------------------------===//
#include "server/IncrementalLinter.h"

#include "TestIR.h"
#include <gtest/gtest.h>

using namespace memlint;
using namespace memlint::test;

namespace {

std::shared_ptr<const std::string> text(std::string s) {
  return std::make_shared<const std::string>(std::move(s));
}

/// %a is freed inside the loop only: it leaks when the loop (on the
/// function's fifth line, column 3) runs zero times.
const std::string loopFunction = "func.func @loop(%n: index) {\n"
                                 "  %c0 = arith.constant 0 : index\n"
                                 "  %c1 = arith.constant 1 : index\n"
                                 "  %a = memref.alloc() : memref<16xf32>\n"
                                 "  scf.for %i = %c0 to %n step %c1 {\n"
                                 "    memref.dealloc %a : memref<16xf32>\n"
                                 "  }\n"
                                 "  return\n"
                                 "}\n";

/// An unregistered op whose name reads like a position uses %a after its
/// free.
const std::string oddlyNamedUse =
    "func.func @odd() {\n"
    "  %a = memref.alloc() : memref<16xf32>\n"
    "  memref.dealloc %a : memref<16xf32>\n"
    "  \"test.use at 3:4\"(%a) : (memref<16xf32>) -> ()\n"
    "  return\n"
    "}\n";

const Finding *findCheck(const AnalysisResult &r, const std::string &check) {
  for (const Finding &f : r.findings())
    if (f.check == check)
      return &f;
  return nullptr;
}

/// Findings as every front end shows them, and where their words quote
/// positions.
std::string describe(const std::vector<Finding> &fs) {
  std::string out;
  auto quotes = [&](const Message &m) {
    for (const Message::Quote &q : m.quotes())
      out += " [" + std::to_string(q.offset) + "+" + std::to_string(q.length) +
             "=" + std::to_string(q.pos.line) + ":" +
             std::to_string(q.pos.column) + "]";
  };
  for (const Finding &f : fs) {
    out += f.check + " " + std::to_string(f.range.start.line) + ":" +
           std::to_string(f.range.start.column) + " " + f.message.str();
    quotes(f.message);
    out += "\n";
    for (const RelatedLocation &r : f.related) {
      out += "  " + std::to_string(r.range.start.line) + " " + r.message.str();
      quotes(r.message);
      out += "\n";
    }
  }
  return out;
}

TEST(QuotedPositionsTest, ReusedFindingsQuoteTheMovedLoop) {
  LintOptions opts;
  IncrementalLinter linter("t.mlir", opts);
  // Lines 1-4: @one; 5-13: @loop, its loop on line 9.
  auto first = linter.analyze(text(leakyFunction("one") + loopFunction), 1);
  const Finding *leak = nullptr;
  for (const Finding &f : first->findings())
    if (f.check == "leak" && f.range.start.line == 8)
      leak = &f;
  ASSERT_NE(leak, nullptr) << describe(first->findings());
  EXPECT_NE(leak->message.str().find("the loop at 9:3"), std::string::npos)
      << leak->message.str();

  // A function inserted above moves @loop down four lines; its findings
  // are reused, not recomputed.
  std::string moved =
      leakyFunction("zero") + leakyFunction("one") + loopFunction;
  auto second = linter.analyze(text(moved), 2);
  EXPECT_EQ(second->stats.mode, "incremental");
  EXPECT_EQ(second->stats.opsAnalysed, 1u);
  leak = nullptr;
  for (const Finding &f : second->findings())
    if (f.check == "leak" && f.range.start.line == 12)
      leak = &f;
  ASSERT_NE(leak, nullptr) << describe(second->findings());
  EXPECT_NE(leak->message.str().find("the loop at 13:3"), std::string::npos)
      << leak->message.str();
  EXPECT_EQ(leak->message.str().find("9:3"), std::string::npos);

  // The same as analysing the moved text from scratch.
  IncrementalLinter fresh("t.mlir", opts);
  auto scratch = fresh.analyze(text(moved), 1);
  EXPECT_EQ(describe(second->findings()), describe(scratch->findings()));
}

TEST(QuotedPositionsTest, AnOpNamedLikeAPositionStaysAsWritten) {
  LintOptions opts;
  IncrementalLinter linter("t.mlir", opts);
  auto first = linter.analyze(text(oddlyNamedUse), 1);
  const Finding *uaf = findCheck(*first, "use-after-free");
  ASSERT_NE(uaf, nullptr) << describe(first->findings());
  EXPECT_NE(uaf->message.str().find("'test.use at 3:4'"), std::string::npos)
      << uaf->message.str();

  std::string moved = leakyFunction("zero") + oddlyNamedUse;
  auto second = linter.analyze(text(moved), 2);
  EXPECT_EQ(second->stats.opsAnalysed, 1u);
  uaf = findCheck(*second, "use-after-free");
  ASSERT_NE(uaf, nullptr) << describe(second->findings());
  EXPECT_EQ(uaf->range.start.line, 8u);
  EXPECT_NE(uaf->message.str().find("'test.use at 3:4'"), std::string::npos)
      << uaf->message.str();

  IncrementalLinter fresh("t.mlir", opts);
  auto scratch = fresh.analyze(text(moved), 1);
  EXPECT_EQ(describe(second->findings()), describe(scratch->findings()));
}

} // namespace
