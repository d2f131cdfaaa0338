//===- FixEngineTest.cpp - Fixes attached to findings, fix to a fixpoint --===//
#include "analysis/Engine.h"
#include "analysis/lifetime/ModuleLifetimes.h"
#include "fixes/Fixes.h"
#include "fixes/TextEdits.h"

#include <gtest/gtest.h>

using namespace memlint;

namespace {

std::vector<Finding> lint(const std::string &text) {
  std::unique_ptr<Document> doc = Document::parse(text, "t.mlir");
  EXPECT_TRUE(doc->isValid());
  return lintDocument(*doc, LintOptions());
}

const char *leakInBranch = R"(func.func @f(%c: i1) {
  %a = memref.alloc() : memref<4xf32>  // the buffer
  scf.if %c {
    memref.dealloc %a : memref<4xf32>
  }
  return
}
)";

TEST(AttachFixes, LeakGetsASafeVerifiedFix) {
  std::unique_ptr<Document> doc = Document::parse(leakInBranch, "t.mlir");
  ASSERT_TRUE(doc->isValid());
  std::vector<Finding> findings = lintWithFixes(*doc, LintOptions());
  ASSERT_EQ(findings.size(), 1u);
  ASSERT_EQ(findings[0].fixes.size(), 1u);
  const Fix &fix = findings[0].fixes[0];
  EXPECT_TRUE(fix.safe);
  // One insertion (an else region), nothing replaced.
  ASSERT_EQ(fix.edits.size(), 1u);
  EXPECT_EQ(fix.edits[0].range.start, fix.edits[0].range.end);
  EXPECT_EQ(fix.edits[0].range.start.line, 5u);
  std::optional<std::string> fixed = applyEdits(leakInBranch, fix.edits);
  ASSERT_TRUE(fixed);
  EXPECT_NE(fixed->find("// the buffer"), std::string::npos);
  EXPECT_TRUE(lint(*fixed).empty());
}

/// leakInBranch with its scf.if inside `depth` more.
std::string leakUnderNestedIfs(unsigned depth) {
  std::string s = "func.func @f(%c: i1) {\n"
                  "  %a = memref.alloc() : memref<4xf32>\n";
  for (unsigned i = 0; i < depth; ++i)
    s += "  scf.if %c {\n";
  s += "  scf.if %c {\n  memref.dealloc %a : memref<4xf32>\n  }\n";
  for (unsigned i = 0; i < depth; ++i)
    s += "  }\n";
  return s + "  return\n}\n";
}

// Each candidate of a fix is parsed and its IR destroyed, which MLIR does
// in time quadratic in the nesting: a 4,000-deep function took 8 s for its
// one finding, the editor's quick fix 11 s. Past MaxNestingForFixes a
// function's findings get no fix; below it they still do.
TEST(AttachFixes, DeeplyNestedFunctionsGetNoFix) {
  for (unsigned depth : {8u, 300u}) {
    std::string text = leakUnderNestedIfs(depth);
    std::unique_ptr<Document> doc = Document::parse(text, "t.mlir");
    ASSERT_TRUE(doc->isValid());
    std::vector<Finding> findings = lintWithFixes(*doc, LintOptions());
    ASSERT_EQ(findings.size(), 1u);
    EXPECT_EQ(findings[0].check, "leak");
    EXPECT_EQ(findings[0].fixes.empty(), depth > 256) << depth;
  }
}

