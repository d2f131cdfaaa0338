// Shapes that used to take unbounded time or memory in the lifetime
// analysis. Each must either finish with its findings or stop with a
// not-checked finding, with its work counters within the per-function
// budget: the assertions are on counters, never on time.
#include "analysis/Document.h"
#include "analysis/Engine.h"
#include "analysis/LifetimeAnalysis.h"

#include <fstream>
#include <gtest/gtest.h>
#include <iterator>
#include <sstream>

using namespace memlint;

namespace {

struct Outcome {
  std::vector<Finding> findings;
  bool notChecked = false;
  BddCost cost;
};

Outcome lintShape(const std::string &text) {
  auto doc = Document::parse(text, "shape.mlir");
  EXPECT_TRUE(doc->isValid());
  ModuleLifetimes lifetimes(doc->module(),
                            [&](mlir::Value v) { return doc->nameOf(v); });
  Outcome o;
  o.findings = lintDocument(*doc, LintOptions(), lifetimes);
  for (const Finding &f : o.findings)
    o.notChecked |= f.check == "not-checked";
  EXPECT_EQ(lifetimes.functions().size(), 1u);
  o.cost = lifetimes.get(lifetimes.functions().front()).cost();
  // Counting stops once the budget is spent; the tables are checked
  // before they grow.
  BddBudget limits;
  EXPECT_LE(o.cost.operations, limits.operations + 1);
  EXPECT_LE(o.cost.bytes, limits.bytes);
  EXPECT_LE(o.cost.nodes, limits.nodes);
  return o;
}

size_t count(const Outcome &o, const std::string &check) {
  return llvm::count_if(o.findings,
                        [&](const Finding &f) { return f.check == check; });
}

/// When the analysis stopped, the not-checked finding is all there is.
void expectOnlyNotChecked(const Outcome &o) {
  ASSERT_EQ(o.findings.size(), 1u);
  EXPECT_EQ(o.findings[0].check, "not-checked");
}

/// The body of the pairs shape over arguments %x0..%x(n-1), %y0..%y(n-1):
/// every x used first (an scf.if on their disjunction), then
/// %o(n-1) = (x0 and y0) or ... : the BDD of %o(n-1) doubles with each
/// pair. The caller branches on %o(n-1).
void writePairs(std::ostream &s, int n) {
  s << "  %q0 = arith.ori %x0, %x0 : i1\n";
  for (int i = 1; i < n; ++i)
    s << "  %q" << i << " = arith.ori %q" << i - 1 << ", %x" << i << " : i1\n";
  s << "  scf.if %q" << n - 1 << " {\n  }\n";
  for (int i = 0; i < n; ++i)
    s << "  %p" << i << " = arith.andi %x" << i << ", %y" << i << " : i1\n";
  s << "  %o0 = arith.ori %p0, %p0 : i1\n";
  for (int i = 1; i < n; ++i)
    s << "  %o" << i << " = arith.ori %o" << i - 1 << ", %p" << i << " : i1\n";
}

TEST(CostShapeTest, PairsInABadOrder) {
  // (x0 and y0) or ... or (x23 and y23), every x used first: the BDD of
  // the disjunction doubles with each pair.
  const int n = 24;
  std::ostringstream s;
  s << "func.func @pairs(";
  for (int i = 0; i < n; ++i)
    s << "%x" << i << ": i1, ";
  for (int i = 0; i < n; ++i)
    s << "%y" << i << ": i1" << (i + 1 < n ? ", " : "");
  s << ") {\n  %a = memref.alloc() : memref<16xf32>\n";
  writePairs(s, n);
  s << "  scf.if %o" << n - 1
    << " {\n    memref.dealloc %a : memref<16xf32>\n  }\n  return\n}\n";
  Outcome o = lintShape(s.str());
  if (o.notChecked)
    return expectOnlyNotChecked(o);
  EXPECT_EQ(count(o, "leak"), 1u);
}

TEST(CostShapeTest, OverBudgetFunctionKeepsItsCertainBugs) {
  // The pairs shape again, past the budget, with a buffer freed twice on
  // every path and another only ever stored to: the coarse pass reports
  // both beside the not-checked finding.
  const int n = 24;
  std::ostringstream s;
  s << "func.func @pairs(%f: f32, ";
  for (int i = 0; i < n; ++i)
    s << "%x" << i << ": i1, %y" << i << ": i1" << (i + 1 < n ? ", " : "");
  s << ") {\n  %i = arith.constant 0 : index\n"
       "  %b = memref.alloc() : memref<4xf32>\n"
       "  %k = memref.alloc() : memref<4xf32>\n"
       "  memref.store %f, %k[%i] : memref<4xf32>\n";
  writePairs(s, n);
  s << "  scf.if %o" << n - 1
    << " {\n  }\n  memref.dealloc %b : memref<4xf32>\n"
       "  memref.dealloc %b : memref<4xf32>\n  return\n}\n";
  Outcome o = lintShape(s.str());
  ASSERT_TRUE(o.notChecked);
  ASSERT_EQ(o.findings.size(), 3u);
  EXPECT_EQ(count(o, "double-free"), 1u);
  EXPECT_EQ(count(o, "leak"), 1u);
  for (const Finding &f : o.findings)
    if (f.check != "not-checked")
      EXPECT_NE(f.message.str().find("(coarse analysis: @pairs outgrew the "
                                     "path-sensitive budget)"),
                std::string::npos)
          << f.message.str();
}

TEST(CostShapeTest, SixtyFourSequentialIfs) {
  const int n = 64;
  std::ostringstream s;
  s << "func.func @ifs(%m: memref<8xf32>";
  for (int i = 0; i < n; ++i)
    s << ", %c" << i << ": i1";
  s << ") {\n  %a = memref.alloc() : memref<8xf32>\n  %i0 = arith.constant 0 "
       ": index\n";
  for (int i = 0; i < n; ++i)
    s << "  scf.if %c" << i
      << " {\n    %t = memref.alloc() : memref<8xf32>\n"
         "    %v = memref.load %a[%i0] : memref<8xf32>\n"
         "    memref.store %v, %t[%i0] : memref<8xf32>\n"
         "    memref.dealloc %t : memref<8xf32>\n  }\n";
  s << "  memref.dealloc %a : memref<8xf32>\n  return\n}\n";
  Outcome o = lintShape(s.str());
  if (o.notChecked)
    return expectOnlyNotChecked(o);
  EXPECT_TRUE(o.findings.empty());
}

TEST(CostShapeTest, LeakInThirtyTwoNestedFors) {
  // Nested loops iterate in lockstep: the rounds of the levels add up
  // instead of multiplying, so deep nests are analysed, not given up on.
  const int n = 32;
  std::ostringstream s;
  s << "func.func @nest(%lb: index, %ub: index, %st: index) {\n";
  for (int i = 0; i < n; ++i)
    s << std::string(2 * i + 2, ' ') << "scf.for %i" << i
      << " = %lb to %ub step %st {\n";
  s << std::string(2 * n + 2, ' ') << "%b = memref.alloc() : memref<8xf32>\n";
  for (int i = n - 1; i >= 0; --i)
    s << std::string(2 * i + 2, ' ') << "}\n";
  s << "  return\n}\n";
  Outcome o = lintShape(s.str());
  EXPECT_FALSE(o.notChecked);
  EXPECT_EQ(count(o, "leak"), 1u);
  EXPECT_LT(o.cost.operations, 3'000'000u);
}

/// `d` nested CFG loops that test at their heads, carrying a buffer and
/// its ownership flag the way upstream's --buffer-deallocation-pipeline
/// lowered to branches does: the innermost body replaces the buffer (frees
/// the old one if it owns it), each loop frees its own old buffer after
/// its inner loop ran. `freeInner` false drops the innermost free.
std::string headTestedNest(int d, bool freeInner = true) {
  std::ostringstream s;
  auto args = [](auto i, auto b, auto o) {
    std::ostringstream a;
    a << "(" << i << ", " << b << ", " << o << " : index, memref<8xf32>, i1)";
    return a.str();
  };
  s << "func.func @nest(%n: index, %init: memref<8xf32>) {\n"
    << "  %c0 = arith.constant 0 : index\n"
    << "  %c1 = arith.constant 1 : index\n"
    << "  %false = arith.constant false\n"
    << "  %true = arith.constant true\n"
    << "  cf.br ^h0" << args("%c0", "%init", "%false") << "\n";
  for (int k = 0; k < d; ++k) {
    std::string K = std::to_string(k);
    s << "^h" << K << "(%i" << K << ": index, %b" << K << ": memref<8xf32>, %o"
      << K << ": i1):\n"
      << "  %t" << K << " = arith.cmpi slt, %i" << K << ", %n : index\n"
      << "  cf.cond_br %t" << K << ", ^e" << K << ", ^x" << K << "\n"
      << "^e" << K << ":\n";
    if (k + 1 < d) {
      s << "  cf.br ^h" << k + 1 << args("%c0", "%b" + K, "%false") << "\n";
      continue;
    }
    s << "  %new = memref.alloc() : memref<8xf32>\n"
      << "  cf.cond_br %o" << K << ", ^f, ^l" << K << "\n"
      << "^f:\n";
    if (freeInner)
      s << "  memref.dealloc %b" << K << " : memref<8xf32>\n";
    s << "  cf.br ^l" << K << "\n"
      << "^l" << K << ":\n"
      << "  %ni" << K << " = arith.addi %i" << K << ", %c1 : index\n"
      << "  cf.br ^h" << K << args("%ni" + K, "%new", "%true") << "\n";
  }
  for (int k = d - 2; k >= 0; --k) {
    std::string K = std::to_string(k), J = std::to_string(k + 1);
    s << "^x" << J << ":\n"
      << "  %fr" << K << " = arith.andi %o" << K << ", %o" << J << " : i1\n"
      << "  cf.cond_br %fr" << K << ", ^ff" << K << ", ^l" << K << "\n"
      << "^ff" << K << ":\n"
      << "  memref.dealloc %b" << K << " : memref<8xf32>\n"
      << "  cf.br ^l" << K << "\n"
      << "^l" << K << ":\n"
      << "  %no" << K << " = arith.ori %o" << K << ", %o" << J << " : i1\n"
      << "  %ni" << K << " = arith.addi %i" << K << ", %c1 : index\n"
      << "  cf.br ^h" << K << args("%ni" + K, "%b" + J, "%no" + K) << "\n";
  }
  s << "^x0:\n"
    << "  cf.cond_br %o0, ^fin, ^ret\n"
    << "^fin:\n"
    << "  memref.dealloc %b0 : memref<8xf32>\n"
    << "  cf.br ^ret\n"
    << "^ret:\n"
    << "  return\n}\n";
  return s.str();
}

TEST(CostShapeTest, TenHeadTestedLoopsCarryingABuffer) {
  // A loop's exit, taken at its head before its body, passed on what the
  // body sent back a round late: a nest of d needed about d * (d + 1) / 2
  // rounds, and 10 loops outgrew the budget (6M operations, not checked).
  // Each loop's blocks now come before its exits and a head runs again for
  // them (CfgWalk, loopsFirstOrder): 2.4M operations.
  Outcome o = lintShape(headTestedNest(10));
  EXPECT_FALSE(o.notChecked);
  EXPECT_TRUE(o.findings.empty());
  EXPECT_LT(o.cost.operations, 4'000'000u);
  Outcome leak = lintShape(headTestedNest(10, /*freeInner=*/false));
  EXPECT_FALSE(leak.notChecked);
  EXPECT_EQ(count(leak, "leak"), 1u);
}

/// `n` CFG loops in a row, each after a branch that allocates and frees a
/// buffer; the i1 that picks the branch comes from an op memlint cannot
/// see into.
std::string loopsAfterFrees(int n) {
  std::ostringstream s;
  s << "func.func @chain(%v: f32, %i: index, %n: index) {\n"
    << "  %c0 = arith.constant 0 : index\n"
    << "  %c1 = arith.constant 1 : index\n";
  for (int k = 0; k < n; ++k)
    s << "  %c" << k << "x = \"test.cond\"() : () -> i1\n"
      << "  cf.cond_br %c" << k << "x, ^t" << k << ", ^h" << k
      << "(%c0 : index)\n"
      << "^t" << k << ":\n"
      << "  %a" << k << " = memref.alloc() : memref<4xf32>\n"
      << "  memref.store %v, %a" << k << "[%i] : memref<4xf32>\n"
      << "  memref.dealloc %a" << k << " : memref<4xf32>\n"
      << "  cf.br ^h" << k << "(%c0 : index)\n"
      << "^h" << k << "(%k" << k << ": index):\n"
      << "  %m" << k << " = arith.cmpi slt, %k" << k << ", %n : index\n"
      << "  cf.cond_br %m" << k << ", ^b" << k << ", ^x" << k << "\n"
      << "^b" << k << ":\n"
      << "  %k" << k << "n = arith.addi %k" << k << ", %c1 : index\n"
      << "  cf.br ^h" << k << "(%k" << k << "n : index)\n"
      << "^x" << k << ":\n";
  s << "  return\n}\n";
  return s.str();
}

TEST(CostShapeTest, BuffersFreedEarlierCostLaterLoopsNothing) {
  // Every back edge renames the loop's atoms in each buffer's state. A
  // buffer freed before the loop that no later block can reach through a
  // value has no state left to rename (FlowWalker::dropFinishedBuffers):
  // 100 loops took 2.6M operations and 1.1M nodes when every freed buffer
  // was kept, 0.1M operations without them.
  Outcome o = lintShape(loopsAfterFrees(100));
  EXPECT_FALSE(o.notChecked);
  EXPECT_TRUE(o.findings.empty());
  EXPECT_LT(o.cost.operations, 300'000u);
}

TEST(CostShapeTest, FiveThousandConditionalFrees) {
  const int n = 5000, conds = 16;
  std::ostringstream s;
  s << "func.func @frees(";
  for (int i = 0; i < conds; ++i)
    s << "%c" << i << ": i1" << (i + 1 < conds ? ", " : "");
  s << ") {\n";
  for (int i = 0; i < n; ++i)
    s << "  %b" << i << " = memref.alloc() : memref<8xf32>\n  scf.if %c"
      << i % conds << " {\n    memref.dealloc %b" << i
      << " : memref<8xf32>\n  }\n";
  s << "  return\n}\n";
  Outcome o = lintShape(s.str());
  if (o.notChecked)
    return expectOnlyNotChecked(o);
  EXPECT_EQ(count(o, "leak"), size_t(n));
}

// Upstream's deallocation after 80 chained `scf.if`s that each take a
// fresh buffer or keep the last one: every value may hold any of the
// buffers before it, and the dealloc asks whether each pair is one buffer
// (n^2 pairs of up to n entries each). Paired entry by entry, that
// outgrew the budget at 80.
TEST(CostShapeTest, DeallocOfEightyChainedChoices) {
  const int n = 80;
  std::ostringstream s;
  s << "func.func @chain(%c: memref<" << n << "xi1>) -> f32 {\n"
    << "  %true = arith.constant true\n  %false = arith.constant false\n"
    << "  %z = arith.constant 0 : index\n"
    << "  %a = memref.alloc() : memref<4xf32>\n";
  std::string prev = "%a", memrefs = "%a", conds = "%true", types;
  for (int i = 0; i < n; ++i) {
    s << "  %i" << i << " = arith.constant " << i << " : index\n"
      << "  %c" << i << " = memref.load %c[%i" << i << "] : memref<" << n
      << "xi1>\n  %p" << i << ", %o" << i << " = scf.if %c" << i
      << " -> (memref<4xf32>, i1) {\n"
      << "    %n = memref.alloc() : memref<4xf32>\n"
      << "    scf.yield %n, %true : memref<4xf32>, i1\n  } else {\n"
      << "    scf.yield " << prev << ", %false : memref<4xf32>, i1\n  }\n";
    prev = "%p" + std::to_string(i);
    memrefs += ", " + prev;
    conds += ", %o" + std::to_string(i);
  }
  for (int i = 0; i <= n; ++i)
    types += i ? ", memref<4xf32>" : "memref<4xf32>";
  s << "  %v = memref.load " << prev << "[%z] : memref<4xf32>\n"
    << "  bufferization.dealloc (" << memrefs << " : " << types << ") if ("
    << conds << ")\n  return %v : f32\n}\n";
  Outcome o = lintShape(s.str());
  EXPECT_FALSE(o.notChecked);
  EXPECT_TRUE(o.findings.empty());
  // 0.64M operations now; the pairwise walk spent the 6M budget.
  EXPECT_LT(o.cost.operations, 2'000'000u);
}

TEST(CostShapeTest, TwentyThousandDiamonds) {
  const int n = 20000;
  std::ostringstream s;
  s << "func.func @diamonds(%c: i1, %d: i1) {\n"
       "  %a = memref.alloc() : memref<8xf32>\n  cf.br ^d0\n";
  for (int i = 0; i < n; ++i)
    s << "^d" << i << ":\n  cf.cond_br " << (i % 2 ? "%c" : "%d") << ", ^l" << i
      << ", ^r" << i << "\n^l" << i << ":\n  cf.br ^d" << i + 1 << "\n^r" << i
      << ":\n  cf.br ^d" << i + 1 << "\n";
  s << "^d" << n << ":\n  memref.dealloc %a : memref<8xf32>\n  return\n}\n";
  Outcome o = lintShape(s.str());
  if (o.notChecked)
    return expectOnlyNotChecked(o);
  EXPECT_TRUE(o.findings.empty());
}

TEST(CostShapeTest, WorkBudgetStopsWithItsOwnMessage) {
  // A budget of a few operations stops even a small branchy function, and
  // the finding says which budget ran out.
  auto doc = Document::parse(R"(func.func @f(%p: i1, %q: i1) {
  %b = memref.alloc() : memref<4xf32>
  %pq = arith.andi %p, %q : i1
  scf.if %pq {
    memref.dealloc %b : memref<4xf32>
  }
  return
}
)",
                             "w.mlir");
  ASSERT_TRUE(doc->isValid());
  LintOptions opts;
  opts.analysisOperations = 3;
  std::vector<Finding> findings = lintDocument(*doc, opts);
  ASSERT_EQ(findings.size(), 1u);
  EXPECT_EQ(findings[0].message.str(),
            "@f was checked only coarsely: its analysis outgrew the work "
            "budget (3 BDD "
            "operations); only bugs that happen on every path are "
            "reported for it");
}

