//===- LeaksTogetherTest.cpp - memlint fix proves leak frees together -----===//
//
// `memlint fix` proves the first places of a function's leak frees at one
// analysis (FixFinder::leaksTogether) and takes fixes apart by the buffers
// that fare worse (FixRun.cpp). These tests pin what that finds and what it
// costs, in analyses.
//
//===----------------------------------------------------------------------===//
#include "analysis/lifetime/ModuleLifetimes.h"
#include "test/unit/fixes/FixTestHelpers.h"

#include <map>

using namespace memlint;

namespace {

/// Twelve buffers of one function, none freed.
std::string twelveLeaks() {
  return twelveBuffers(
      [](const std::string &, const std::string &) { return std::string(); });
}

TEST(LeaksTogether, ManyLeaksCostAFewAnalyses) {
  // Twelve leaks of twelve buffers. One by one, each search took an
  // analysis of the function; together: one for the twelve frees, one to
  // take them, one for the function's next step.
  std::string text = twelveLeaks();
  FixRunResult r = fixText(text, "t.mlir", LintOptions(), false);
  EXPECT_EQ(r.applied, 12u);
  EXPECT_TRUE(r.remaining.empty());
  EXPECT_EQ(r.analyses, 3u);
  EXPECT_EQ(occurrences(r.text, "memref.dealloc"), 12u);
}

TEST(LeaksTogether, FreesThatHurtAnotherPathAreLeftToTheirOwnSearch) {
  // %a and %b are freed through the select on one value of %c each: a
  // plain free of either frees it twice on the other, so theirs are
  // dropped from the group and their own searches guard them; the plain
  // leaks of %d and %e are proven together.
  const char *text = R"(func.func @g(%c: i1) {
  %a = memref.alloc() : memref<4xf32>
  %b = memref.alloc() : memref<4xf32>
  "npu.fill"(%a) : (memref<4xf32>) -> ()
  "npu.fill"(%b) : (memref<4xf32>) -> ()
  %s = arith.select %c, %a, %b : memref<4xf32>
  "npu.use"(%s) : (memref<4xf32>) -> ()
  memref.dealloc %s : memref<4xf32>
  %d = memref.alloc() : memref<8xf32>
  "npu.fill"(%d) : (memref<8xf32>) -> ()
  %e = memref.alloc() : memref<16xf32>
  "npu.fill"(%e) : (memref<16xf32>) -> ()
  return
}
)";
  FixRunResult r = fixText(text, "t.mlir", LintOptions(), false);
  EXPECT_TRUE(r.remaining.empty()) << r.text;
  EXPECT_EQ(r.applied, 4u);
  EXPECT_EQ(occurrences(r.text, "scf.if %c"), 2u) << r.text;
  EXPECT_NE(r.text.find("memref.dealloc %d"), std::string::npos);
  EXPECT_NE(r.text.find("memref.dealloc %e"), std::string::npos);
}

TEST(LeaksTogether, BlocksOnEdgesGetLabelsOfTheirOwn) {
  // Each leak is freed on a branch edge, in a block of its own: proven
  // together, the two blocks need two labels.
  const char *text = R"(func.func @f(%c: i1, %d: i1) {
  %a = memref.alloc() : memref<4xf32>
  %b = memref.alloc() : memref<8xf32>
  "npu.fill"(%a) : (memref<4xf32>) -> ()
  "npu.fill"(%b) : (memref<8xf32>) -> ()
  cf.cond_br %c, ^l, ^j
^l:
  memref.dealloc %a : memref<4xf32>
  cf.br ^j
^j:
  cf.cond_br %d, ^m, ^k
^m:
  memref.dealloc %b : memref<8xf32>
  cf.br ^k
^k:
  return
}
)";
  FixRunResult r = fixText(text, "t.mlir", LintOptions(), false);
  EXPECT_TRUE(r.remaining.empty()) << r.text;
  EXPECT_EQ(r.applied, 2u);
  EXPECT_EQ(occurrences(r.text, "^memlint_free0:\n  memref.dealloc %a"), 1u)
      << r.text;
  EXPECT_EQ(occurrences(r.text, "^memlint_free1:\n  memref.dealloc %b"), 1u)
      << r.text;
  // Proven at one analysis and taken at one (the function has no window:
  // the file's next round lints what is left).
  EXPECT_EQ(r.analyses, 2u);
}

