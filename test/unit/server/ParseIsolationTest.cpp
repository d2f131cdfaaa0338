//===- ParseIsolationTest.cpp - One broken op hides nothing else ----------===//
#include "server/IncrementalLinter.h"

#include "TestIR.h"
#include <gtest/gtest.h>

using namespace memlint;
using namespace memlint::test;

namespace {

std::shared_ptr<const std::string> text(std::string s) {
  return std::make_shared<const std::string>(std::move(s));
}

const std::string broken = "func.func @broken() {\n"
                           "  %a = memref.alloc() : memref<16xf32\n"
                           "  return\n"
                           "}\n";

TEST(ParseIsolationTest, OtherOperationsKeepTheirFindings) {
  LintOptions opts;
  IncrementalLinter linter("t.mlir", opts);
  // Lines 1-4: @one, 5-8: @broken, 9-12: @two.
  auto r = linter.analyze(
      text(leakyFunction("one") + broken + leakyFunction("two")), 1);
  ASSERT_EQ(r->errors.size(), 1u);
  EXPECT_EQ(r->errors[0].range.start.line, 6u);
  ASSERT_EQ(r->findings().size(), 2u);
  EXPECT_EQ(r->findings()[0].check, "leak");
  EXPECT_EQ(r->findings()[0].range.start.line, 2u);
  EXPECT_EQ(r->findings()[1].check, "leak");
  EXPECT_EQ(r->findings()[1].range.start.line, 10u);
  EXPECT_EQ(r->errorCode, "parse-error");
}

TEST(ParseIsolationTest, TextBetweenOperationsKeepsTheirFindings) {
  // `()` or `42` between two functions, and a byte order mark before the
  // first: a parse error where the text is, the functions' findings kept.
  // MLIR reports "expected operation name" just past the `}` before the
  // text, on the function's last line: the function was taken for broken.
  for (const char *junk : {"()\n", "42\n"}) {
    LintOptions opts;
    IncrementalLinter linter("t.mlir", opts);
    // Lines 1-4: @one, 5: the text, 6-9: @two.
    auto r = linter.analyze(
        text(leakyFunction("one") + junk + leakyFunction("two")), 1);
    EXPECT_EQ(r->errors.size(), 1u) << junk;
    ASSERT_EQ(r->findings().size(), 2u) << junk;
    EXPECT_EQ(r->findings()[0].range.start.line, 2u);
    EXPECT_EQ(r->findings()[1].range.start.line, 7u);
  }
  LintOptions opts;
  IncrementalLinter linter("t.mlir", opts);
  auto r = linter.analyze(text("\xEF\xBB\xBF" + leakyFunction("one")), 1);
  EXPECT_EQ(r->errors.size(), 1u); // the CLI's "unexpected character"
}

// A function being typed (`func.func @g() {` with no `}` yet), an
// unterminated string, or a stray `}`: the brackets of the file do not
// balance, which left the split to the whole file, where the one parse
// error hid every finding. Split by indentation, the other operations keep
// theirs, inside a module too.
TEST(ParseIsolationTest, UnbalancedBracketsHideNothingElse) {
  struct Case {
    const char *name;
    std::string text;
    unsigned errorLine;
    std::vector<unsigned> leaks;
  };
  std::string inModule = "module {\n"
                         "  func.func @one() {\n"
                         "    %a = memref.alloc() : memref<4xf32>\n"
                         "    return\n"
                         "  }\n"
                         "  func.func @g() {\n"
                         "  func.func @two() {\n"
                         "    %a = memref.alloc() : memref<4xf32>\n"
                         "    return\n"
                         "  }\n"
                         "}\n";
  std::vector<Case> cases = {
      {"open brace at the end",
       leakyFunction("one") + "func.func @g() {\n",
       5,
       {2}},
      {"open brace between",
       leakyFunction("one") + "func.func @g() {\n" + leakyFunction("two"),
       5,
       {2, 7}},
      {"unterminated string",
       leakyFunction("one") + "\"npu.op\n" + leakyFunction("two"),
       5,
       {2, 7}},
      {"stray closing brace",
       leakyFunction("one") + "}\n" + leakyFunction("two"),
       5,
       {2, 7}},
      {"inside a module", inModule, 6, {3, 8}},
  };
  for (const Case &c : cases) {
    LintOptions opts;
    IncrementalLinter linter("t.mlir", opts);
    auto r = linter.analyze(text(c.text), 1);
    EXPECT_EQ(r->stats.mode, "incremental") << c.name << ": " << r->stats.note;
    ASSERT_FALSE(r->errors.empty()) << c.name;
    EXPECT_EQ(r->errors[0].range.start.line, c.errorLine) << c.name;
    std::vector<unsigned> leaks;
    for (const Finding &f : r->findings())
      if (f.check == "leak")
        leaks.push_back(f.range.start.line);
    EXPECT_EQ(leaks, c.leaks) << c.name;
  }
}

TEST(ParseIsolationTest, TwoBrokenOperationsShowBothErrors) {
  LintOptions opts;
  IncrementalLinter linter("t.mlir", opts);
  std::string broken2 = broken;
  broken2.replace(broken2.find("@broken"), 7, "@broken2");
  auto r = linter.analyze(text(broken + leakyFunction("one") + broken2), 1);
  ASSERT_EQ(r->errors.size(), 2u);
  EXPECT_EQ(r->errors[0].range.start.line, 2u);
  EXPECT_EQ(r->errors[1].range.start.line, 10u);
  ASSERT_EQ(r->findings().size(), 1u);
  EXPECT_EQ(r->findings()[0].range.start.line, 6u);
}

TEST(ParseIsolationTest, CallersOfABrokenOperationShowNothingStale) {
  LintOptions opts;
  IncrementalLinter linter("t.mlir", opts);
  std::string caller = "func.func @caller() {\n"
                       "  func.call @broken() : () -> ()\n"
                       "  %b = memref.alloc() : memref<4xf32>\n"
                       "  return\n"
                       "}\n";
  auto r = linter.analyze(text(broken + caller + leakyFunction("one")), 1);
  ASSERT_EQ(r->errors.size(), 1u);
  EXPECT_EQ(r->errors[0].range.start.line, 2u);
  // @caller's leak is not shown (its callee does not parse); @one's is.
  ASSERT_EQ(r->findings().size(), 1u);
  EXPECT_EQ(r->findings()[0].range.start.line, 11u);
}

TEST(ParseIsolationTest, FixingTheBrokenOperationReanalysesOnlyIt) {
  LintOptions opts;
  IncrementalLinter linter("t.mlir", opts);
  auto first = linter.analyze(
      text(leakyFunction("one") + broken + leakyFunction("two")), 1);
  ASSERT_EQ(first->errors.size(), 1u);
  auto fixed =
      linter.analyze(text(leakyFunction("one") + leakyFunction("broken") +
                          leakyFunction("two")),
                     2);
  EXPECT_TRUE(fixed->errors.empty());
  EXPECT_EQ(fixed->stats.mode, "incremental");
  EXPECT_EQ(fixed->stats.opsTotal, 3u);
  EXPECT_EQ(fixed->stats.opsAnalysed, 1u);
  ASSERT_EQ(fixed->findings().size(), 3u);
  EXPECT_EQ(fixed->findings()[1].range.start.line, 6u);
}

TEST(ParseIsolationTest, NotesBecomeRelatedLocations) {
  LintOptions opts;
  IncrementalLinter linter("t.mlir", opts);
  // Two definitions of %a in one function: the error has a note pointing
  // at the first.
  std::string dup = "func.func @dup() {\n"
                    "  %a = memref.alloc() : memref<4xf32>\n"
                    "  %a = memref.alloc() : memref<4xf32>\n"
                    "  return\n"
                    "}\n";
  auto r = linter.analyze(text(dup + leakyFunction("one")), 1);
  ASSERT_EQ(r->errors.size(), 1u);
  EXPECT_EQ(r->errors[0].range.start.line, 3u);
  ASSERT_EQ(r->errors[0].notes.size(), 1u);
  EXPECT_EQ(r->errors[0].notes[0].range.start.line, 2u);
  EXPECT_EQ(r->findings().size(), 1u);
}

} // namespace