TEST(CostShapeTest, PathStatesCountAgainstTheMemoryBudget) {
  // Few BDD nodes, but 3,000 live buffers in a loop whose every block keeps
  // its state: the entries those states hold are charged to the byte
  // budget like the BDD tables, so a small budget stops the analysis.
  std::ostringstream s;
  s << "func.func @loopy(%v: f32, %i: index, %c: i1) {\n  cf.br ^h\n^h:\n";
  for (int k = 0; k < 3000; ++k)
    s << "  %a" << k << " = memref.alloc() : memref<4xf32>\n"
      << "  memref.store %v, %a" << k << "[%i] : memref<4xf32>\n"
      << "  cf.br ^b" << k << "\n^b" << k << ":\n";
  s << "  cf.cond_br %c, ^h, ^x\n^x:\n  return\n}\n";
  auto doc = Document::parse(s.str(), "loopy.mlir");
  ASSERT_TRUE(doc->isValid());
  LintOptions opts;
  opts.analysisBytes = 2'000'000;
  std::vector<Finding> findings = lintDocument(*doc, opts);
  auto notChecked = llvm::find_if(
      findings, [](const Finding &f) { return f.check == "not-checked"; });
  ASSERT_NE(notChecked, findings.end());
  EXPECT_NE(notChecked->message.str().find("memory budget (2000000 bytes)"),
            std::string::npos)
      << notChecked->message.str();
  // With the default budget it is analysed in full.
  EXPECT_EQ(
      llvm::count_if(lintDocument(*doc, LintOptions()),
                     [](const Finding &f) { return f.check == "not-checked"; }),
      0);
}

