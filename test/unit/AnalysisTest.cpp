// Unit tests of the engine through its public entry points.
#include "analysis/Document.h"
#include "analysis/Engine.h"

#include <gtest/gtest.h>

using namespace memlint;

namespace {

std::vector<Finding> lint(const std::string &text) {
  auto doc = Document::parse(text, "t.mlir");
  EXPECT_TRUE(doc->isValid());
  return lintDocument(*doc, LintOptions());
}

TEST(DocumentTest, ParseErrorHasPosition) {
  auto doc = Document::parse("func.func @f() {\n  %a = memref.alloc( : \n}",
                             "bad.mlir");
  ASSERT_FALSE(doc->isValid());
  ASSERT_FALSE(doc->errors().empty());
  EXPECT_EQ(doc->errors().front().range.start.line, 2u);
}

TEST(DocumentTest, VerifierErrorIsReported) {
  auto doc = Document::parse("func.func @f() -> i32 {\n  return\n}", "v.mlir");
  EXPECT_FALSE(doc->isValid());
  EXPECT_FALSE(doc->errors().empty());
}

TEST(DocumentTest, GarbageNeverCrashes) {
  for (std::string s : {"", "\xff\xfe", "}}}}", "%a = ", "\"x\"() : () -> ()",
                        "func.func @f(%a: memref<?xf32>) { memref.dealloc"})
    (void)Document::parse(s, "g.mlir");
}

TEST(DocumentTest, RangesAndNames) {
  auto doc = Document::parse(
      "func.func @f() {\n  %buf = memref.alloc() : memref<4xf32>\n  return\n}",
      "r.mlir");
  ASSERT_TRUE(doc->isValid());
  auto findings = lintDocument(*doc, LintOptions());
  ASSERT_EQ(findings.size(), 1u);
  EXPECT_EQ(findings[0].check, "leak");
  EXPECT_EQ(findings[0].range.start.line, 2u);
  EXPECT_EQ(findings[0].range.start.column, 10u);
  EXPECT_EQ(findings[0].range.end.column, 40u);
  EXPECT_NE(findings[0].message.find("%buf"), std::string::npos);
}

TEST(AnalysisTest, PathConditionInMessage) {
  auto f = lint(R"(
func.func @f(%c: i1) {
  %a = memref.alloc() : memref<4xf32>
  scf.if %c {
    memref.dealloc %a : memref<4xf32>
  }
  return
})");
  ASSERT_EQ(f.size(), 1u);
  EXPECT_NE(f[0].message.find("when %c is false"), std::string::npos);
  ASSERT_EQ(f[0].related.size(), 1u);
  EXPECT_EQ(f[0].related[0].range.start.line, 7u);
}

TEST(AnalysisTest, CorrelatedBranchesAreClean) {
  EXPECT_TRUE(lint(R"(
func.func @f(%c: i1) {
  %true = arith.constant true
  %n = arith.xori %c, %true : i1
  %a = memref.alloc() : memref<4xf32>
  cf.cond_br %c, ^bb1, ^bb2
^bb1:
  memref.dealloc %a : memref<4xf32>
  cf.br ^bb3
^bb2:
  cf.br ^bb3
^bb3:
  scf.if %n {
    memref.dealloc %a : memref<4xf32>
  }
  return
})")
                  .empty());
}

TEST(AnalysisTest, DisabledCheckIsSilent) {
  auto doc = Document::parse(
      "func.func @f() {\n  %a = memref.alloc() : memref<4xf32>\n  return\n}",
      "d.mlir");
  LintOptions opts;
  std::string err;
  ASSERT_TRUE(applyCheckList("-leak", opts, err));
  EXPECT_TRUE(lintDocument(*doc, opts).empty());
  EXPECT_FALSE(applyCheckList("no-such-check", opts, err));
}

TEST(AnalysisTest, Suppression) {
  EXPECT_TRUE(isSuppressed("x // memlint: ignore[leak]", 1, "leak"));
  EXPECT_TRUE(isSuppressed("x // memlint: ignore", 1, "double-free"));
  EXPECT_FALSE(isSuppressed("x // memlint: ignore[leak]", 1, "double-free"));
  EXPECT_FALSE(isSuppressed("x\n// memlint: ignore", 1, "leak"));
}

TEST(AnalysisTest, RecursionTerminates) {
  auto f = lint(R"(
func.func @r(%n: i1) -> memref<4xf32> {
  %0 = scf.if %n -> (memref<4xf32>) {
    %a = func.call @r(%n) : (i1) -> memref<4xf32>
    scf.yield %a : memref<4xf32>
  } else {
    %b = memref.alloc() : memref<4xf32>
    scf.yield %b : memref<4xf32>
  }
  return %0 : memref<4xf32>
})");
  EXPECT_TRUE(f.empty());
}

} // namespace