TEST(AttachFixes, CallResultIsFreedTheWayItsCalleeAllocated) {
  // The fix is searched on a slice where @mk is only declared; how to free
  // what it returns is read from its body in the file.
  const char *text = R"(func.func private @mk() -> memref<4xf32> {
  %a = gpu.alloc() : memref<4xf32>
  return %a : memref<4xf32>
}
func.func @f(%c: i1) {
  %b = func.call @mk() : () -> memref<4xf32>
  scf.if %c {
    gpu.dealloc %b : memref<4xf32>
  }
  return
}
)";
  std::unique_ptr<Document> doc = Document::parse(text, "t.mlir");
  ASSERT_TRUE(doc->isValid());
  std::vector<Finding> findings = lintWithFixes(*doc, LintOptions());
  ASSERT_EQ(findings.size(), 1u);
  ASSERT_EQ(findings[0].fixes.size(), 1u);
  EXPECT_EQ(findings[0].fixes[0].title,
            "Free %b with gpu.dealloc after its last use");
  std::optional<std::string> fixed =
      applyEdits(text, findings[0].fixes[0].edits);
  ASSERT_TRUE(fixed);
  EXPECT_NE(fixed->find("} else {\n    gpu.dealloc %b"), std::string::npos);
  EXPECT_TRUE(lint(*fixed).empty());
}

TEST(AttachFixes, ArgumentFreeIsUnsafe) {
  const char *text = R"(func.func @f(%m: memref<4xf32>) {
  memref.dealloc %m : memref<4xf32>
  return
}
)";
  std::unique_ptr<Document> doc = Document::parse(text, "t.mlir");
  std::vector<Finding> findings = lintWithFixes(*doc, LintOptions());
  ASSERT_EQ(findings.size(), 1u);
  ASSERT_EQ(findings[0].fixes.size(), 1u);
  EXPECT_FALSE(findings[0].fixes[0].safe);

  FixRunResult safeOnly = fixText(text, "t.mlir", LintOptions(), false);
  EXPECT_EQ(safeOnly.text, text);
  EXPECT_EQ(safeOnly.remaining.size(), 1u);
  FixRunResult all = fixText(text, "t.mlir", LintOptions(), true);
  EXPECT_EQ(all.text, "func.func @f(%m: memref<4xf32>) {\n  return\n}\n");
  EXPECT_TRUE(all.remaining.empty());
}

TEST(AttachFixes, MergedOwnershipGetsAFlag) {
  // No i1 tells the switch's paths apart at the free, and the buffer is
  // used after the merge (so it cannot be freed before): the fix passes an
  // i1 along with the merged buffer. Its edits touch only the branches, the
  // label and the free; the rest of every line stays as written.
  const char *text = R"(memref.global "private" @g : memref<4xf32> = dense<1.0>
func.func @f(%k: i32, %i: index) {
  %g = memref.get_global @g : memref<4xf32>
  cf.switch %k : i32, [
    default: ^heap,
    1: ^exit(%g : memref<4xf32>)  // borrowed
  ]
^heap:
  %h = memref.alloc() : memref<4xf32>
  cf.br ^exit(%h : memref<4xf32>)
^exit(%m: memref<4xf32>):
  %x = memref.load %m[%i] : memref<4xf32>
  memref.dealloc %m : memref<4xf32>
  return
}
)";
  std::unique_ptr<Document> doc = Document::parse(text, "t.mlir");
  ASSERT_TRUE(doc->isValid());
  std::vector<Finding> findings = lintWithFixes(*doc, LintOptions());
  ASSERT_EQ(findings.size(), 1u);
  EXPECT_EQ(findings[0].check, "invalid-free");
  ASSERT_EQ(findings[0].fixes.size(), 1u);
  const Fix &fix = findings[0].fixes[0];
  EXPECT_TRUE(fix.safe);
  std::optional<std::string> fixed = applyEdits(text, fix.edits);
  ASSERT_TRUE(fixed);
  EXPECT_NE(fixed->find("1: ^exit(%g, %memlint_false0 : memref<4xf32>, i1)  "
                        "// borrowed"),
            std::string::npos);
  EXPECT_NE(fixed->find("cf.br ^exit(%h, %memlint_true0 : memref<4xf32>, i1)"),
            std::string::npos);
  EXPECT_NE(fixed->find("^exit(%m: memref<4xf32>, %memlint_owned0: i1):"),
            std::string::npos);
  EXPECT_NE(fixed->find("  scf.if %memlint_owned0 {\n"
                        "    memref.dealloc %m : memref<4xf32>\n  }\n"),
            std::string::npos);
  EXPECT_TRUE(lint(*fixed).empty());

  // The same merge of an argument: the flag stops freeing the caller's
  // buffer, so the fix is unsafe.
  std::string borrowed = text;
  borrowed.replace(borrowed.find("%i: index)"), 10,
                   "%i: index, %a: memref<4xf32>)");
  borrowed.replace(borrowed.find("^exit(%g"), 8, "^exit(%a");
  std::unique_ptr<Document> doc2 = Document::parse(borrowed, "t.mlir");
  ASSERT_TRUE(doc2->isValid());
  findings = lintWithFixes(*doc2, LintOptions());
  ASSERT_EQ(findings.size(), 1u);
  ASSERT_EQ(findings[0].fixes.size(), 1u);
  EXPECT_FALSE(findings[0].fixes[0].safe);
}