// A cf.switch and an scf.index_switch of 2,000 cases, each freeing the
// one buffer (and a case that leaks it): case by case, case k was a chain
// of k atoms, N^2 nodes and operations, not checked from about 400 cases
// on correct code. Read as one code of 11 atoms, the work grows with N.
std::string switchShape(int n, bool indexSwitch, int leakyCase,
                        bool freeLater = false, bool lowered = false) {
  std::ostringstream s;
  const char *m = "memref<4xf32>";
  if (indexSwitch) {
    s << "func.func @sw(%f: index) {\n  %a = memref.alloc() : " << m
      << "\n  scf.index_switch %f\n";
    for (int i = 0; i < n; ++i) {
      s << "  case " << i << " {\n";
      if (i != leakyCase)
        s << "    memref.dealloc %a : " << m << "\n";
      s << "    scf.yield\n  }\n";
    }
    s << "  default {\n    memref.dealloc %a : " << m << "\n  }\n";
  } else {
    // (-convert-scf-to-cf's index_switch: a switch on the index cast to
    // i32, which may not fit.)
    if (lowered)
      s << "func.func @sw(%g: index) {\n  %f = arith.index_cast %g : index "
           "to i32\n";
    else
      s << "func.func @sw(%f: i32) {\n";
    s << "  %a = memref.alloc() : " << m
      << "\n  cf.switch %f : i32, [\n    default: ^d";
    for (int i = 0; i < n; ++i)
      s << ",\n    " << i << ": ^c" << i;
    s << "\n  ]\n";
    for (int i = 0; i < n; ++i) {
      s << "^c" << i << ":\n";
      if (i != leakyCase)
        s << "  memref.dealloc %a : " << m << "\n";
      s << "  cf.br ^x\n";
    }
    s << "^d:\n  memref.dealloc %a : " << m << "\n  cf.br ^x\n^x:\n";
  }
  // The case that kept the buffer, asked again: one question.
  if (freeLater)
    s << "  %k = arith.constant " << leakyCase << " : "
      << (indexSwitch ? "index" : "i32")
      << "\n  %q = arith.cmpi eq, %f, %k : " << (indexSwitch ? "index" : "i32")
      << "\n  scf.if %q {\n"
      << "    memref.dealloc %a : " << m << "\n  }\n";
  s << "  return\n}\n";
  return s.str();
}

