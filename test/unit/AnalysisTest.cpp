// Unit tests of the engine through its public entry points.
#include "analysis/Document.h"
#include "analysis/Engine.h"
#include "analysis/LifetimeAnalysis.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/thread.h"
#include <gtest/gtest.h>
#include <map>

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
  EXPECT_NE(findings[0].message.str().find("%buf"), std::string::npos);
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
  EXPECT_NE(f[0].message.str().find("when %c is false"), std::string::npos);
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

// Findings that share a line share its comment (read once per line); a
// comment naming one check leaves the others on that line reported.
TEST(AnalysisTest, SuppressionPerLineAndCheck) {
  auto f = lint("func.func @f() {\n"
                "  %a = memref.alloc() : memref<4xf32> "
                "%b = memref.alloc() : memref<4xf32> "
                "memref.dealloc %a : memref<4xf32> "
                "memref.dealloc %a : memref<4xf32> // memlint: ignore[leak]\n"
                "  %c = memref.alloc() : memref<4xf32> // memlint: ignore\n"
                "  %d = memref.alloc() : memref<4xf32>\n"
                "  return\n}");
  std::vector<std::pair<unsigned, std::string>> got;
  for (const Finding &x : f)
    got.push_back({x.range.start.line, x.check});
  std::vector<std::pair<unsigned, std::string>> want = {{2, "double-free"},
                                                        {4, "leak"}};
  EXPECT_EQ(got, want);
}

// Findings come sorted by range even where the module lists a function
// before one that starts earlier in the file (a function inside another's
// body is walked first).
TEST(AnalysisTest, FindingsAreInFileOrderWhateverTheFunctionOrder) {
  auto f = lint("func.func @outer() {\n"
                "  %a = memref.alloc() : memref<4xf32>\n"
                "  builtin.module {\n"
                "    func.func @inner() {\n"
                "      %b = memref.alloc() : memref<4xf32>\n"
                "      return\n"
                "    }\n"
                "  }\n"
                "  return\n"
                "}\n"
                "func.func @after() {\n"
                "  %c = memref.alloc() : memref<4xf32>\n"
                "  return\n"
                "}\n");
  std::vector<unsigned> lines;
  for (const Finding &x : f)
    lines.push_back(x.range.start.line);
  EXPECT_EQ(lines, (std::vector<unsigned>{2, 5, 12}));
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

namespace {

const char *twoFunctions = R"(func.func @small() {
  %a = memref.alloc() : memref<4xf32>
  return
}
func.func @branchy(%p: i1, %q: i1, %r: i1) {
  %b = memref.alloc() : memref<4xf32>
  %pq = arith.andi %p, %q : i1
  scf.if %pq {
    memref.dealloc %b : memref<4xf32>
  }
  scf.if %r {
    memref.dealloc %b : memref<4xf32>
  }
  return
}
)";

TEST(EngineTest, FunctionOverTheBudgetIsNamedNotReportedClean) {
  auto doc = Document::parse(twoFunctions, "b.mlir");
  ASSERT_TRUE(doc->isValid());
  ModuleLifetimes lifetimes(doc->module(),
                            [&](mlir::Value v) { return doc->nameOf(v); });
  // Enough for @small (no conditions), not for @branchy's three atoms.
  lifetimes.setNodeBudget(4);
  std::vector<Finding> findings = lintDocument(*doc, LintOptions(), lifetimes);
  // @small is still checked; @branchy is one not-checked finding on its
  // name, and nothing else.
  ASSERT_EQ(findings.size(), 2u);
  EXPECT_EQ(findings[0].check, "leak");
  EXPECT_EQ(findings[0].range.start.line, 2u);
  EXPECT_EQ(findings[1].check, "not-checked");
  EXPECT_EQ(findings[1].severity, Severity::Warning);
  EXPECT_EQ(findings[1].range, (SourceRange{{5, 11}, {5, 19}}));
  EXPECT_EQ(
      findings[1].message.str(),
      "@branchy was checked only coarsely: its path conditions outgrew the "
      "analysis budget (4 BDD nodes); only bugs that happen on every "
      "path are reported for it");

  // Turned off, it is gone and the rest stays.
  LintOptions off;
  std::string error;
  ASSERT_TRUE(applyCheckList("all,-not-checked", off, error)) << error;
  ModuleLifetimes again(doc->module(),
                        [&](mlir::Value v) { return doc->nameOf(v); });
  again.setNodeBudget(4);
  std::vector<Finding> rest = lintDocument(*doc, off, again);
  ASSERT_EQ(rest.size(), 1u);
  EXPECT_EQ(rest[0].check, "leak");

  // With the default budget both are analysed and nothing is skipped.
  // @small's leak; @branchy's leak (%q and %r false) and double free (%p
  // and %q true).
  std::vector<Finding> all = lintDocument(*doc, LintOptions());
  std::vector<std::string> checks;
  for (const Finding &f : all)
    checks.push_back(f.check);
  EXPECT_EQ(checks, (std::vector<std::string>{"leak", "leak", "double-free"}));
}