TEST(AttachFixes, OtherFindingsAndInvalidDocumentsAreLeftAlone) {
  std::unique_ptr<Document> bad = Document::parse("func.func @f( {", "t");
  std::vector<Finding> none;
  attachFixes(*bad, none);
  EXPECT_TRUE(none.empty());

  std::unique_ptr<Document> doc = Document::parse(leakInBranch, "t.mlir");
  Finding other;
  other.check = "missed-reuse";
  other.range = {{2, 3}, {2, 10}};
  std::vector<Finding> findings{other};
  attachFixes(*doc, findings);
  EXPECT_TRUE(findings[0].fixes.empty());
}

TEST(FixText, ReachesAFixpointAndIsIdempotent) {
  // A double free and a use after free of one buffer interact: the fixes
  // of both must leave exactly one free after the last use.
  const char *text = R"(func.func @f(%c: i1, %v: f32) -> f32 {
  %c0 = arith.constant 0 : index
  %a = memref.alloc() : memref<4xf32>
  scf.if %c {
    memref.dealloc %a : memref<4xf32>
  }
  memref.store %v, %a[%c0] : memref<4xf32>
  %x = memref.load %a[%c0] : memref<4xf32>
  memref.dealloc %a : memref<4xf32>
  return %x : f32
}
)";
  FixRunResult r = fixText(text, "t.mlir", LintOptions(), false);
  ASSERT_TRUE(r.inputValid);
  EXPECT_EQ(r.applied, 1u);
  EXPECT_TRUE(r.remaining.empty());
  EXPECT_TRUE(lint(r.text).empty());
  FixRunResult again = fixText(r.text, "t.mlir", LintOptions(), true);
  EXPECT_EQ(again.text, r.text);
  EXPECT_EQ(again.applied, 0u);
}

TEST(FixText, SaysWhenItsRoundsRanOut) {
  // The leak's free goes first; the merge of %b into %a only in a later
  // round (merges wait for the lifetime fixes of their function).
  const char *text = R"(func.func @f(%n: index) {
  %a = memref.alloc(%n) : memref<?xf32>
  "test.use"(%a) : (memref<?xf32>) -> ()
  memref.dealloc %a : memref<?xf32>
  %b = memref.alloc(%n) : memref<?xf32>
  "test.use"(%b) : (memref<?xf32>) -> ()
  return
}
)";
  FixRunResult cut = fixText(text, "t.mlir", LintOptions(), false,
                             /*maxRounds=*/1);
  ASSERT_TRUE(cut.inputValid);
  EXPECT_EQ(cut.rounds, 1u);
  EXPECT_TRUE(cut.stoppedAtRoundLimit);
  FixRunResult whole = fixText(text, "t.mlir", LintOptions(), false);
  EXPECT_FALSE(whole.stoppedAtRoundLimit);
  EXPECT_GT(whole.applied, cut.applied);
  EXPECT_TRUE(whole.remaining.empty());
}

TEST(FixText, CleanInputIsUnchanged) {
  const char *text = R"(// comment
func.func @f() {
    %a = memref.alloc() : memref<4xf32>
    memref.dealloc %a : memref<4xf32>
    return
})";
  FixRunResult r = fixText(text, "t.mlir", LintOptions(), true);
  EXPECT_EQ(r.text, text);
  EXPECT_EQ(r.applied, 0u);
  EXPECT_EQ(r.rounds, 0u);
}