/// One leak, worded by the case that keeps the buffer.
void expectLeakInCase1234(const Outcome &o) {
  ASSERT_EQ(o.findings.size(), 1u);
  EXPECT_EQ(o.findings[0].check, "leak");
  EXPECT_NE(o.findings[0].message.str().find("takes case 1234 "),
            std::string::npos)
      << o.findings[0].message.str();
}

TEST(CostShapeTest, SwitchOfTwoThousandCases) {
  for (bool indexSwitch : {false, true}) {
    SCOPED_TRACE(indexSwitch);
    Outcome clean = lintShape(switchShape(2000, indexSwitch, -1));
    EXPECT_TRUE(clean.findings.empty()) << indexSwitch;
    // (Case by case: about 100M operations.)
    EXPECT_LT(clean.cost.operations, 2'000'000u) << indexSwitch;
    expectLeakInCase1234(lintShape(switchShape(2000, indexSwitch, 1234)));
    Outcome freedLater =
        lintShape(switchShape(2000, indexSwitch, 1234, /*freeLater=*/true));
    EXPECT_TRUE(freedLater.findings.empty()) << indexSwitch;
  }
  // As -convert-scf-to-cf lowers an index_switch: its cases are questions
  // on the index where it fits in i32 and on the i32 where it does not.
  Outcome lowered = lintShape(switchShape(2000, false, -1, false, true));
  EXPECT_TRUE(lowered.findings.empty());
  EXPECT_LT(lowered.cost.operations, 3'000'000u);
  expectLeakInCase1234(lintShape(switchShape(2000, false, 1234, false, true)));
}