TEST(LeaksTogether, LintWithFixesStillProvesEachFixAlone) {
  // The JSON output and the editor offer each fix on its own: no fix of
  // theirs comes from a proof of a group. Each fix of this function,
  // applied alone, ends a leak and adds nothing.
  const char *text = R"(func.func @f(%n: index, %v: f32) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %init = memref.alloc() : memref<16xf32>
  memref.store %v, %init[%c0] : memref<16xf32>
  cf.br ^header(%c0, %init : index, memref<16xf32>)
^header(%i: index, %buf: memref<16xf32>):
  %cond = arith.cmpi slt, %i, %n : index
  cf.cond_br %cond, ^body, ^exit
^body:
  %fresh = memref.alloc() : memref<16xf32>
  memref.copy %buf, %fresh : memref<16xf32> to memref<16xf32>
  %next = arith.addi %i, %c1 : index
  cf.br ^header(%next, %fresh : index, memref<16xf32>)
^exit:
  %r = memref.load %buf[%c0] : memref<16xf32>
  %x = memref.alloc() : memref<4xf32>
  "npu.fill"(%x) : (memref<4xf32>) -> ()
  %y = memref.alloc() : memref<8xf32>
  "npu.fill"(%y) : (memref<8xf32>) -> ()
  return %r : f32
}
)";
  std::unique_ptr<Document> doc = Document::parse(text, "t.mlir");
  ASSERT_TRUE(doc->isValid());
  std::vector<Finding> findings = lintWithFixes(*doc, LintOptions());
  unsigned fixed = 0;
  for (const Finding &f : findings) {
    if (f.check != "leak" || f.fixes.empty())
      continue;
    ++fixed;
    std::optional<std::string> after = applyEdits(text, f.fixes[0].edits);
    ASSERT_TRUE(after);
    std::unique_ptr<Document> d = Document::parse(*after, "t.mlir");
    ASSERT_TRUE(d->isValid());
    std::vector<Finding> left = lintDocument(*d, LintOptions());
    EXPECT_LT(left.size(), findings.size()) << *after;
    std::map<std::string, int> checks;
    for (const Finding &g : findings)
      ++checks[g.check];
    for (const Finding &g : left)
      EXPECT_GE(--checks[g.check], 0) << *after;
  }
  EXPECT_EQ(fixed, 4u);
}

/// The findings of `text`, with the fixes a work bound of four analyses
/// of its function gives them.
std::vector<Finding> fixedUnderFourAnalyses(const std::string &text) {
  std::unique_ptr<Document> doc = Document::parse(text, "t.mlir");
  EXPECT_TRUE(doc->isValid());
  if (!doc->isValid())
    return {};
  ModuleLifetimes lifetimes(doc->module(),
                            [&](mlir::Value v) { return doc->nameOf(v); });
  std::vector<Finding> findings = lintDocument(*doc, LintOptions(), lifetimes);
  uint64_t ops = 0;
  doc->module()->walk([&](mlir::Operation *) { ++ops; });
  attachFixes(*doc, lifetimes, findings, 4 * ops);
  return findings;
}

TEST(LeaksTogether, FixesOfferedAloneAreProvenTogetherWhereEachHoldsAlone) {
  // Twelve leaks of twelve buffers, each freed by its allocation's own
  // value: the frees change disjoint buffers, so the group's proof proves
  // each. A work bound of four analyses of the function gave four of them
  // a fix one by one; together, all twelve get one, and each holds alone.
  std::string text = twelveLeaks();
  std::vector<Finding> findings = fixedUnderFourAnalyses(text);
  ASSERT_EQ(findings.size(), 12u);
  for (const Finding &f : findings)
    expectFixHoldsAlone(text, f, 12);
}

