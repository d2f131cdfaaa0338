//===- FreePlacementTest.cpp - Where a free can go ------------------------===//
#include "fixes/FreePlacement.h"

#include "fixes/BufferAliases.h"

#include "fixes/SourceText.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinOps.h"

#include <gtest/gtest.h>

using namespace memlint;

namespace {

/// The places freeInsertionCandidates proposes for the function's first
/// alloc, leaking at its last op named `exitName`, as the lines their
/// edits start on.
std::vector<unsigned> candidateLines(const char *text, bool guarded = false,
                                     llvm::StringRef exitName = "func.return") {
  std::unique_ptr<Document> doc = Document::parse(text, "t.mlir");
  EXPECT_TRUE(doc->isValid());
  if (!doc->isValid())
    return {};
  auto fn = *doc->module().getOps<mlir::func::FuncOp>().begin();
  mlir::Value buffer;
  mlir::Operation *exit = nullptr;
  fn.walk([&](mlir::Operation *op) {
    if (!buffer && op->getName().getStringRef() == "memref.alloc")
      buffer = op->getResult(0);
    if (op->getName().getStringRef() == exitName)
      exit = op;
  });
  SourceText src(*doc);
  PlacementScope scope(src, fn);
  std::vector<unsigned> lines;
  for (const std::vector<TextEdit> &edits :
       freeInsertionCandidates(scope, buffer, exit, "memref.dealloc", guarded))
    lines.push_back(edits.front().range.start.line);
  return lines;
}

// A gpu.launch body runs once per thread, and a custom op's region as
// often as the op says: a free of a buffer from outside goes after them,
// never inside (the analysis walks such a region once and could not tell).
TEST(FreePlacement, NoFreeInsideARegionOfUnknownControlFlow) {
  const char *text = R"(func.func @f(%p: i1) {
  %c1 = arith.constant 1 : index
  %c0 = arith.constant 0 : index
  %a = memref.alloc() : memref<4xf32>
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    %v = memref.load %a[%c0] : memref<4xf32>
    gpu.terminator
  }
  "npu.region"() ({
    "npu.fill"(%a) : (memref<4xf32>) -> ()
    "npu.end"() : () -> ()
  }) : () -> ()
  return
}
)";
  for (bool guarded : {false, true}) {
    std::vector<unsigned> lines = candidateLines(text, guarded);
    ASSERT_FALSE(lines.empty());
    for (unsigned line : lines)
      EXPECT_TRUE(line <= 6 || line == 10 || line >= 14)
          << "a free proposed inside a region, on line " << line;
  }
}

// A buffer allocated inside such a region is freed there.
TEST(FreePlacement, AFreeInsideTheRegionOfItsOwnAllocation) {
  const char *text = R"(func.func @f() {
  "npu.region"() ({
    %a = memref.alloc() : memref<4xf32>
    "npu.fill"(%a) : (memref<4xf32>) -> ()
    "npu.end"() : () -> ()
  }) : () -> ()
  return
}
)";
  std::vector<unsigned> lines =
      candidateLines(text, /*guarded=*/false, "npu.end");
  ASSERT_FALSE(lines.empty());
  EXPECT_EQ(lines.front(), 5u);
}

// The names a buffer has on every path: arguments of blocks every branch
// into which passes it (a chain; a loop header it enters and comes back
// to unchanged), not a merge of it with another buffer.
// A place that control can reach after the buffer's free in the scf.if
// (inside it after the free, after the scf.if) frees it twice on that
// path, and one before the scf.if frees it before that free: the new else
// comes first, those after it in text order.
TEST(FreePlacement, PlacesAfterAnotherFreeGoLast) {
  const char *text = R"(func.func @f(%c: i1) -> f32 {
  %c0 = arith.constant 0 : index
  %a = memref.alloc() : memref<4xf32>
  %v = memref.load %a[%c0] : memref<4xf32>
  scf.if %c {
    memref.dealloc %a : memref<4xf32>
  }
  %w = arith.addf %v, %v : f32
  return %w : f32
}
)";
  EXPECT_EQ(candidateLines(text), (std::vector<unsigned>{7, 5, 7, 8, 9}));
}

// In a loop nest, the next iteration comes back to the scf.if only
// through the buffer's allocation (a new buffer from there): the new else
// is not after a free of this one and comes first, as at the top level.
TEST(FreePlacement, TheNextIterationsFreeIsAnotherBuffers) {
  const char *text = R"(func.func @f(%c: i1, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %c0 to %n step %c1 {
    scf.for %j = %c0 to %n step %c1 {
      %a = memref.alloc() : memref<4xf32>
      %v = memref.load %a[%c0] : memref<4xf32>
      scf.if %c {
        memref.dealloc %a : memref<4xf32>
      }
      %w = arith.addf %v, %v : f32
    }
  }
  return
}
)";
  EXPECT_EQ(candidateLines(text), (std::vector<unsigned>{10, 8, 10, 11, 12}));
}

