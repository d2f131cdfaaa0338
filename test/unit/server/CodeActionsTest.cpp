//===- CodeActionsTest.cpp - Quick fixes, suppress, fix-all ---------------===//
#include "analysis/Engine.h"
#include "fixes/Fixes.h"
#include "fixes/TextEdits.h"
#include "server/Features.h"
#include "server/IncrementalLinter.h"

#include <gtest/gtest.h>
#include <map>

using namespace memlint;

namespace {

Finding finding(const std::string &check, unsigned line, bool withFix) {
  Finding f;
  f.check = check;
  f.message = check + " here";
  f.range = {{line, 3}, {line, 9}};
  if (withFix) {
    Fix fix;
    fix.title = "Free it";
    fix.edits = {{{{line + 1, 1}, {line + 1, 1}}, "  free\n"}};
    f.fixes.push_back(fix);
  }
  return f;
}

const char *text = "func.func @f() {\n"
                   "  %a = memref.alloc() : memref<4xf32>\n"
                   "  %b = memref.alloc() : memref<4xf32> // memlint: "
                   "ignore[double-free]\n"
                   "  return\n"
                   "}\n";

TEST(CodeActionsTest, SuppressAppendsAComment) {
  std::optional<TextEdit> e = suppressEdit(text, finding("leak", 2, false));
  ASSERT_TRUE(e);
  // Just past the end of "  %a = memref.alloc() : memref<4xf32>".
  unsigned end =
      std::string("  %a = memref.alloc() : memref<4xf32>").size() + 1;
  EXPECT_EQ(e->range.start, (SourcePos{2, end}));
  EXPECT_EQ(e->range.end, (SourcePos{2, end}));
  EXPECT_EQ(e->newText, " // memlint: ignore[leak]");
}

TEST(CodeActionsTest, SuppressExtendsAnExistingList) {
  std::optional<TextEdit> e = suppressEdit(text, finding("leak", 3, false));
  ASSERT_TRUE(e);
  // Right after "double-free", before the closing bracket.
  std::string line3 = "  %b = memref.alloc() : memref<4xf32> // memlint: "
                      "ignore[double-free]";
  unsigned bracket = line3.size(); // 1-based column of ']'
  EXPECT_EQ(e->range.start, (SourcePos{3, bracket}));
  EXPECT_EQ(e->newText, ", leak");
}

TEST(CodeActionsTest, NoSuppressWhenAlreadySuppressed) {
  EXPECT_FALSE(suppressEdit(text, finding("double-free", 3, false)));
}

TEST(CodeActionsTest, EveryFindingGetsASuppressAction) {
  std::vector<Finding> findings = {finding("leak", 2, true),
                                   finding("not-checked", 1, false)};
  std::vector<CodeActionInfo> actions =
      codeActions(findings, SourceRange{{1, 1}, {5, 1}}, {kQuickFixKind}, text);
  ASSERT_EQ(actions.size(), 3u);
  // findingLess order is the caller's; actions follow the findings given.
  EXPECT_EQ(actions[0].title, "Free it");
  EXPECT_TRUE(actions[0].preferred);
  EXPECT_EQ(actions[1].title, "Suppress with `// memlint: ignore[leak]`");
  EXPECT_FALSE(actions[1].preferred);
  EXPECT_EQ(actions[1].findings, std::vector<size_t>{0});
  EXPECT_EQ(actions[2].title,
            "Suppress with `// memlint: ignore[not-checked]`");
  EXPECT_EQ(actions[2].edits.size(), 1u);
  EXPECT_EQ(actions[2].edits[0].newText, " // memlint: ignore[not-checked]");
}

TEST(CodeActionsTest, OnlyFilterIsExact) {
  std::vector<Finding> findings = {finding("leak", 2, true)};
  std::vector<CodeActionInfo> all =
      codeActions(findings, SourceRange(), {kFixAllKind}, text);
  ASSERT_EQ(all.size(), 1u);
  EXPECT_EQ(all[0].kind, kFixAllKind);
  std::vector<CodeActionInfo> quick = codeActions(
      findings, SourceRange{{2, 1}, {2, 80}}, {kQuickFixKind}, text);
  ASSERT_EQ(quick.size(), 2u);
  EXPECT_EQ(quick[0].kind, kQuickFixKind);
  EXPECT_EQ(quick[1].kind, kQuickFixKind);
  EXPECT_TRUE(kindMatches(kFixAllKind, {"source"}));
  EXPECT_FALSE(kindMatches(kFixAllKind, {"source.organizeImports"}));
  EXPECT_FALSE(kindMatches(kQuickFixKind, {"quickfix.other"}));
}

TEST(CodeActionsTest, NoFixAllWithoutASafeFix) {
  Finding f = finding("leak", 2, true);
  f.fixes[0].safe = false;
  std::vector<CodeActionInfo> all =
      codeActions({f}, SourceRange(), {kFixAllKind}, text);
  EXPECT_TRUE(all.empty());
}

TEST(CodeActionsTest, FixAllTakesOneFixPerBuffer) {
  // Three conditional frees of %a: each double free's fix is proven alone
  // and guards one free with the other's condition; together they left a
  // path that freed %a once with no free at all (a new leak). Fix-all
  // takes one fix per buffer (known by its "allocated here" note), and the
  // fix of another buffer beside it.
  const std::string src =
      "func.func @f(%c0: i1, %c1: i1, %c2: i1) {\n"
      "  %a = memref.alloc() : memref<4xf32>\n"
      "  scf.if %c0 {\n    memref.dealloc %a : memref<4xf32>\n  }\n"
      "  scf.if %c1 {\n    memref.dealloc %a : memref<4xf32>\n  }\n"
      "  scf.if %c2 {\n    memref.dealloc %a : memref<4xf32>\n  }\n"
      "  %b = memref.alloc() : memref<4xf32>\n"
      "  \"x.use\"(%b) : (memref<4xf32>) -> ()\n"
      "  return\n}\n";
  std::unique_ptr<Document> doc = Document::parse(src, "t.mlir");
  ASSERT_TRUE(doc->isValid());
  std::vector<Finding> findings = lintWithFixes(*doc, LintOptions());
  unsigned doubleFrees = 0;
  for (const Finding &f : findings)
    doubleFrees += f.check == "double-free" && !f.fixes.empty();
  ASSERT_EQ(doubleFrees, 2u);
  std::vector<CodeActionInfo> all =
      codeActions(findings, SourceRange(), {kFixAllKind}, src);
  ASSERT_EQ(all.size(), 1u);
  unsigned taken = 0;
  for (size_t i : all[0].findings)
    taken += findings[i].check == "double-free";
  EXPECT_EQ(taken, 1u);
  std::optional<std::string> fixed = applyEdits(src, all[0].edits);
  ASSERT_TRUE(fixed);
  std::unique_ptr<Document> after = Document::parse(*fixed, "t.mlir");
  ASSERT_TRUE(after->isValid());
  std::map<std::string, int> before, now;
  for (const Finding &f : findings)
    ++before[f.check];
  for (const Finding &f : lintDocument(*after, LintOptions()))
    ++now[f.check];
  EXPECT_LT(now["double-free"], before["double-free"]);
  EXPECT_LT(now["leak"], before["leak"]); // %b's leak is fixed, none added
}

} // namespace