TEST(LeaksTogether, FreesOnEdgesOfferedAloneAreProvenTogether) {
  // Twelve buffers each freed on one branch of a cf.cond_br: each leak's
  // free goes in a block of its own on the other edge. Proven together
  // (each block with a label of its own), each fix is offered with the
  // label its own search gives it, and holds alone. Under a work bound of
  // four analyses, one by one gave four of them a fix.
  std::string text = "// a line above the function: it has a window\n"
                     "func.func @f(%c: i1) {\n"
                     "  cf.br ^n0\n";
  for (int i = 0; i < 12; ++i) {
    std::string k = std::to_string(i), next = std::to_string(i + 1);
    std::string t = "memref<" + std::to_string(i + 1) + "xf32>";
    text += "^n" + k + ":\n";
    text += "  %b" + k + " = memref.alloc() : " + t + "\n";
    text += "  \"npu.fill\"(%b" + k + ") : (" + t + ") -> ()\n";
    text += "  cf.cond_br %c, ^f" + k + ", ^n" + next + "\n";
    text += "^f" + k + ":\n";
    text += "  memref.dealloc %b" + k + " : " + t + "\n";
    text += "  cf.br ^n" + next + "\n";
  }
  text += "^n12:\n  return\n}\n";
  std::vector<Finding> findings = fixedUnderFourAnalyses(text);
  ASSERT_EQ(findings.size(), 12u);
  for (const Finding &f : findings) {
    expectFixHoldsAlone(text, f, 12);
    ASSERT_FALSE(f.fixes.empty());
    EXPECT_EQ(occurrences(f.fixes[0].edits.back().newText, "^memlint_free0:"),
              1u);
  }
}

TEST(LeaksTogether, GuardedFreesGoTogetherToo) {
  // Twenty buffers under one bufferization.dealloc of twenty conditions,
  // every other one retained: the retained leak on every path, the others
  // where their condition is false. Each of the latter needs its free
  // under a guard on its own condition. Together: a few analyses for the
  // twenty, where one by one each guarded free cost a search of its own
  // (and past the sixth condition in scope found none).
  std::string text = "func.func @f(";
  for (int k = 0; k < 20; ++k)
    text += (k ? ", %c" : "%c") + std::to_string(k) + ": i1";
  text += ") {\n";
  std::string list, types, conds, kept, keptTypes;
  for (int k = 0; k < 20; ++k) {
    std::string a = "%a" + std::to_string(k);
    text += "  " + a + " = memref.alloc() : memref<16xf32>\n";
    list += (k ? ", " : "") + a;
    types += (k ? ", " : "") + std::string("memref<16xf32>");
    conds += (k ? ", %c" : "%c") + std::to_string(k);
    if (k % 2 == 0) {
      kept += (k ? ", " : "") + a;
      keptTypes += (k ? ", " : "") + std::string("memref<16xf32>");
    }
  }
  text += "  %r:10 = bufferization.dealloc (" + list + " : " + types +
          ") if (" + conds + ") retain (" + kept + " : " + keptTypes +
          ")\n  return\n}\n";
  FixRunResult r = fixText(text, "t.mlir", LintOptions(), false);
  EXPECT_EQ(r.applied, 20u);
  EXPECT_TRUE(r.remaining.empty()) << r.text;
  EXPECT_LE(r.analyses, 10u);
  EXPECT_EQ(occurrences(r.text, "} else { memref.dealloc"), 10u) << r.text;
  std::unique_ptr<Document> d = Document::parse(r.text, "t.mlir");
  ASSERT_TRUE(d->isValid());
  EXPECT_TRUE(lintDocument(*d, LintOptions()).empty()) << r.text;
}

} // namespace