TEST(FixText, InvalidInputIsReported) {
  FixRunResult r = fixText("func.func @f() {\n  %x = \n}\n", "t.mlir",
                           LintOptions(), false);
  EXPECT_FALSE(r.inputValid);
  EXPECT_FALSE(r.errors.empty());
  EXPECT_EQ(r.text, "func.func @f() {\n  %x = \n}\n");
}

TEST(FixText, DisabledChecksAreNotFixed) {
  LintOptions opts;
  std::string error;
  ASSERT_TRUE(applyCheckList("-leak", opts, error)) << error;
  FixRunResult r = fixText(leakInBranch, "t.mlir", opts, false);
  EXPECT_EQ(r.text, leakInBranch);
}

TEST(FixText, SuppressedFindingsAreNotFixed) {
  std::string text = leakInBranch;
  text.replace(text.find("// the buffer"), 13, "// memlint: ignore[leak]");
  FixRunResult r = fixText(text, "t.mlir", LintOptions(), false);
  EXPECT_EQ(r.text, text);
}

TEST(FixText, KeepsWindowsLineEndings) {
  std::string text;
  for (char c : std::string(leakInBranch)) {
    if (c == '\n')
      text += '\r';
    text += c;
  }
  FixRunResult r = fixText(text, "t.mlir", LintOptions(), false);
  EXPECT_EQ(r.applied, 1u);
  EXPECT_TRUE(r.remaining.empty());
  for (size_t i = 0; i < r.text.size(); ++i)
    if (r.text[i] == '\n')
      EXPECT_TRUE(i > 0 && r.text[i - 1] == '\r') << "bare newline at " << i;
}

const char *reusable = R"(func.func @f(%x: memref<16xf32>) {
  %a = memref.alloc() : memref<16xf32>
  memref.copy %x, %a : memref<16xf32> to memref<16xf32>
  memref.dealloc %a : memref<16xf32>
  %b = memref.alloc() : memref<16xf32>
  memref.copy %b, %x : memref<16xf32> to memref<16xf32>
  memref.dealloc %b : memref<16xf32>
  return
}
)";

TEST(AttachFixes, MissedReuseGetsASafeMerge) {
  std::unique_ptr<Document> doc = Document::parse(reusable, "t.mlir");
  ASSERT_TRUE(doc->isValid());
  std::vector<Finding> findings = lintWithFixes(*doc, LintOptions());
  ASSERT_EQ(findings.size(), 1u);
  EXPECT_EQ(findings[0].check, "missed-reuse");
  ASSERT_EQ(findings[0].fixes.size(), 1u);
  const Fix &fix = findings[0].fixes[0];
  EXPECT_TRUE(fix.safe);
  EXPECT_NE(fix.title.find("Reuse %a for %b"), std::string::npos);
  std::optional<std::string> fixed = applyEdits(reusable, fix.edits);
  ASSERT_TRUE(fixed);
  EXPECT_EQ(*fixed, R"(func.func @f(%x: memref<16xf32>) {
  %a = memref.alloc() : memref<16xf32>
  memref.copy %x, %a : memref<16xf32> to memref<16xf32>
  memref.copy %a, %x : memref<16xf32> to memref<16xf32>
  memref.dealloc %a : memref<16xf32>
  return
}
)");
  EXPECT_TRUE(lint(*fixed).empty());
}

TEST(AttachFixes, MissedReuseOfAnotherTypeGetsNoFix) {
  const char *text = R"(func.func @f() {
  %a = memref.alloc() : memref<16xf32>
  "npu.fill"(%a) : (memref<16xf32>) -> ()
  memref.dealloc %a : memref<16xf32>
  %b = memref.alloc() : memref<64xi8>
  "npu.fill"(%b) : (memref<64xi8>) -> ()
  memref.dealloc %b : memref<64xi8>
  return
}
)";
  std::unique_ptr<Document> doc = Document::parse(text, "t.mlir");
  ASSERT_TRUE(doc->isValid());
  std::vector<Finding> findings = lintWithFixes(*doc, LintOptions());
  ASSERT_EQ(findings.size(), 1u);
  EXPECT_EQ(findings[0].check, "missed-reuse");
  EXPECT_TRUE(findings[0].fixes.empty());
  FixRunResult r = fixText(text, "t.mlir", LintOptions(), true);
  EXPECT_EQ(r.text, text);
  EXPECT_EQ(r.applied, 0u);
}