namespace {

const char *twoLeaks = "func.func @f(%c: i1) {\n"                  // 1
                       "  %a = memref.alloc() : memref<4xf32>\n"   // 2
                       "  scf.if %c {\n"                           // 3
                       "    memref.dealloc %a : memref<4xf32>\n"   // 4
                       "  }\n"                                     // 5
                       "  return\n"                                // 6
                       "}\n"                                       // 7
                       "func.func @g() {\n"                        // 8
                       "  %b = memref.alloc() : memref<4xf32>\n"   // 9
                       "  return\n"                                // 10
                       "}\n";

std::string titles(const std::vector<Finding> &fs) {
  std::string out;
  for (const Finding &f : fs)
    out += f.check + "@" + std::to_string(f.range.start.line) + ":" +
           (f.fixes.empty() ? "-" : f.fixes.front().title) + "\n";
  return out;
}

} // namespace

// A fix search keeps what it found on the result, so the next code action
// on this version is answered without the linter (and its worker): only
// for the operations searched, and the same findings and fixes.
TEST(CodeActionsTest, FixesFoundAreKeptOnTheResult) {
  IncrementalLinter linter("t.mlir", LintOptions());
  auto r = linter.analyze(std::make_shared<const std::string>(twoLeaks), 1);
  SourceRange inF{{2, 1}, {2, 40}}, inG{{9, 1}, {9, 40}};
  EXPECT_FALSE(r->keptFixes(inF));
  std::vector<Finding> found = linter.findingsWithFixes(*r, inF);
  ASSERT_EQ(found.size(), 1u);
  ASSERT_FALSE(found[0].fixes.empty());
  std::optional<std::vector<Finding>> kept = r->keptFixes(inF);
  ASSERT_TRUE(kept);
  EXPECT_EQ(titles(*kept), titles(found));
  // @g was not searched; the whole file needs it too.
  EXPECT_FALSE(r->keptFixes(inG));
  EXPECT_FALSE(r->keptFixes(SourceRange()));
  std::vector<Finding> all = linter.findingsWithFixes(*r, SourceRange());
  ASSERT_EQ(all.size(), 2u);
  ASSERT_TRUE(r->keptFixes(SourceRange()));
  EXPECT_EQ(titles(*r->keptFixes(SourceRange())), titles(all));
}

// Operations without findings have no fixes to search: a code action over
// a call graph of functions that free what they call returns (no finding)
// parses nothing. Where every function leaks, the batches of functions
// would each parse nearly every function they call: one parse instead.
TEST(CodeActionsTest, FixSearchParsesStayLinearInACallGraph) {
  auto chain = [](bool leak) {
    std::string text;
    for (int i = 0; i < 600; ++i) {
      text += "func.func @f" + std::to_string(i) + "() -> memref<4xf32> {\n";
      text += "  %r = memref.alloc() : memref<4xf32>\n";
      if (leak)
        text += "  %leak = memref.alloc() : memref<4xf32>\n";
      if (i + 1 < 600) {
        text += "  %c = func.call @f" + std::to_string(i + 1) +
                "() : () -> memref<4xf32>\n";
        text += "  memref.dealloc %c : memref<4xf32>\n";
      }
      text += "  return %r : memref<4xf32>\n}\n";
    }
    return text;
  };
  IncrementalLinter clean("t.mlir", LintOptions());
  auto r = clean.analyze(std::make_shared<const std::string>(chain(false)), 1);
  EXPECT_TRUE(clean.findingsWithFixes(*r, SourceRange()).empty());
  EXPECT_EQ(clean.fixSearchParses(), 0u);

  IncrementalLinter leaky("t.mlir", LintOptions());
  r = leaky.analyze(std::make_shared<const std::string>(chain(true)), 1);
  std::vector<Finding> all = leaky.findingsWithFixes(*r, SourceRange());
  ASSERT_EQ(all.size(), 600u);
  EXPECT_TRUE(llvm::all_of(all, [](const Finding &f) {
    return f.check == "leak" && !f.fixes.empty();
  }));
  EXPECT_EQ(leaky.fixSearchParses(), 1u);
}