TEST(EngineTest, ParallelAndSequentialAgree) {
  auto doc = Document::parse(twoFunctions, "b.mlir");
  ASSERT_TRUE(doc->isValid());
  LintOptions one, many;
  one.threads = 1;
  many.threads = 4;
  std::vector<Finding> a = lintDocument(*doc, one);
  std::vector<Finding> b = lintDocument(*doc, many);
  ASSERT_EQ(a.size(), b.size());
  for (size_t i = 0; i < a.size(); ++i) {
    EXPECT_EQ(a[i].check, b[i].check);
    EXPECT_EQ(a[i].message.str(), b[i].message.str());
    EXPECT_TRUE(a[i].range == b[i].range);
  }
}

} // namespace

// The fix search views a function's analysis in the file unless it is in a
// call cycle (fixes/FunctionSearch.h): cycles through others, calls to
// itself, and none in a call chain however long.
TEST(EngineTest, FunctionsInCallCycles) {
  std::string text = R"(func.func @self(%n: index) {
  func.call @self(%n) : (index) -> ()
  return
}
func.func @a() {
  func.call @b() : () -> ()
  return
}
func.func @b() {
  func.call @c() : () -> ()
  return
}
func.func @c() {
  func.call @a() : () -> ()
  func.call @leaf() : () -> ()
  return
}
func.func @leaf() {
  return
}
func.func private @ext() -> memref<4xf32>
)";
  // A chain deeper than any call stack: f0 -> f1 -> ... -> fN.
  const int chain = 20000;
  for (int i = 0; i < chain; ++i)
    text += "func.func @f" + std::to_string(i) + "() {\n" +
            (i + 1 < chain
                 ? "  func.call @f" + std::to_string(i + 1) + "() : () -> ()\n"
                 : std::string()) +
            "  return\n}\n";
  auto doc = Document::parse(text, "c.mlir");
  ASSERT_TRUE(doc->isValid());
  ModuleLifetimes lifetimes(doc->module(),
                            [&](mlir::Value v) { return doc->nameOf(v); });
  std::vector<bool> cycle = lifetimes.inCallCycle();
  ASSERT_EQ(cycle.size(), lifetimes.functions().size());
  std::map<std::string, bool> byName;
  for (auto [i, fn] : llvm::enumerate(lifetimes.functions()))
    byName[mlir::FunctionOpInterface(fn).getName().str()] = cycle[i];
  EXPECT_TRUE(byName["self"]);
  EXPECT_TRUE(byName["a"]);
  EXPECT_TRUE(byName["b"]);
  EXPECT_TRUE(byName["c"]);
  EXPECT_FALSE(byName["leaf"]);
  EXPECT_EQ(byName.count("ext"), 0u); // no body: not one of functions()
  for (int i = 0; i < chain; ++i)
    EXPECT_FALSE(byName["f" + std::to_string(i)]) << i;
}

namespace {
/// Two functions that call each other: the call cycle the tests below put
/// callers above.
const char *CycleAB = R"(func.func @a() {
  func.call @b() : () -> ()
  return
}
func.func @b() {
  func.call @a() : () -> ()
  return
}
)";
} // namespace

