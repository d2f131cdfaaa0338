//===- MergedCopyTest.cpp - Merges on a copy prove what the text proves ---===//
//
// MergedCopies stands in for parsing the edited window: for every
// missed-reuse finding of every repository file and of the shapes below,
// alone and with the other merges of its function that touch other
// buffers, the copy's MergeProofState must be the one the parse of the
// window with mergeBufferEdits' edits gives.
//
//===----------------------------------------------------------------------===//
#include "fixes/MergedCopy.h"
#include "../RepositoryFiles.h"
#include "analysis/Engine.h"
#include "analysis/LifetimeAnalysis.h"
#include "analysis/LiveRanges.h"
#include "fixes/FixSnapshot.h"
#include "fixes/FunctionSlice.h"
#include "fixes/SourceText.h"
#include "fixes/TextEdits.h"

#include "llvm/ADT/DenseSet.h"
#include <gtest/gtest.h>
#include <map>

using namespace memlint;

namespace {

/// Straight lines, branches, loops, views, calls, CFG blocks, a leak
/// beside the merges, types that differ, a buffer that escapes.
const char *const shapes = R"(#map = affine_map<(d0) -> (d0)>
module {
  func.func private @fresh(index) -> memref<?xf32>
  func.func @line(%n: index, %x: memref<?xf32>) {
    %a = memref.alloc(%n) : memref<?xf32>
    memref.copy %x, %a : memref<?xf32> to memref<?xf32>
    memref.dealloc %a : memref<?xf32>
    %b = memref.alloc(%n) : memref<?xf32>
    memref.copy %b, %x : memref<?xf32> to memref<?xf32>
    memref.dealloc %b : memref<?xf32>
    %c = memref.alloc(%n) : memref<?xf32>
    %v = memref.subview %c[0] [2] [1] : memref<?xf32> to memref<2xf32, strided<[1]>>
    "test.use"(%v) : (memref<2xf32, strided<[1]>>) -> ()
    memref.dealloc %c : memref<?xf32>
    return
  }
  func.func @branches(%p: i1, %n: index) {
    %a = memref.alloc() : memref<8xf32>
    "test.use"(%a) : (memref<8xf32>) -> ()
    memref.dealloc %a : memref<8xf32>
    %b = memref.alloc() : memref<8xf32>
    scf.if %p {
      "test.use"(%b) : (memref<8xf32>) -> ()
      memref.dealloc %b : memref<8xf32>
    } else {
      memref.dealloc %b : memref<8xf32>
    }
    %c = memref.alloc() : memref<8xf32>
    scf.if %p {
      memref.dealloc %c : memref<8xf32>
    }
    %d = memref.alloc() : memref<4xf32>
    memref.dealloc %d : memref<4xf32>
    return
  }
  func.func @loop(%lb: index, %ub: index, %s: index) {
    scf.for %i = %lb to %ub step %s {
      %a = memref.alloc() : memref<16xf32>
      "test.use"(%a) : (memref<16xf32>) -> ()
      memref.dealloc %a : memref<16xf32>
      %b = memref.alloc() : memref<16xf32>
      "test.use"(%b) : (memref<16xf32>) -> ()
      memref.dealloc %b : memref<16xf32>
    }
    %c = memref.alloc() : memref<16xf32>
    memref.dealloc %c : memref<16xf32>
    return
  }
  func.func @calls(%n: index) -> memref<?xf32> {
    %f = func.call @fresh(%n) : (index) -> memref<?xf32>
    memref.dealloc %f : memref<?xf32>
    %a = memref.alloc(%n) : memref<?xf32>
    "test.use"(%a) : (memref<?xf32>) -> ()
    memref.dealloc %a : memref<?xf32>
    %b = memref.alloc(%n) : memref<?xf32>
    %r = memref.alloc(%n) : memref<?xf32>
    memref.dealloc %b : memref<?xf32>
    return %r : memref<?xf32>
  }
  func.func @pairs(%p: i1) {
    %a = memref.alloc() : memref<8xf32>
    %c = memref.alloc() : memref<4xi32>
    "test.use"(%a, %c) : (memref<8xf32>, memref<4xi32>) -> ()
    memref.dealloc %a : memref<8xf32>
    memref.dealloc %c : memref<4xi32>
    %b = memref.alloc() : memref<8xf32>
    %d = memref.alloc() : memref<4xi32>
    scf.if %p {
      "test.use"(%b) : (memref<8xf32>) -> ()
    }
    "test.use"(%d) : (memref<4xi32>) -> ()
    memref.dealloc %b : memref<8xf32>
    memref.dealloc %d : memref<4xi32>
    %e = memref.alloc() : memref<3xf64>
    memref.dealloc %e : memref<3xf64>
    %f = memref.alloc() : memref<3xf64>
    memref.dealloc %f : memref<3xf64>
    return
  }
  func.func @blocks(%p: i1) {
    %a = memref.alloc() : memref<4xi32>
    "test.use"(%a) : (memref<4xi32>) -> ()
    memref.dealloc %a : memref<4xi32>
    cf.cond_br %p, ^t, ^e
  ^t:
    %b = memref.alloc() : memref<4xi32>
    "test.use"(%b) : (memref<4xi32>) -> ()
    memref.dealloc %b : memref<4xi32>
    cf.br ^x
  ^e:
    %c = memref.alloc() : memref<4xi32>
    cf.br ^x
  ^x:
    %d = memref.alloc() : memref<4xi32>
    memref.dealloc %d : memref<4xi32>
    return
  }
}
)";