// A buffer used in a loop whose body goes on past its use: every place in
// the body after the use has a use follow in the next iteration, and the
// search takes one of them and goes on after the loop (80 such places
// filled the places it tries last, and it never came to the return).
TEST(FreePlacement, OnePlaceOfALoopPastItsLastUse) {
  std::string text = "func.func @f(%n: index) {\n"
                     "  %c0 = arith.constant 0 : index\n"
                     "  %c1 = arith.constant 1 : index\n"
                     "  %z = arith.constant 0.0 : f32\n"
                     "  %a = memref.alloc() : memref<4xf32>\n"
                     "  %b = memref.alloc() : memref<4xf32>\n"
                     "  scf.for %i = %c0 to %n step %c1 {\n"
                     "    memref.store %z, %a[%c0] : memref<4xf32>\n";
  for (unsigned k = 0; k < 80; ++k)
    text += "    memref.store %z, %b[%c0] : memref<4xf32>\n";
  text += "  }\n  memref.dealloc %b : memref<4xf32>\n  return\n}\n";
  std::vector<unsigned> lines = candidateLines(text.c_str());
  // Lines 9-89: the loop's body past the use of %a (89: its end); 90:
  // the dealloc of %b after the loop; 91: the return.
  EXPECT_TRUE(llvm::is_contained(lines, 90u) || llvm::is_contained(lines, 91u))
      << lines.size() << " places";
  unsigned inLoop =
      llvm::count_if(lines, [](unsigned l) { return l >= 9 && l <= 89; });
  EXPECT_LE(inLoop, 1u);
}

/// N buffers, each loaded and then freed in an scf.if on %c only; `loop`:
/// all of it in an scf.for's body.
static std::string freedOnOneBranch(unsigned n, bool loop) {
  std::string text = "func.func @f(%c: i1, %n: index) {\n"
                     "  %c0 = arith.constant 0 : index\n"
                     "  %c1 = arith.constant 1 : index\n";
  if (loop)
    text += "  scf.for %i = %c0 to %n step %c1 {\n";
  for (unsigned i = 0; i < n; ++i) {
    std::string a = "%a" + std::to_string(i);
    text += "  " + a + " = memref.alloc() : memref<4xf32>\n";
    text += "  %v" + std::to_string(i) + " = memref.load " + a +
            "[%c0] : memref<4xf32>\n";
    text +=
        "  scf.if %c {\n    memref.dealloc " + a + " : memref<4xf32>\n  }\n";
  }
  if (loop)
    text += "  }\n";
  return text + "  return\n}\n";
}

/// N buffers, each allocated in a block of its own and freed on one edge
/// of a cf.cond_br only (code lowered to branches); `inLoop`: all of it
/// the body of a CFG loop, whose latch is the last block.
static std::string freedOnOneEdge(unsigned n, bool inLoop) {
  std::string text = "func.func @f(%c: i1, %n: index) {\n"
                     "  %c0 = arith.constant 0 : index\n"
                     "  %c1 = arith.constant 1 : index\n";
  if (inLoop)
    text += "  cf.br ^h(%c0 : index)\n"
            "^h(%i: index):\n"
            "  %t = arith.cmpi slt, %i, %n : index\n"
            "  cf.cond_br %t, ^b0, ^exit\n"
            "^exit:\n"
            "  return\n";
  else
    text += "  cf.br ^b0\n";
  for (unsigned i = 0; i < n; ++i) {
    std::string k = std::to_string(i), next = std::to_string(i + 1);
    text += "^b" + k + ":\n  %a" + k + " = memref.alloc() : memref<4xf32>\n";
    text += "  %v" + k + " = memref.load %a" + k + "[%c0] : memref<4xf32>\n";
    text += "  cf.cond_br %c, ^f" + k + ", ^b" + next + "\n";
    text += "^f" + k + ":\n  memref.dealloc %a" + k + " : memref<4xf32>\n";
    text += "  cf.br ^b" + next + "\n";
  }
  text += "^b" + std::to_string(n) + ":\n";
  if (inLoop)
    return text + "  %next = arith.addi %i, %c1 : index\n"
                  "  cf.br ^h(%next : index)\n}\n";
  return text + "  return\n}\n";
}