/// Five independent pairs of buffers (a_i is freed before b_i is
/// allocated; the sizes differ from pair to pair, so each b_i pairs with
/// its a_i only).
std::string fiveReusablePairs() {
  std::string text = "func.func @f() {\n";
  for (unsigned i = 0, n = 4; i < 5; ++i, n *= 2)
    for (const char *v : {"a", "b"}) {
      std::string name = "%" + std::string(v) + std::to_string(i);
      std::string type = "memref<" + std::to_string(n) + "xf32>";
      text += "  " + name + " = memref.alloc() : " + type + "\n";
      text += "  \"npu.fill\"(" + name + ") : (" + type + ") -> ()\n";
      text += "  memref.dealloc " + name + " : " + type + "\n";
    }
  return text + "  return\n}\n";
}

TEST(AttachFixes, MergesOfOneFunctionAreProvenTogether) {
  // Proving each merge by its own re-analysis would need five analyses of
  // the function; a work bound of two still gives every finding its fix,
  // because merges of disjoint buffers are proven at one analysis.
  std::string text = fiveReusablePairs();
  std::unique_ptr<Document> doc = Document::parse(text, "t.mlir");
  ASSERT_TRUE(doc->isValid());
  ModuleLifetimes lifetimes(doc->module(),
                            [&](mlir::Value v) { return doc->nameOf(v); });
  std::vector<Finding> findings =
      lintDocument(*doc, LintOptions(), lifetimes);
  ASSERT_EQ(findings.size(), 5u);
  uint64_t ops = 0;
  doc->module()->walk([&](mlir::Operation *) { ++ops; });
  attachFixes(*doc, lifetimes, findings, 2 * ops);
  for (const Finding &f : findings) {
    EXPECT_EQ(f.check, "missed-reuse");
    ASSERT_EQ(f.fixes.size(), 1u) << f.message.str();
    // Each fix holds on its own: applied alone, it removes its finding and
    // no other.
    std::optional<std::string> fixed = applyEdits(text, f.fixes[0].edits);
    ASSERT_TRUE(fixed);
    std::vector<Finding> after = lint(*fixed);
    EXPECT_EQ(after.size(), 4u);
    for (const Finding &g : after)
      EXPECT_FALSE(g.range == f.range);
  }
}

TEST(FixText, MergesAChainToAFixpoint) {
  // %b reuses %a, %c reuses %b: the two merges touch %b's free, so they
  // are taken as one chain (mergeChainEdits); the end result has one
  // buffer.
  const char *text = R"(func.func @f() {
  %a = memref.alloc() : memref<4xf32>
  "npu.fill"(%a) : (memref<4xf32>) -> ()
  memref.dealloc %a : memref<4xf32>
  %b = memref.alloc() : memref<4xf32>
  "npu.fill"(%b) : (memref<4xf32>) -> ()
  memref.dealloc %b : memref<4xf32>
  %c = memref.alloc() : memref<4xf32>
  "npu.fill"(%c) : (memref<4xf32>) -> ()
  memref.dealloc %c : memref<4xf32>
  return
}
)";
  const char *merged = R"(func.func @f() {
  %a = memref.alloc() : memref<4xf32>
  "npu.fill"(%a) : (memref<4xf32>) -> ()
  "npu.fill"(%a) : (memref<4xf32>) -> ()
  "npu.fill"(%a) : (memref<4xf32>) -> ()
  memref.dealloc %a : memref<4xf32>
  return
}
)";
  // On the file's first line the function has no window: the chain is
  // taken in the file's first round all the same.
  FixRunResult r = fixText(text, "t.mlir", LintOptions(), false);
  EXPECT_EQ(r.applied, 2u);
  EXPECT_EQ(r.rounds, 1u);
  EXPECT_TRUE(r.remaining.empty());
  EXPECT_EQ(r.text, merged);
  // With a window, the function reaches its fixpoint on it, in the first
  // round of the file.
  std::string header = "// the function's window has a line above it\n";
  FixRunResult w = fixText(header + text, "t.mlir", LintOptions(), false);
  EXPECT_EQ(w.applied, 2u);
  EXPECT_EQ(w.rounds, 1u);
  EXPECT_TRUE(w.remaining.empty());
  EXPECT_EQ(w.text, header + merged);
  FixRunResult again = fixText(r.text, "t.mlir", LintOptions(), true);
  EXPECT_EQ(again.text, r.text);
  EXPECT_EQ(again.applied, 0u);
}