// An scf.index_switch whose n cases each allocate a buffer and yield it,
// freed after the switch; in case `bugCase` the buffer is also freed before
// it is yielded. Its exits joined one by one into a state holding the
// buffers of all the cases before each: n^2 operations, not checked from
// about 2,000 cases. Joined together, the work grows with n.
std::string switchYieldsShape(int n, int bugCase) {
  std::ostringstream s;
  const char *m = "memref<16xf32>";
  s << "func.func @sw(%i: index) {\n  %r = scf.index_switch %i -> " << m
    << "\n";
  auto region = [&](bool bug) {
    s << "    %b = memref.alloc() : " << m << "\n";
    if (bug)
      s << "    memref.dealloc %b : " << m << "\n";
    s << "    scf.yield %b : " << m << "\n  }\n";
  };
  for (int k = 0; k < n; ++k) {
    s << "  case " << k << " {\n";
    region(k == bugCase);
  }
  s << "  default {\n";
  region(false);
  s << "  memref.dealloc %r : " << m << "\n  return\n}\n";
  return s.str();
}

TEST(CostShapeTest, IndexSwitchOfEightThousandCasesYieldingBuffers) {
  Outcome clean = lintShape(switchYieldsShape(8000, -1));
  EXPECT_TRUE(clean.findings.empty());
  // (One by one: not checked, 6M operations at 2,000 cases.)
  EXPECT_LT(clean.cost.operations, 1'000'000u);
  Outcome doubleFree = lintShape(switchYieldsShape(8000, 4321));
  ASSERT_EQ(count(doubleFree, "double-free"), 1u);
  EXPECT_EQ(doubleFree.findings.size(), 1u);
  EXPECT_NE(doubleFree.findings[0].message.str().find("case 4321"),
            std::string::npos)
      << doubleFree.findings[0].message.str();
}

/// -convert-scf-to-cf's output of `d` nested scf.for on one bound %n
/// carrying a buffer that the innermost body replaces (copies it, frees
/// the old one), the last one freed after the nest (MLIR's own test of 16
/// nested loops, lowered). `freeLast` false drops that free.
std::string carriedNest(int d, bool freeLast = true) {
  std::ostringstream s;
  s << "func.func @nest(%n: index) {\n"
    << "  %c0 = arith.constant 0 : index\n"
    << "  %c1 = arith.constant 1 : index\n"
    << "  %a = memref.alloc() : memref<8xf32>\n"
    << "  cf.br ^h0(%c0, %a : index, memref<8xf32>)\n";
  for (int k = 0; k < d; ++k) {
    s << "^h" << k << "(%i" << k << ": index, %b" << k << ": memref<8xf32>):\n"
      << "  %t" << k << " = arith.cmpi slt, %i" << k << ", %n : index\n"
      << "  cf.cond_br %t" << k << ", ";
    if (k + 1 < d)
      s << "^h" << k + 1 << "(%c0, %b" << k << " : index, memref<8xf32>)";
    else
      s << "^body";
    s << ", ^x" << k << "\n";
  }
  int last = d - 1;
  s << "^body:\n"
    << "  %new = memref.alloc() : memref<8xf32>\n"
    << "  memref.copy %b" << last << ", %new : memref<8xf32> to memref<8xf32>\n"
    << "  memref.dealloc %b" << last << " : memref<8xf32>\n"
    << "  %j" << last << " = arith.addi %i" << last << ", %c1 : index\n"
    << "  cf.br ^h" << last << "(%j" << last
    << ", %new : index, memref<8xf32>)\n";
  for (int k = d - 2; k >= 0; --k)
    s << "^x" << k + 1 << ":\n"
      << "  %j" << k << " = arith.addi %i" << k << ", %c1 : index\n"
      << "  cf.br ^h" << k << "(%j" << k << ", %b" << k + 1
      << " : index, memref<8xf32>)\n";
  s << "^x0:\n";
  if (freeLast)
    s << "  memref.dealloc %b0 : memref<8xf32>\n";
  s << "  return\n}\n";
  return s.str();
}