struct Compared {
  unsigned alone = 0, together = 0;
};

std::string describe(const MergeProofState &s) {
  std::string out = "gaveUp " + std::to_string(s.gaveUp) + " buffers " +
                    std::to_string(s.buffers) + " fresh";
  for (bool f : s.fresh)
    out += " " + std::to_string(f);
  out += " constant";
  for (auto c : s.constant)
    out += c ? (*c ? " 1" : " 0") : " ?";
  out += " untracked";
  for (const std::string &n : s.untracked)
    out += " " + n;
  for (auto &[key, n] : s.counts)
    out += "\n  " + std::to_string(key.first) + " " + key.second + " x" +
           std::to_string(n) + " mass " + std::to_string(s.mass.at(key));
  return out;
}

/// Compares the two proofs on the missed-reuse findings of `text`.
void compareProofs(const std::string &text, Compared &counts) {
  auto doc = Document::parse(text, "f.mlir", 1);
  if (!doc->isValid())
    return;
  ModuleLifetimes lifetimes(doc->module(),
                            [&](mlir::Value v) { return doc->nameOf(v); });
  std::vector<Finding> findings = lintDocument(*doc, LintOptions(), lifetimes);
  auto summaries = lifetimes.allSummaries();
  FunctionSlicer slicer(*doc);
  if (!slicer.symbols())
    return;
  auto context = Document::newContext();
  SourceText src(*doc);
  for (mlir::FunctionOpInterface fn : lifetimes.functions()) {
    std::optional<FunctionSlicer::Window> window = slicer.windowFor(fn);
    if (!window)
      continue;
    // One module of copies per function, as FixFinder makes it.
    MergedCopies copies(fn, *slicer.symbols(), summaries, *doc);
    LifetimeAnalysis &la = lifetimes.get(fn);
    LiveRanges ranges(la);
    std::map<SourceRange, mlir::Operation *> ops;
    fn->walk([&](mlir::Operation *op) {
      if (doc->opDef(op))
        ops.try_emplace(doc->rangeOf(op), op);
    });
    auto find = [&](const SourceRange &r) -> mlir::Operation * {
      auto it = ops.find(r);
      return it == ops.end() ? nullptr : it->second;
    };
    std::vector<std::pair<MergePair, std::vector<TextEdit>>> merges;
    for (const Finding &f : findings) {
      if (f.check != "missed-reuse" || f.related.size() < 2)
        continue;
      MergePair pair{find(f.related[0].range), find(f.related[1].range),
                     find(f.range)};
      if (!pair.earlierAlloc || !pair.earlierFree || !pair.laterAlloc)
        continue;
      if (auto edits = mergeBufferEdits(src, la, ranges, pair);
          edits && !edits->empty())
        merges.push_back({pair, std::move(*edits)});
    }
    auto check = [&](llvm::ArrayRef<size_t> group) {
      std::vector<TextEdit> edits;
      std::vector<MergePair> pairs;
      for (size_t k : group) {
        edits.insert(edits.end(), merges[k].second.begin(),
                     merges[k].second.end());
        pairs.push_back(merges[k].first);
      }
      std::optional<std::string> edited =
          applyEdits(window->text, edits, window->origin);
      ASSERT_TRUE(edited);
      auto parsed = fixsearch::analyzeText(*edited, "f.mlir", 0, summaries,
                                           context, window->origin);
      std::optional<MergeProofState> copy = copies.stateAfter(pairs);
      ASSERT_TRUE(copy) << "no copy for @" << fn.getName().str();
      ASSERT_TRUE(parsed) << *edited;
      EXPECT_EQ(describe(*copy),
                describe(mergeProofStateOf(parsed->analysis(0), *parsed->doc)))
          << "@" << fn.getName().str() << "\n"
          << *edited;
    };
    // Alone, then every merge that touches buffers and text no earlier one
    // of the group does, together.
    std::vector<size_t> group;
    llvm::DenseSet<mlir::Operation *> touched;
    EditSpans spans(window->text, window->origin);
    for (size_t k = 0; k < merges.size(); ++k) {
      size_t one[] = {k};
      check(one);
      ++counts.alone;
      const MergePair &p = merges[k].first;
      if (!touched.contains(p.earlierAlloc) &&
          !touched.contains(p.laterAlloc) && spans.tryAdd(merges[k].second)) {
        touched.insert(p.earlierAlloc);
        touched.insert(p.laterAlloc);
        group.push_back(k);
      }
    }
    if (group.size() > 1) {
      check(group);
      ++counts.together;
    }
  }
}

