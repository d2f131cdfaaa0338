//===- PlanViewTest.cpp - memlint/plan: one function's plan ---------------===//
#include "server/IncrementalLinter.h"
#include "server/PlanView.h"

#include "analysis/Document.h"
#include "analysis/LifetimeAnalysis.h"
#include "analysis/MemoryPlan.h"
#include <fstream>
#include <gtest/gtest.h>
#include <sstream>

using namespace memlint;

namespace {

std::string readExample(const std::string &name) {
  std::ifstream in(std::string(MEMLINT_SOURCE_DIR) + "/examples/" + name);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

/// `memlint plan`'s plans of `text` (its default options).
std::vector<FunctionPlan> cliPlans(const std::string &text,
                                   std::unique_ptr<Document> &doc,
                                   std::unique_ptr<ModuleLifetimes> &keep) {
  doc = Document::parse(text, "t.mlir");
  EXPECT_TRUE(doc->isValid());
  keep = std::make_unique<ModuleLifetimes>(
      doc->module(), [&](mlir::Value v) { return doc->nameOf(v); });
  return planModule(*doc, *keep, MemoryPlanOptions());
}

/// The view of every function is what `memlint plan` prints for it.
void expectSameAsCli(const AnalysisResult &r, const std::string &text,
                     unsigned lineShift = 0) {
  std::unique_ptr<Document> doc;
  std::unique_ptr<ModuleLifetimes> lifetimes;
  std::vector<FunctionPlan> plans = cliPlans(text, doc, lifetimes);
  std::vector<BufferFacts> functions = planFunctions(r);
  ASSERT_EQ(functions.size(), plans.size());
  for (size_t i = 0; i < plans.size(); ++i) {
    const FunctionPlan &want = plans[i];
    PlanView got = planView(functions[i]);
    EXPECT_EQ(got.name, want.name);
    ASSERT_EQ(got.spaces.size(), want.spaces.size()) << want.name;
    for (size_t s = 0; s < want.spaces.size(); ++s) {
      const SpacePlan &ws = want.spaces[s];
      const PlanViewSpace &gs = got.spaces[s];
      EXPECT_EQ(gs.space, ws.space);
      EXPECT_EQ(gs.peakBytes, ws.peakBytes) << want.name << " " << ws.space;
      EXPECT_EQ(gs.lowerBoundBytes, ws.lowerBoundBytes);
      EXPECT_EQ(gs.noReuseBytes, ws.noReuseBytes);
      EXPECT_EQ(gs.maxLiveBytes, ws.maxLiveBytes);
      ASSERT_EQ(gs.buffers.size(), ws.buffers.size());
      for (size_t b = 0; b < ws.buffers.size(); ++b) {
        const PlannedBuffer &wb = ws.buffers[b];
        const PlanViewBuffer &gb = gs.buffers[b];
        EXPECT_EQ(gb.entry.name, wb.name);
        EXPECT_EQ(gb.entry.startLine, wb.startLine + lineShift) << wb.name;
        EXPECT_EQ(gb.entry.endLine, wb.endLine + lineShift) << wb.name;
        EXPECT_EQ(gb.entry.range.start.line, wb.startLine + lineShift);
        EXPECT_EQ(gb.entry.bytes, wb.bytes);
        EXPECT_EQ(gb.offset, wb.offset) << wb.name;
        EXPECT_EQ(gb.entry.unplanned.empty(), wb.inArena());
      }
    }
  }
}

TEST(PlanViewTest, EveryFunctionIsPlannedAsMemlintPlanPlansIt) {
  for (const char *name : {"transformer_block.mlir",
                           "transformer_block_gpu.mlir",
                           "correct_pipeline.mlir"}) {
    SCOPED_TRACE(name);
    std::string text = readExample(name);
    ASSERT_FALSE(text.empty());
    IncrementalLinter linter(name, LintOptions());
    auto r = linter.analyze(std::make_shared<const std::string>(text), 1);
    ASSERT_TRUE(r->errors.empty());
    expectSameAsCli(*r, text);
  }
}

TEST(PlanViewTest, CachedFunctionsMoveWithTheirLines) {
  std::string text = readExample("transformer_block.mlir");
  IncrementalLinter linter("t.mlir", LintOptions());
  linter.analyze(std::make_shared<const std::string>(text), 1);
  // Three lines above everything: every operation comes from the cache,
  // moved down.
  auto r = linter.analyze(
      std::make_shared<const std::string>("\n\n\n" + text), 2);
  ASSERT_EQ(r->stats.mode, "incremental");
  EXPECT_EQ(r->stats.opsAnalysed, 0u);
  std::vector<BufferFacts> functions = planFunctions(*r);
  ASSERT_EQ(functions.size(), 2u);
  EXPECT_EQ(functions[0].liveFrom, 9u);
  PlanView view = planView(functions[0]);
  ASSERT_FALSE(view.spaces.empty());
  EXPECT_EQ(view.spaces[0].maxLiveLine, 10u);
  expectSameAsCli(*r, text, 3);
}

TEST(PlanViewTest, PicksByNameThenByLine) {
  std::string text = readExample("transformer_block.mlir");
  IncrementalLinter linter("t.mlir", LintOptions());
  auto r = linter.analyze(std::make_shared<const std::string>(text), 1);
  std::vector<BufferFacts> functions = planFunctions(*r);
  ASSERT_EQ(functions.size(), 2u);
  EXPECT_EQ(functions[0].name, "@attention_scores");
  EXPECT_EQ(functions[1].name, "@softmax_then_norm");
  EXPECT_EQ(pickPlanFunction(functions, "softmax_then_norm", 1),
            &functions[1]);
  EXPECT_EQ(pickPlanFunction(functions, "@softmax_then_norm", 1),
            &functions[1]);
  EXPECT_EQ(pickPlanFunction(functions, "nope", 22), nullptr);
  EXPECT_EQ(pickPlanFunction(functions, "", 22), &functions[1]);
  EXPECT_EQ(pickPlanFunction(functions, "", 7), &functions[0]);
  EXPECT_EQ(pickPlanFunction(functions, "", 0), &functions[0]);
  EXPECT_EQ(pickPlanFunction({}, "", 3), nullptr);
}

TEST(PlanViewTest, UnplannedBuffersSayWhy) {
  std::string text = readExample("transformer_block.mlir");
  IncrementalLinter linter("t.mlir", LintOptions());
  auto r = linter.analyze(std::make_shared<const std::string>(text), 1);
  PlanView view = planView(planFunctions(*r)[0]);
  const PlanViewBuffer *scores = nullptr;
  for (const PlanViewSpace &s : view.spaces)
    for (const PlanViewBuffer &b : s.buffers)
      if (b.entry.name == "%scores")
        scores = &b;
  ASSERT_NE(scores, nullptr);
  EXPECT_EQ(scores->entry.unplanned, "dynamic size");
  EXPECT_FALSE(scores->offset.has_value());
  EXPECT_FALSE(scores->entry.bytes.has_value());
}

TEST(PlanViewTest, ABrokenFunctionIsLeftOutTheOthersStay) {
  std::string text = readExample("transformer_block.mlir");
  std::string broken = text;
  broken.replace(broken.find("memref<64x64xf32>\n  \"my_npu.exp\""), 17,
                 "memref<64x64xf32");
  IncrementalLinter linter("t.mlir", LintOptions());
  auto r = linter.analyze(std::make_shared<const std::string>(broken), 1);
  ASSERT_FALSE(r->errors.empty());
  std::vector<BufferFacts> functions = planFunctions(*r);
  ASSERT_EQ(functions.size(), 1u);
  EXPECT_EQ(functions[0].name, "@attention_scores");
}

} // namespace