TEST(FixText, FreesAfterAKernelNotInItsBody) {
  // The end of the launch body comes after the last use in the text, but a
  // body runs again (for every thread): the uses in it can follow a free
  // there. The free goes after the launch.
  const char *text = R"(// a line above the function: it has a window
func.func @f() {
  %c1 = arith.constant 1 : index
  %c0 = arith.constant 0 : index
  %a = memref.alloc() : memref<4xf32>
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    %v = memref.load %a[%c0] : memref<4xf32>
    memref.store %v, %a[%c0] : memref<4xf32>
    gpu.terminator
  }
  return
}
)";
  FixRunResult r = fixText(text, "t.mlir", LintOptions(), false);
  EXPECT_EQ(r.applied, 1u);
  EXPECT_TRUE(r.remaining.empty());
  EXPECT_NE(r.text.find("  }\n  memref.dealloc %a : memref<4xf32>\n  return"),
            std::string::npos)
      << r.text;
}

TEST(FixText, TakesAFunctionsFixesTogether) {
  // Three leaks of three buffers: the search proves the three frees at
  // their first places together (1 analysis; one by one took 3), taking
  // them proves them again (1), and the function's next step parses its
  // window to find nothing left (1).
  const char *text = R"(// a line above the function: it has a window
func.func @f() {
  %a = memref.alloc() : memref<4xf32>
  "npu.fill"(%a) : (memref<4xf32>) -> ()
  %b = memref.alloc() : memref<8xf32>
  "npu.fill"(%b) : (memref<8xf32>) -> ()
  %c = memref.alloc() : memref<16xf32>
  "npu.fill"(%c) : (memref<16xf32>) -> ()
  return
}
)";
  FixRunResult r = fixText(text, "t.mlir", LintOptions(), false);
  EXPECT_EQ(r.applied, 3u);
  EXPECT_TRUE(r.remaining.empty());
  EXPECT_EQ(r.analyses, 3u);
}

TEST(FixText, SearchesAFunctionLeftAsItWasOnlyOnce) {
  // @g's free of its argument has only an unsafe fix: its search (1
  // analysis) takes nothing. @f's leak is fixed (1, and 1 for its next
  // step), so the file gets a second round, which finds @g as the first
  // left it and does not search it again.
  const char *text = R"(// a line above the functions: they have windows
func.func @f() {
  %a = memref.alloc() : memref<4xf32>
  "npu.fill"(%a) : (memref<4xf32>) -> ()
  return
}
func.func @g(%arg: memref<4xf32>) {
  memref.dealloc %arg : memref<4xf32>
  return
}
)";
  FixRunResult r = fixText(text, "t.mlir", LintOptions(), false);
  EXPECT_EQ(r.applied, 1u);
  EXPECT_EQ(r.rounds, 1u);
  EXPECT_EQ(r.remaining.size(), 1u);
  EXPECT_EQ(r.analyses, 3u);
}