TEST(CostShapeTest, SixteenNestedCfgLoopsOnOneBound) {
  // Every loop's first test is the same question (0 < %n). Copies of a
  // loop's atoms for an enclosing loop's earlier iterations sat beside
  // their originals, far from the atoms that loop's back edge renames with
  // them: about 2.3x more work per level, and 16 loops outgrew the budget
  // (checked only coarsely, with a not-checked warning on correct code).
  // In their loop's group (ConditionTable::earlierIteration): 4.5M.
  Outcome o = lintShape(carriedNest(16));
  EXPECT_FALSE(o.notChecked);
  EXPECT_TRUE(o.findings.empty());
  EXPECT_LT(o.cost.operations, 5'500'000u);
  Outcome leak = lintShape(carriedNest(16, /*freeLast=*/false));
  EXPECT_FALSE(leak.notChecked);
  EXPECT_EQ(count(leak, "leak"), 2u);
}

/// `n` affine.for loops of 16 trips in one function, each storing to or
/// loading from its own buffer under an affine.if on its counter, the
/// buffer freed after it; `leakAt` drops that loop's free.
std::string affineLoops(int n, int leakAt = -1) {
  std::ostringstream s;
  s << "#set = affine_set<(d0) : (d0 - 8 >= 0)>\n"
    << "func.func @affine_loops(%f: f32) {\n";
  for (int i = 0; i < n; ++i) {
    s << "  %a" << i << " = memref.alloc() : memref<16xf32>\n"
      << "  affine.for %i = 0 to 16 {\n"
      << "    affine.if #set(%i) {\n"
      << "      affine.store %f, %a" << i << "[%i] : memref<16xf32>\n"
      << "    } else {\n"
      << "      %v = affine.load %a" << i << "[%i] : memref<16xf32>\n"
      << "    }\n"
      << "  }\n";
    if (i != leakAt)
      s << "  memref.dealloc %a" << i << " : memref<16xf32>\n";
  }
  s << "  return\n}\n";
  return s.str();
}