// Callers written above a call cycle are not ready until it is analysed, so
// the first of them is analysed first and its callees before it: a chain
// as deep as the input. On a thread with a plain 8 MiB stack it must be
// analysed without recursion, and the fresh buffer from the bottom of the
// chain must reach the top.
TEST(EngineTest, ChainAboveACallCycleNeedsNoDeepStack) {
  const int chain = 20000;
  std::string text = R"(func.func @top() {
  %m = func.call @f0() : () -> memref<4xf32>
  return
}
)";
  for (int i = 0; i < chain; ++i) {
    std::string f = "@f" + std::to_string(i);
    text += "func.func " + f + "() -> memref<4xf32> {\n";
    if (i + 1 < chain) {
      text += "  %m = func.call @f" + std::to_string(i + 1) +
              "() : () -> memref<4xf32>\n";
    } else {
      text += "  func.call @a() : () -> ()\n";
      text += "  %m = memref.alloc() : memref<4xf32>\n";
    }
    text += "  return %m : memref<4xf32>\n}\n";
  }
  text += CycleAB;
  auto doc = Document::parse(text, "chain.mlir");
  ASSERT_TRUE(doc->isValid());
  std::vector<Finding> findings;
  llvm::thread worker(std::optional<unsigned>(8u << 20), [&] {
    LintOptions opts;
    opts.threads = 1;
    findings = lintDocument(*doc, opts);
  });
  worker.join();
  ASSERT_EQ(findings.size(), 1u);
  EXPECT_EQ(findings[0].check, "leak");
  EXPECT_EQ(findings[0].range.start.line, 2u);
}

// analyzeAll's `then` (the CLI's check, which releases the analysis's work
// state) runs right after each analysis, also for the callers above a call
// cycle that one get() analyses together, deepest first: run at the end,
// 20,000 such callers held all their analyses at once (2.3 GB).
TEST(EngineTest, CallersAboveACallCycleAreCheckedAsTheyAreAnalysed) {
  const unsigned chain = 50;
  std::string text;
  for (unsigned i = 0; i < chain; ++i)
    text += "func.func @f" + std::to_string(i) + "() {\n  func.call @" +
            (i + 1 < chain ? "f" + std::to_string(i + 1) : std::string("a")) +
            "() : () -> ()\n  return\n}\n";
  text += CycleAB;
  auto doc = Document::parse(text, "chain.mlir");
  ASSERT_TRUE(doc->isValid());
  ModuleLifetimes lifetimes(doc->module(),
                            [&](mlir::Value v) { return doc->nameOf(v); });
  std::vector<unsigned> order;
  lifetimes.analyzeAll(1, [&](unsigned i) { order.push_back(i); });
  // @b (the cycle entered at @a from @f49), @a, then @f49 up to @f0.
  std::vector<unsigned> expected{chain + 1, chain};
  for (unsigned i = chain; i-- > 0;)
    expected.push_back(i);
  EXPECT_EQ(order, expected);

  // The same in the editor's cancellable lint, one function at a time.
  std::atomic<bool> cancelled{false};
  LintOptions opts;
  opts.cancelled = &cancelled;
  opts.releaseAnalyses = true;
  std::vector<std::string> checkedNames;
  opts.beforeRelease = [&](LifetimeAnalysis &la) {
    checkedNames.push_back(la.function().getName().str());
  };
  lintDocument(*doc, opts);
  std::vector<std::string> expectedNames{"b", "a"};
  for (unsigned i = chain; i-- > 0;)
    expectedNames.push_back("f" + std::to_string(i));
  EXPECT_EQ(checkedNames, expectedNames);
}

// A function of a call cycle analysed before analyzeAll (a get() of its
// own) is finished all the same: analyzeAll ends, each function checked
// once.
TEST(EngineTest, AnalyzeAllAfterAGetOfACycleFunction) {
  std::string text = R"(func.func @c() {
  func.call @a() : () -> ()
  return
}
)";
  auto doc = Document::parse(text + CycleAB, "cycle.mlir");
  ASSERT_TRUE(doc->isValid());
  ModuleLifetimes lifetimes(doc->module(),
                            [&](mlir::Value v) { return doc->nameOf(v); });
  lifetimes.get(lifetimes.functions()[1]); // @a, and @b with it
  std::vector<unsigned> checked;
  lifetimes.analyzeAll(1, [&](unsigned i) { checked.push_back(i); });
  llvm::sort(checked);
  EXPECT_EQ(checked, (std::vector<unsigned>{0, 1, 2}));
}