TEST(FixText, FreesAfterTheLastUseOfABufferHandedDownABlockChain) {
  // A buffer of a CFG loop, handed from block to block as an argument
  // (generated code does so), used in each. Every place before the last
  // block's stores is followed by a use of an argument that is the buffer
  // on every path: those places are not proposed (they used to fill the
  // search's sixteen places before the right one was reached, and the leak
  // kept no fix). The free goes after the last use.
  std::string text = "// a line above the function: it has a window\n"
                     "func.func @f(%n: index, %x: f32) {\n"
                     "  %c0 = arith.constant 0 : index\n"
                     "  %c1 = arith.constant 1 : index\n"
                     "  cf.br ^head(%c0 : index)\n"
                     "^head(%i: index):\n"
                     "  %go = arith.cmpi slt, %i, %n : index\n"
                     "  cf.cond_br %go, ^body, ^exit\n"
                     "^body:\n"
                     "  %a = memref.alloc() : memref<4xf32>\n"
                     "  cf.br ^b0(%a : memref<4xf32>)\n";
  const int blocks = 8;
  for (int k = 0; k < blocks; ++k) {
    std::string p = "%p" + std::to_string(k);
    text += "^b" + std::to_string(k) + "(" + p + ": memref<4xf32>):\n";
    text += "  memref.store %x, " + p + "[%c0] : memref<4xf32>\n";
    text += "  memref.store %x, " + p + "[%c1] : memref<4xf32>\n";
    if (k + 1 < blocks)
      text += "  cf.br ^b" + std::to_string(k + 1) + "(" + p +
              " : memref<4xf32>)\n";
  }
  text += "  %next = arith.addi %i, %c1 : index\n"
          "  cf.br ^head(%next : index)\n"
          "^exit:\n"
          "  return\n"
          "}\n";
  FixRunResult r = fixText(text, "t.mlir", LintOptions(), false);
  EXPECT_EQ(r.applied, 1u);
  EXPECT_TRUE(r.remaining.empty());
  EXPECT_NE(r.text.find("  memref.store %x, %p7[%c1] : memref<4xf32>\n"
                        "  memref.dealloc %a : memref<4xf32>\n"),
            std::string::npos)
      << r.text;
  // The right place is the first one tried.
  EXPECT_LE(r.analyses, 2u);
}

TEST(FixText, MergesOnlyWhenMissedReuseIsEnabled) {
  LintOptions opts;
  std::string error;
  ASSERT_TRUE(applyCheckList("all,-missed-reuse", opts, error));
  FixRunResult r = fixText(reusable, "t.mlir", opts, false);
  EXPECT_EQ(r.text, reusable);
  EXPECT_EQ(r.applied, 0u);
}

} // namespace

namespace {

/// `n` functions leaking on one branch each.
std::string leakyFunctions(int n) {
  std::string out;
  for (int i = 0; i < n; ++i) {
    std::string f = leakInBranch;
    f.replace(f.find("@f"), 2, "@f" + std::to_string(i));
    out += f;
  }
  return out;
}

unsigned fixedCount(const std::vector<Finding> &findings) {
  unsigned n = 0;
  for (const Finding &f : findings)
    n += !f.fixes.empty();
  return n;
}

} // namespace

// The editor's fixes share one bound across its batches and are stopped by
// a newer version: attachFixesWithin says when it did not finish, so what
// it left unsearched is not kept as "no fix".
TEST(AttachFixes, WithinABoundOrCancelledItSaysItDidNotFinish) {
  std::string text = leakyFunctions(6);
  std::unique_ptr<Document> doc = Document::parse(text, "t.mlir");
  ASSERT_TRUE(doc->isValid());
  ModuleLifetimes lifetimes(doc->module(),
                            [&](mlir::Value v) { return doc->nameOf(v); });
  std::vector<Finding> base = lintDocument(*doc, LintOptions(), lifetimes);
  ASSERT_EQ(base.size(), 6u);

  std::vector<Finding> all = base;
  uint64_t plenty = defaultFixWork(1000);
  EXPECT_TRUE(attachFixesWithin(*doc, lifetimes, all, &plenty));
  EXPECT_EQ(fixedCount(all), 6u);
  uint64_t spent = defaultFixWork(1000) - plenty;
  ASSERT_GT(spent, 0u);

  // Half of what all six needed: some get fixes, the rest are unsearched.
  std::vector<Finding> some = base;
  uint64_t half = spent / 2;
  EXPECT_FALSE(attachFixesWithin(*doc, lifetimes, some, &half));
  EXPECT_GT(fixedCount(some), 0u);
  EXPECT_LT(fixedCount(some), 6u);

  std::atomic<bool> cancelled{true};
  std::vector<Finding> none = base;
  EXPECT_FALSE(
      attachFixesWithin(*doc, lifetimes, none, nullptr, &cancelled));
  EXPECT_EQ(fixedCount(none), 0u);

  // lintWithFixes passes both on.
  LintOptions opts;
  opts.cancelled = &cancelled;
  bool complete = true;
  EXPECT_EQ(fixedCount(lintWithFixes(*doc, opts, nullptr, &complete)), 0u);
  EXPECT_FALSE(complete);
}