TEST(MergedCopyTest, CopyProvesWhatTheEditedWindowProves) {
  Compared counts;
  compareProofs(shapes, counts);
  EXPECT_GE(counts.alone, 9u);
  EXPECT_GE(counts.together, 1u);
  for (const auto &[path, text] : test::repositoryMlirFiles()) {
    SCOPED_TRACE(path);
    compareProofs(text, counts);
  }
  EXPECT_GE(counts.alone, 25u);
}

// What the copy cannot stand for is proven on text: a function that may be
// upstream's deallocation library (recognising one builds IR).
TEST(MergedCopyTest, NoCopyOfWhatMayBeTheDeallocationLibrary) {
  auto doc = Document::parse(
      "func.func @h(%a: memref<?xindex>, %b: memref<?xindex>, %c: "
      "memref<?xi1>, %d: memref<?xi1>, %e: memref<?xi1>) {\n"
      "  %x = memref.alloc() : memref<4xf32>\n"
      "  memref.dealloc %x : memref<4xf32>\n"
      "  %y = memref.alloc() : memref<4xf32>\n"
      "  memref.dealloc %y : memref<4xf32>\n"
      "  return\n"
      "}\n",
      "t.mlir");
  ASSERT_TRUE(doc->isValid());
  ModuleLifetimes lifetimes(doc->module(),
                            [&](mlir::Value v) { return doc->nameOf(v); });
  mlir::SymbolTable symbols(doc->module());
  mlir::FunctionOpInterface fn = lifetimes.functions()[0];
  llvm::SmallVector<mlir::Operation *> ops;
  fn->walk([&](mlir::Operation *op) { ops.push_back(op); });
  MergePair pair{ops[0], ops[1], ops[2]};
  EXPECT_FALSE(MergedCopies(fn, symbols, nullptr, *doc).stateAfter(pair));
}

} // namespace