/// The work of asking for the places of every buffer of `text`'s
/// function (`n` of them): the points looked at and the ops walked from
/// the frees, and with `fromPlaces` those walked from each place.
static uint64_t placesOfEveryBuffer(const std::string &text, unsigned n,
                                    bool fromPlaces = false) {
  std::unique_ptr<Document> doc = Document::parse(text, "t.mlir");
  EXPECT_TRUE(doc->isValid());
  auto fn = *doc->module().getOps<mlir::func::FuncOp>().begin();
  mlir::Operation *exit = fn.getBody().back().getTerminator();
  SourceText src(*doc);
  PlacementScope scope(src, fn);
  PlacementWork before = placementWork();
  unsigned buffers = 0;
  fn.walk([&](mlir::Operation *op) {
    if (op->getName().getStringRef() != "memref.alloc")
      return;
    ++buffers;
    EXPECT_FALSE(freeInsertionCandidates(scope, op->getResult(0), exit,
                                         "memref.dealloc", false, 4)
                     .empty());
  });
  EXPECT_EQ(buffers, n);
  PlacementWork after = placementWork();
  return (after.points - before.points) +
         (after.opsAfterFrees - before.opsAfterFrees) +
         (fromPlaces ? after.opsAfterPlaces - before.opsAfterPlaces : 0);
}

// Each buffer's search looks at the points from its allocation on, and
// walks from its free to the block it is in, not through the rest of the
// function or round the loop: twice the buffers, about twice the work
// (each used to cost the whole function: 800 buffers took 4 s to get their
// fixes). (The walk from each place to its first use still goes round a
// loop: bench/lint/fix_shapes.py's loop row.)
TEST(FreePlacement, EachBuffersSearchCostsItsOwnPart) {
  for (bool loop : {false, true}) {
    uint64_t small = placesOfEveryBuffer(freedOnOneBranch(40, loop), 40);
    uint64_t large = placesOfEveryBuffer(freedOnOneBranch(80, loop), 80);
    EXPECT_LT(large, 5 * small / 2) << small << " then " << large;
  }
}

// In code lowered to branches the same, the walks from each place
// included: those walks skip the blocks from which neither a use nor the
// buffer's definition can follow (RegionOrder's ranks), or from which a
// use could only follow through the definition (DefinitionCut: inside a
// loop, where every block has one rank), the walk from the frees goes
// only as far down as the places asked about, and the search starts at
// the allocation where every block is written after its dominator. (Each
// used to go through the rest of the function, or round the loop: 800
// such buffers took 3.2 s to get their fixes, 7.4 s in a loop.)
TEST(FreePlacement, EachBuffersSearchCostsItsOwnPartInBranches) {
  for (bool inLoop : {false, true}) {
    uint64_t small = placesOfEveryBuffer(freedOnOneEdge(40, inLoop), 40, true);
    uint64_t large = placesOfEveryBuffer(freedOnOneEdge(80, inLoop), 80, true);
    EXPECT_LT(large, 5 * small / 2)
        << small << " then " << large << (inLoop ? " in a loop" : "");
  }
}

TEST(BufferAliases, MustAliasesFollowEveryBranchIn) {
  const char *text = R"(func.func @f(%c: i1, %n: index) {
  %a = memref.alloc() : memref<4xf32>
  %b = memref.alloc() : memref<4xf32>
  cf.br ^chain(%a : memref<4xf32>)
^chain(%p: memref<4xf32>):
  cf.br ^head(%p : memref<4xf32>)
^head(%h: memref<4xf32>):
  cf.cond_br %c, ^head(%h : memref<4xf32>), ^merge(%h : memref<4xf32>)
^merge(%m: memref<4xf32>):
  cf.cond_br %c, ^join(%m : memref<4xf32>), ^join(%b : memref<4xf32>)
^join(%j: memref<4xf32>):
  memref.dealloc %j : memref<4xf32>
  memref.dealloc %a : memref<4xf32>
  return
}
)";
  std::unique_ptr<Document> doc = Document::parse(text, "t.mlir");
  ASSERT_TRUE(doc->isValid());
  auto fn = *doc->module().getOps<mlir::func::FuncOp>().begin();
  mlir::Value a;
  fn.walk([&](mlir::Operation *op) {
    if (!a && op->getName().getStringRef() == "memref.alloc")
      a = op->getResult(0);
  });
  std::vector<std::string> names;
  for (mlir::Value v : mustAliases(forwardedAliases(a)))
    names.push_back(doc->nameOf(v));
  EXPECT_EQ(names, (std::vector<std::string>{"%a", "%p", "%h", "%m"}));
}

} // namespace