// Functions are searched side by side where the document's context allows
// it; under a bound, which findings get a fix must not depend on that (nor
// on the load): the same fixes as one at a time, at every bound.
TEST(AttachFixes, SideBySideTheFixesAreThoseFoundOneAtATime) {
  // Functions whose searches take several candidates each (two leaks, a
  // missed reuse), of two sizes.
  std::string text;
  for (int i = 0; i < 12; ++i) {
    std::string f = "func.func @g" + std::to_string(i) + R"((%c: i1) {
  %a = memref.alloc() : memref<4xf32>
  scf.if %c {
    memref.dealloc %a : memref<4xf32>
  }
  %b = memref.alloc() : memref<8xf32>
  scf.if %c {
    memref.dealloc %b : memref<8xf32>
  }
  %d = memref.alloc() : memref<16xf32>
  memref.dealloc %d : memref<16xf32>
  %e = memref.alloc() : memref<16xf32>
  memref.dealloc %e : memref<16xf32>
)";
    if (i % 3 == 0)
      f += "  %x = memref.alloc() : memref<2xf32>\n"
           "  memref.dealloc %x : memref<2xf32>\n";
    text += f + "  return\n}\n";
  }
  auto fixesOf = [&](unsigned threads, std::optional<uint64_t> bound,
                     uint64_t *spent) {
    std::unique_ptr<Document> doc = Document::parse(text, "t.mlir", threads);
    EXPECT_TRUE(doc->isValid());
    ModuleLifetimes lifetimes(doc->module(),
                              [&](mlir::Value v) { return doc->nameOf(v); });
    std::vector<Finding> findings =
        lintDocument(*doc, LintOptions(), lifetimes);
    uint64_t work = bound.value_or(0);
    attachFixesWithin(*doc, lifetimes, findings, bound ? &work : nullptr,
                      nullptr, threads);
    if (spent && bound)
      *spent = *bound - work;
    std::vector<std::string> out;
    for (const Finding &f : findings)
      out.push_back(f.fixes.empty()
                        ? "-"
                        : applyEdits(text, f.fixes[0].edits).value_or("?"));
    return out;
  };
  uint64_t spent = 0;
  std::vector<std::string> all = fixesOf(1, defaultFixWork(1000), &spent);
  ASSERT_GT(spent, 0u);
  // Every bound up to what all need, so that some function's search runs
  // out of work part way at some of them.
  for (uint64_t bound = 0; bound <= spent + 1; ++bound) {
    uint64_t serialSpent = 0, parallelSpent = 0;
    std::vector<std::string> serial = fixesOf(1, bound, &serialSpent);
    EXPECT_EQ(serial, fixesOf(4, bound, &parallelSpent)) << bound;
    EXPECT_EQ(serialSpent, parallelSpent) << bound;
  }
  EXPECT_EQ(fixesOf(4, std::nullopt, nullptr), all);
  // What all needed one at a time is enough side by side.
  EXPECT_EQ(fixesOf(4, spent, nullptr), all);
  unsigned partial = 0;
  for (const std::string &s : fixesOf(4, spent / 2, nullptr))
    partial += s != "-";
  EXPECT_GT(partial, 0u);
  EXPECT_LT(partial, 36u);
}