TEST(CostShapeTest, TwoThousandAffineLoopsWithAnAffineIf) {
  // A loop's last iteration has an atom of its own (asked by the affine.if
  // on the counter), and the path out of the loop decides it and the
  // affine.if's: two atoms each loop left in the path of everything after
  // it (500 loops went past the budget). Constants after the loop, they
  // leave it (LoopModel::leaveLoop): about 80 operations a loop.
  Outcome o = lintShape(affineLoops(2000));
  EXPECT_FALSE(o.notChecked);
  // (Each buffer could reuse the one before it: missed-reuse notes only.)
  EXPECT_EQ(count(o, "missed-reuse"), o.findings.size());
  EXPECT_LT(o.cost.operations, 400'000u);
  Outcome leak = lintShape(affineLoops(2000, /*leakAt=*/1000));
  EXPECT_FALSE(leak.notChecked);
  EXPECT_EQ(count(leak, "leak"), 1u);
}

/// -convert-scf-to-cf's output of `n` loops one after another, each
/// summing a buffer freed after the last (or not, `freeIt` false).
std::string cfgLoopsInARow(int n, bool freeIt = true) {
  std::ostringstream s;
  s << "func.func @row(%n: index) -> f32 {\n"
    << "  %c0 = arith.constant 0 : index\n"
    << "  %c1 = arith.constant 1 : index\n"
    << "  %z = arith.constant 0.0 : f32\n"
    << "  %a = memref.alloc(%n) : memref<?xf32>\n"
    << "  cf.br ^h0(%c0, %z : index, f32)\n";
  for (int k = 0; k < n; ++k) {
    s << "^h" << k << "(%i" << k << ": index, %s" << k << ": f32):\n"
      << "  %t" << k << " = arith.cmpi slt, %i" << k << ", %n : index\n"
      << "  cf.cond_br %t" << k << ", ^b" << k << ", ";
    if (k + 1 < n)
      s << "^h" << k + 1 << "(%c0, %s" << k << " : index, f32)\n";
    else
      s << "^done(%s" << k << " : f32)\n";
    s << "^b" << k << ":\n"
      << "  %x" << k << " = memref.load %a[%i" << k << "] : memref<?xf32>\n"
      << "  %y" << k << " = arith.addf %s" << k << ", %x" << k << " : f32\n"
      << "  %j" << k << " = arith.addi %i" << k << ", %c1 : index\n"
      << "  cf.br ^h" << k << "(%j" << k << ", %y" << k << " : index, f32)\n";
  }
  s << "^done(%r: f32):\n";
  if (freeIt)
    s << "  memref.dealloc %a : memref<?xf32>\n";
  s << "  return %r : f32\n}\n";
  return s.str();
}

TEST(CostShapeTest, ThousandCfgLoopsInARow) {
  // Each loop's exit test (`%i < %n` false, after the first iteration)
  // stayed in the path after it, which every later loop then carried:
  // quadratic, past the budget at 1,000 loops (not checked). Atoms of a
  // loop's values that nothing after it can ask now leave with it
  // (CfgLoopExit.cpp): 52K operations.
  Outcome o = lintShape(cfgLoopsInARow(1000));
  EXPECT_FALSE(o.notChecked);
  EXPECT_TRUE(o.findings.empty());
  EXPECT_LT(o.cost.operations, 200'000u);
  Outcome leak = lintShape(cfgLoopsInARow(1000, /*freeIt=*/false));
  EXPECT_FALSE(leak.notChecked);
  EXPECT_EQ(count(leak, "leak"), 1u);
}

/// `n` CFG loops one after another, each counting on from where the one
/// before it stopped, each body allocating and freeing a buffer; %a is
/// freed after the last (or not, `freeIt` false).
std::string cfgLoopsGoingOn(int n, bool freeIt = true) {
  std::ostringstream s;
  s << "func.func @on(%n: index) {\n"
    << "  %c0 = arith.constant 0 : index\n"
    << "  %c1 = arith.constant 1 : index\n"
    << "  %a = memref.alloc() : memref<4xf32>\n"
    << "  cf.br ^h0(%c0 : index)\n";
  for (int k = 0; k < n; ++k) {
    std::string K = std::to_string(k);
    s << "^h" << K << "(%i" << K << ": index):\n"
      << "  %t" << K << " = arith.cmpi slt, %i" << K << ", %n : index\n"
      << "  cf.cond_br %t" << K << ", ^b" << K << ", ^h" << k + 1 << "(%i" << K
      << " : index)\n"
      << "^b" << K << ":\n"
      << "  %m" << K << " = memref.alloc() : memref<4xf32>\n"
      << "  memref.dealloc %m" << K << " : memref<4xf32>\n"
      << "  %j" << K << " = arith.addi %i" << K << ", %c1 : index\n"
      << "  cf.br ^h" << K << "(%j" << K << " : index)\n";
  }
  s << "^h" << n << "(%end: index):\n";
  if (freeIt)
    s << "  memref.dealloc %a : memref<4xf32>\n";
  s << "  return\n}\n";
  return s.str();
}

TEST(CostShapeTest, CfgLoopsEachGoingOnFromTheLastCount) {
  // Each loop is entered at the count the one before it stopped at, and
  // its first test asks that count again. The loop's first-iteration atom
  // went on the way out while the count's cells still named it, and each
  // later question stayed open on more paths: 200 loops took 3.2M
  // operations, 400 passed the budget. It now stays where an integer of
  // the loop is used after it (CfgLoopExit.cpp): 0.53M at 200 (about N^2
  // still: the counts keep their loops' exit tests in the path).
  Outcome o = lintShape(cfgLoopsGoingOn(200));
  EXPECT_FALSE(o.notChecked);
  EXPECT_TRUE(o.findings.empty());
  EXPECT_LT(o.cost.operations, 1'500'000u);
  Outcome leak = lintShape(cfgLoopsGoingOn(200, /*freeIt=*/false));
  EXPECT_FALSE(leak.notChecked);
  EXPECT_EQ(count(leak, "leak"), 1u);
}

/// `n` nested scf.while (as -scf-for-to-while writes scf.for) carrying a
/// buffer the innermost body replaces; `freeLast` false leaks the last.
std::string carriedWhileNest(int n, bool freeLast = true) {
  std::ostringstream s;
  s << "func.func @carried(%n: index) {\n"
    << "  %c0 = arith.constant 0 : index\n"
    << "  %c1 = arith.constant 1 : index\n"
    << "  %b = memref.alloc() : memref<8xf32>\n";
  std::string carried = "%b";
  for (int k = 0; k < n; ++k) {
    std::string K = std::to_string(k);
    s << "  %r" << K << ":2 = scf.while (%i" << K << " = %c0, %x" << K << " = "
      << carried << ") : (index, memref<8xf32>) -> (index, memref<8xf32>) {\n"
      << "  %t" << K << " = arith.cmpi slt, %i" << K << ", %n : index\n"
      << "  scf.condition(%t" << K << ") %i" << K << ", %x" << K
      << " : index, memref<8xf32>\n"
      << "  } do {\n"
      << "  ^bb0(%j" << K << ": index, %y" << K << ": memref<8xf32>):\n"
      << "  %k" << K << " = arith.addi %j" << K << ", %c1 : index\n";
    carried = "%y" + K;
  }
  s << "  %new = memref.alloc() : memref<8xf32>\n"
    << "  memref.copy " << carried
    << ", %new : memref<8xf32> to memref<8xf32>\n"
    << "  memref.dealloc " << carried << " : memref<8xf32>\n";
  std::string result = "%new";
  for (int k = n - 1; k >= 0; --k) {
    s << "  scf.yield %k" << k << ", " << result << " : index, memref<8xf32>\n"
      << "  }\n";
    result = "%r" + std::to_string(k) + "#1";
  }
  if (freeLast)
    s << "  memref.dealloc %r0#1 : memref<8xf32>\n";
  s << "  return\n}\n";
  return s.str();
}

TEST(CostShapeTest, SixteenNestedWhilesCarryingABuffer) {
  // A while loop leaves from its `before` region, run at the start of a
  // round: what its body sent back reached its results a round later, so
  // the nest took 136 rounds (72M operations, past the budget: upstream's
  // buffer-deallocation test of 16 loops, after -scf-for-to-while, was
  // not checked). The head runs again for its exits after the body
  // (RegionOpWalk::runRound): 4.7M.
  Outcome o = lintShape(carriedWhileNest(16));
  EXPECT_FALSE(o.notChecked);
  EXPECT_TRUE(o.findings.empty());
  EXPECT_LT(o.cost.operations, 5'500'000u);
  // The first buffer where the outer loop runs zero times, the last
  // replacement where it runs.
  Outcome leak = lintShape(carriedWhileNest(8, /*freeLast=*/false));
  EXPECT_FALSE(leak.notChecked);
  EXPECT_EQ(count(leak, "leak"), 2u);
}

/// `n` nested CFG loops carrying a buffer the innermost body replaces,
/// each inner loop leaving straight to its outer loop's head with the
/// outer counter's next value (-convert-scf-to-cf's output of a loop that
/// ends its outer loop's body); `freeLast` false leaks the last.
std::string cfgNestLeavingToOuterHeads(int n, bool freeLast = true) {
  std::ostringstream s;
  s << "func.func @nest(%n: index) {\n"
    << "  %c0 = arith.constant 0 : index\n"
    << "  %c1 = arith.constant 1 : index\n"
    << "  %b = memref.alloc() : memref<8xf32>\n"
    << "  cf.br ^h0(%c0, %b : index, memref<8xf32>)\n";
  for (int k = 0; k < n; ++k) {
    s << "^h" << k << "(%i" << k << ": index, %m" << k << ": memref<8xf32>):\n"
      << "  %t" << k << " = arith.cmpi slt, %i" << k << ", %n : index\n"
      << "  cf.cond_br %t" << k << ", ^b" << k << ", ";
    if (k == 0)
      s << "^done\n";
    else
      s << "^h" << k - 1 << "(%j" << k - 1 << ", %m" << k
        << " : index, memref<8xf32>)\n";
    s << "^b" << k << ":\n"
      << "  %j" << k << " = arith.addi %i" << k << ", %c1 : index\n";
    if (k + 1 < n) {
      s << "  cf.br ^h" << k + 1 << "(%c0, %m" << k
        << " : index, memref<8xf32>)\n";
      continue;
    }
    s << "  %new = memref.alloc() : memref<8xf32>\n"
      << "  memref.copy %m" << k << ", %new : memref<8xf32> to memref<8xf32>\n"
      << "  memref.dealloc %m" << k << " : memref<8xf32>\n"
      << "  cf.br ^h" << k << "(%j" << k << ", %new : index, memref<8xf32>)\n";
  }
  s << "^done:\n";
  if (freeLast)
    s << "  memref.dealloc %m0 : memref<8xf32>\n";
  s << "  return\n}\n";
  return s.str();
}

TEST(CostShapeTest, SixteenCfgLoopsLeavingToTheirOuterHeads) {
  // An inner loop's exit is its outer loop's back edge: the head's second
  // run in a round passed on only forward exits, so a change went out a
  // level per round (upstream's 16-loop deallocation test lowered to `cf`:
  // 72M operations, not checked). It passes on such exits too
  // (CfgWalk::takeBackExits): 4.9M.
  Outcome o = lintShape(cfgNestLeavingToOuterHeads(16));
  EXPECT_FALSE(o.notChecked);
  EXPECT_TRUE(o.findings.empty());
  EXPECT_LT(o.cost.operations, 5'500'000u);
  // The first buffer where the outer loop runs zero times, the last
  // replacement where it runs.
  Outcome leak = lintShape(cfgNestLeavingToOuterHeads(8, /*freeLast=*/false));
  EXPECT_FALSE(leak.notChecked);
  EXPECT_EQ(count(leak, "leak"), 2u);
}

TEST(CostShapeTest, LiftedLoopsKeepTheirAtomsTogether) {
  // A CFG region's loops advance together, one round each: every loop's
  // first-iteration atom is made in the first round, the atoms of its
  // later iterations rounds after. Appended last, they sat far from the
  // atom they are read with: this program took 133K operations. Ordered
  // with their loop's (ConditionTable::orderWithLoop): 52K. Walked a loop
  // at a time (CfgWalk::runLoopByLoop), each loop settles before the code
  // after it runs, which then sees only the final states: 15K.
  std::ifstream in(std::string(MEMLINT_SOURCE_DIR) +
                   "/test/lit/checks/lifted-loops-leaks.mlir");
  std::string text((std::istreambuf_iterator<char>(in)),
                   std::istreambuf_iterator<char>());
  auto doc = Document::parse(text, "lifted-loops-leaks.mlir");
  ASSERT_TRUE(doc->isValid());
  ModuleLifetimes lifetimes(doc->module(),
                            [&](mlir::Value v) { return doc->nameOf(v); });
  std::vector<Finding> findings = lintDocument(*doc, LintOptions(), lifetimes);
  EXPECT_EQ(llvm::count_if(findings,
                           [](const Finding &f) { return f.check == "leak"; }),
            9);
  uint64_t operations = 0;
  for (mlir::FunctionOpInterface fn : lifetimes.functions())
    operations += lifetimes.get(fn).cost().operations;
  EXPECT_LT(operations, 30'000u);
}

} // namespace
