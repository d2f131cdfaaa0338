// Unit tests of byte sizes, memory spaces, live ranges and memory plans.
#include "analysis/LiveRanges.h"
#include "analysis/Document.h"
#include "analysis/LifetimeAnalysis.h"
#include "analysis/LiveBytes.h"
#include "analysis/MemoryPlan.h"

#include "mlir/IR/SymbolTable.h"
#include <gtest/gtest.h>

using namespace memlint;

namespace {

/// A parsed module, its lifetimes and one function's live ranges.
struct Fixture {
  std::unique_ptr<Document> doc;
  std::unique_ptr<ModuleLifetimes> lifetimes;
  std::unique_ptr<LiveRanges> ranges;

  Fixture(const std::string &text, const std::string &fn = "f") {
    doc = Document::parse(text, "t.mlir");
    EXPECT_TRUE(doc->isValid());
    if (!doc->isValid())
      return;
    lifetimes = std::make_unique<ModuleLifetimes>(
        doc->module(), [this](mlir::Value v) { return doc->nameOf(v); });
    auto f = mlir::cast<mlir::FunctionOpInterface>(
        mlir::SymbolTable::lookupSymbolIn(doc->module(), fn));
    ranges = std::make_unique<LiveRanges>(lifetimes->get(f));
  }

  const LiveRange &range(const std::string &name) const {
    for (const LiveRange &r : ranges->ranges())
      if (doc->nameOf(r.value) == name)
        return r;
    ADD_FAILURE() << "no buffer " << name;
    static LiveRange none;
    return none;
  }
  /// The point of the first op on `line`.
  unsigned pointAtLine(unsigned line) const {
    for (unsigned p = 0; p < ranges->numPoints(); ++p)
      if (doc->rangeOf(ranges->opAt(p)).start.line == line)
        return p;
    ADD_FAILURE() << "no op on line " << line;
    return 0;
  }
  /// The type of argument `i` of @f.
  mlir::Type argType(unsigned i) const {
    return ranges->function().getArgument(i).getType();
  }
};

TEST(ByteSizeTest, Elements) {
  Fixture t(R"(
func.func @f(%a: memref<8xi1>, %b: memref<8xbf16>, %c: memref<8xindex>,
             %d: memref<8xcomplex<f32>>, %e: memref<8xvector<4xf16>>,
             %g: memref<8xi4>, %h: memref<8xf64>, %i: memref<8xvector<3xf32>>,
             %j: memref<8xi24>, %k: memref<8xvector<2x3xf32>>,
             %l: memref<8xf80>) {
  return
})");
  auto elem = [&](unsigned i) {
    return elementByteSize(
        mlir::cast<mlir::MemRefType>(t.argType(i)).getElementType());
  };
  EXPECT_EQ(elem(0), 1);
  EXPECT_EQ(elem(1), 2);
  EXPECT_EQ(elem(2), 8);
  EXPECT_EQ(elem(3), 8);
  EXPECT_EQ(elem(4), 8);
  EXPECT_EQ(elem(5), 1);
  EXPECT_EQ(elem(6), 8);
  // What LLVM's data layout steps by: <3 x float> is 16 bytes apart, an
  // i24 4, [2 x <3 x float>] 32, an x86_fp80 16.
  EXPECT_EQ(elem(7), 16);
  EXPECT_EQ(elem(8), 4);
  EXPECT_EQ(elem(9), 32);
  EXPECT_EQ(elem(10), 16);
}

TEST(ByteSizeTest, StaticAndDynamicShapes) {
  Fixture t(R"(
func.func @f(%a: memref<128x4096xbf16, "SRAM">, %b: memref<?x4096xf32>,
             %c: memref<0xf32>, %d: memref<16xi1>, %e: memref<*xf32>) {
  return
})");
  EXPECT_EQ(staticByteSize(t.argType(0)), 1048576);
  EXPECT_EQ(staticByteSize(t.argType(1)), std::nullopt);
  EXPECT_EQ(staticByteSize(t.argType(2)), 0);
  EXPECT_EQ(staticByteSize(t.argType(3)), 16);
  EXPECT_EQ(staticByteSize(t.argType(4)), std::nullopt);
}

TEST(ByteSizeTest, MemorySpaces) {
  Fixture t(R"(
func.func @f(%a: memref<4xf32>, %b: memref<4xf32, "SRAM">,
             %c: memref<4xf32, 1>, %d: memref<4xf32, #gpu.address_space<workgroup>>) {
  return
})");
  EXPECT_EQ(memorySpaceName(t.argType(0)), "default");
  EXPECT_EQ(memorySpaceName(t.argType(1)), "SRAM");
  EXPECT_EQ(memorySpaceName(t.argType(2)), "1");
  EXPECT_EQ(memorySpaceName(t.argType(3)), "#gpu.address_space<workgroup>");
}

TEST(LiveRangesTest, StraightLine) {
  Fixture t(R"(func.func @f(%x: memref<4xf32>) {
  %a = memref.alloc() : memref<4xf32>
  "npu.use"(%a) : (memref<4xf32>) -> ()
  %b = memref.alloc() : memref<8xf32, "SRAM">
  memref.dealloc %a : memref<4xf32>
  "npu.use"(%b) : (memref<8xf32, "SRAM">) -> ()
  memref.dealloc %b : memref<8xf32, "SRAM">
  return
})");
  const LiveRange &a = t.range("%a"), &b = t.range("%b");
  EXPECT_EQ(a.start, t.pointAtLine(2));
  EXPECT_EQ(a.end, t.pointAtLine(5));
  EXPECT_EQ(b.start, t.pointAtLine(4));
  EXPECT_EQ(b.end, t.pointAtLine(7));
  EXPECT_TRUE(a.overlaps(b));
  EXPECT_EQ(a.bytes, 16);
  EXPECT_EQ(b.space, "SRAM");
  ASSERT_EQ(a.frees.size(), 1u);
  EXPECT_EQ(t.doc->rangeOf(a.frees[0]).start.line, 5u);
  EXPECT_FALSE(a.escapes);
  EXPECT_FALSE(a.severalInstances);
}

TEST(LiveRangesTest, AliasesExtendTheRange) {
  Fixture t(R"(func.func @f(%c: i1) {
  %a = memref.alloc() : memref<16xf32>
  %v = memref.subview %a[0] [8] [1] : memref<16xf32> to memref<8xf32, strided<[1]>>
  %w = memref.cast %a : memref<16xf32> to memref<?xf32>
  "npu.use"(%v) : (memref<8xf32, strided<[1]>>) -> ()
  memref.dealloc %w : memref<?xf32>
  return
})");
  const LiveRange &a = t.range("%a");
  EXPECT_EQ(a.end, t.pointAtLine(6));
  ASSERT_EQ(a.frees.size(), 1u);
}

TEST(LiveRangesTest, AliasesThroughOpaqueOpsSelectsAndCalls) {
  Fixture t(R"(func.func private @id(%m: memref<16xf32>) -> memref<16xf32>
func.func @f(%c: i1) {
  %a = memref.alloc() : memref<16xf32>
  %b = memref.alloc() : memref<16xf32>
  %d = memref.alloc() : memref<16xf32>
  %e = memref.alloc() : memref<16xf32>
  %s = arith.select %c, %a, %b : memref<16xf32>
  %v = "my_npu.view"(%d) : (memref<16xf32>) -> memref<16xf32>
  %r = call @id(%e) : (memref<16xf32>) -> memref<16xf32>
  "npu.use"(%v) : (memref<16xf32>) -> ()
  "npu.use"(%r) : (memref<16xf32>) -> ()
  "npu.use"(%s) : (memref<16xf32>) -> ()
  return
})");
  EXPECT_EQ(t.range("%d").end, t.pointAtLine(10));
  EXPECT_EQ(t.range("%e").end, t.pointAtLine(11));
  EXPECT_EQ(t.range("%a").end, t.pointAtLine(12));
  EXPECT_EQ(t.range("%b").end, t.pointAtLine(12));
}

TEST(LiveRangesTest, UseInLoopCoversTheLoop) {
  Fixture t(R"(func.func @f(%lb: index, %ub: index) {
  %c1 = arith.constant 1 : index
  %a = memref.alloc() : memref<16xf32>
  scf.for %i = %lb to %ub step %c1 {
    "npu.use"(%a) : (memref<16xf32>) -> ()
    %t = memref.alloc() : memref<4xf32>
    "npu.use"(%t) : (memref<4xf32>) -> ()
    memref.dealloc %t : memref<4xf32>
  }
  memref.dealloc %a : memref<16xf32>
  return
})");
  const LiveRange &a = t.range("%a"), &tmp = t.range("%t");
  unsigned loop = t.pointAtLine(4);
  EXPECT_EQ(a.end, t.pointAtLine(10));
  // %t lives inside one iteration only.
  EXPECT_GT(tmp.start, loop);
  EXPECT_EQ(tmp.end, t.pointAtLine(8));
  EXPECT_FALSE(tmp.severalInstances);
}

TEST(LiveRangesTest, LastUseInLoopWithoutFree) {
  Fixture t(R"(func.func @f(%lb: index, %ub: index) {
  %c1 = arith.constant 1 : index
  %a = memref.alloc() : memref<16xf32>
  scf.for %i = %lb to %ub step %c1 {
    "npu.use"(%a) : (memref<16xf32>) -> ()
    "npu.other"() : () -> ()
  }
  return
})");
  const LiveRange &a = t.range("%a");
  // Live over the whole loop, not only up to the use.
  EXPECT_EQ(a.end, t.ranges->lastPointOf(t.ranges->opAt(t.pointAtLine(4))));
  EXPECT_TRUE(a.endCoversRegions);
}

TEST(LiveRangesTest, EscapingBufferLivesToTheEnd) {
  Fixture t(R"(func.func @f() -> memref<4xf32> {
  %a = memref.alloc() : memref<4xf32>
  return %a : memref<4xf32>
})");
  const LiveRange &a = t.range("%a");
  EXPECT_TRUE(a.escapes);
  EXPECT_EQ(a.end, t.ranges->numPoints() - 1);
}

TEST(LiveRangesTest, CfgLoopCoversTheCycle) {
  Fixture t(R"(func.func @f(%c: i1) {
  %a = memref.alloc() : memref<4xf32>
  cf.br ^bb2
^bb1:
  memref.dealloc %a : memref<4xf32>
  return
^bb2:
  "npu.use"(%a) : (memref<4xf32>) -> ()
  cf.cond_br %c, ^bb2, ^bb1
})");
  const LiveRange &a = t.range("%a");
  // ^bb1 is written before ^bb2 but runs after it: the range covers both.
  EXPECT_EQ(a.start, t.pointAtLine(2));
  EXPECT_EQ(a.end, t.pointAtLine(9));
  EXPECT_TRUE(t.ranges->inCycle(t.ranges->opAt(t.pointAtLine(8))->getBlock()));
}

TEST(LiveRangesTest, BlocksOnCyclesOfTheirRegion) {
  // ^bb1 loops on itself, ^bb2 and ^bb3 form a cycle, ^bb4 follows them and
  // the entry precedes them: only the first three are on a cycle.
  Fixture t(R"(func.func @f(%c: i1) {
  %a = memref.alloc() : memref<4xf32>
  cf.br ^bb1
^bb1:
  "npu.use"(%a) : (memref<4xf32>) -> ()
  cf.cond_br %c, ^bb1, ^bb2
^bb2:
  "npu.use"(%a) : (memref<4xf32>) -> ()
  cf.br ^bb3
^bb3:
  "npu.use"(%a) : (memref<4xf32>) -> ()
  cf.cond_br %c, ^bb2, ^bb4
^bb4:
  memref.dealloc %a : memref<4xf32>
  return
})");
  auto blockAt = [&](unsigned line) {
    return t.ranges->opAt(t.pointAtLine(line))->getBlock();
  };
  EXPECT_FALSE(t.ranges->inCycle(blockAt(2)));
  EXPECT_TRUE(t.ranges->inCycle(blockAt(5)));
  EXPECT_TRUE(t.ranges->inCycle(blockAt(8)));
  EXPECT_TRUE(t.ranges->inCycle(blockAt(11)));
  EXPECT_FALSE(t.ranges->inCycle(blockAt(14)));
}

TEST(LiveRangesTest, CarriedAroundALoopHasSeveralInstances) {
  Fixture t(R"(func.func @f(%lb: index, %ub: index) {
  %c1 = arith.constant 1 : index
  %init = memref.alloc() : memref<16xf32>
  %r = scf.for %i = %lb to %ub step %c1 iter_args(%cur = %init) -> (memref<16xf32>) {
    %next = memref.alloc() : memref<16xf32>
    "npu.copy"(%cur, %next) : (memref<16xf32>, memref<16xf32>) -> ()
    memref.dealloc %cur : memref<16xf32>
    scf.yield %next : memref<16xf32>
  }
  memref.dealloc %r : memref<16xf32>
  return
})");
  EXPECT_TRUE(t.range("%next").severalInstances);
  EXPECT_FALSE(t.range("%init").severalInstances);
}

TEST(LiveRangesTest, ParallelLoopHasSeveralInstances) {
  Fixture t(R"(func.func @f(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.parallel (%i) = (%c0) to (%n) step (%c1) {
    %a = memref.alloc() : memref<16xf32>
    "npu.use"(%a) : (memref<16xf32>) -> ()
    memref.dealloc %a : memref<16xf32>
    scf.reduce
  }
  return
})");
  EXPECT_TRUE(t.range("%a").severalInstances);
}

TEST(LiveRangesTest, DynamicSizes) {
  Fixture t(R"(func.func @f(%n: index, %m: index) {
  %a = memref.alloc(%n, %m) : memref<?x8x?xf32>
  %b = gpu.alloc (%n) : memref<?xf16, 1>
  memref.dealloc %a : memref<?x8x?xf32>
  gpu.dealloc %b : memref<?xf16, 1>
  return
})");
  const LiveRange &a = t.range("%a"), &b = t.range("%b");
  EXPECT_EQ(a.bytes, std::nullopt);
  ASSERT_EQ(a.dynamicSizes.size(), 2u);
  EXPECT_EQ(t.doc->nameOf(a.dynamicSizes[0]), "%n");
  EXPECT_EQ(t.doc->nameOf(a.dynamicSizes[1]), "%m");
  ASSERT_EQ(b.dynamicSizes.size(), 1u);
  EXPECT_EQ(b.space, "1");
  std::map<std::string, int64_t> bounds{{"n", 10}, {"m", 3}};
  EXPECT_EQ(boundedByteSize(*t.doc, a, bounds), 10 * 8 * 3 * 4);
  EXPECT_EQ(boundedByteSize(*t.doc, a, {{"n", 10}}), std::nullopt);
}

TEST(MemoryPlanTest, ReuseAndBounds) {
  Fixture t(R"(func.func @f(%n: index) {
  %a = memref.alloc() : memref<1024xi8>
  %b = memref.alloc() : memref<1024xi8>
  "npu.use"(%a, %b) : (memref<1024xi8>, memref<1024xi8>) -> ()
  memref.dealloc %a : memref<1024xi8>
  %c = memref.alloc() : memref<512xi8>
  "npu.use"(%b, %c) : (memref<1024xi8>, memref<512xi8>) -> ()
  memref.dealloc %b : memref<1024xi8>
  memref.dealloc %c : memref<512xi8>
  %d = memref.alloc(%n) : memref<?xf32>
  memref.dealloc %d : memref<?xf32>
  return
}
func.func @g() {
  %e = memref.alloc() : memref<64xi8, "SRAM">
  memref.dealloc %e : memref<64xi8, "SRAM">
  return
})");
  MemoryPlanOptions opts;
  std::vector<FunctionPlan> plans = planModule(*t.doc, *t.lifetimes, opts);
  ASSERT_EQ(plans.size(), 2u);
  const FunctionPlan &f = plans[0];
  EXPECT_EQ(f.name, "f");
  ASSERT_EQ(f.spaces.size(), 1u);
  const SpacePlan &sp = f.spaces[0];
  EXPECT_EQ(sp.space, "default");
  EXPECT_EQ(sp.noReuseBytes, 2560);
  EXPECT_EQ(sp.lowerBoundBytes, 2048);
  EXPECT_EQ(sp.peakBytes, 2048);
  EXPECT_EQ(sp.maxLiveBytes, 2048);
  ASSERT_EQ(sp.buffers.size(), 4u);
  const PlannedBuffer &a = sp.buffers[0], &b = sp.buffers[1],
                      &c = sp.buffers[2], &d = sp.buffers[3];
  EXPECT_EQ(a.name, "%a");
  EXPECT_EQ(a.startLine, 2u);
  EXPECT_EQ(a.endLine, 5u);
  EXPECT_EQ(a.allocOp, a.value.getDefiningOp());
  ASSERT_EQ(a.frees.size(), 1u);
  // Buffers live at the same time never share bytes.
  auto disjoint = [](const PlannedBuffer &x, const PlannedBuffer &y) {
    return *x.offset + *x.boundBytes <= *y.offset ||
           *y.offset + *y.boundBytes <= *x.offset;
  };
  EXPECT_TRUE(disjoint(a, b));
  EXPECT_TRUE(disjoint(b, c));
  EXPECT_EQ(b.lower, a.lower + 1);
  EXPECT_LE(a.upper, c.lower);
  EXPECT_EQ(d.unplanned, Unplanned::DynamicSize);
  EXPECT_FALSE(d.offset.has_value());
  for (const PlannedBuffer &x : sp.buffers)
    if (x.offset)
      EXPECT_EQ(*x.offset % 64, 0);

  // An assumption puts the dynamic buffer in the arena at its bound.
  opts.assumptions["n"] = 100;
  plans = planModule(*t.doc, *t.lifetimes, opts);
  const PlannedBuffer &bounded = plans[0].spaces[0].buffers[3];
  EXPECT_TRUE(bounded.inArena());
  EXPECT_EQ(bounded.boundBytes, 400);
  EXPECT_EQ(bounded.bytes, std::nullopt);

  // Buffers of different functions never share an arena.
  ASSERT_EQ(plans[1].spaces.size(), 1u);
  EXPECT_EQ(plans[1].spaces[0].space, "SRAM");
  EXPECT_EQ(plans[1].spaces[0].peakBytes, 64);
}

// The bytes live at each point: the sum of the static sizes of the ranges
// there, with adds over ranges of points and maxima over them, against a
// plain count per point.
TEST(LiveBytesTest, SumsRangesAndTakesAdds) {
  Fixture t(R"(
func.func @f(%n: index) {
  %a = memref.alloc() : memref<16xf32>
  %b = memref.alloc() : memref<4xf32>
  "test.use"(%a, %b) : (memref<16xf32>, memref<4xf32>) -> ()
  memref.dealloc %a : memref<16xf32>
  %d = memref.alloc(%n) : memref<?xf32>
  "test.use"(%b, %d) : (memref<4xf32>, memref<?xf32>) -> ()
  memref.dealloc %d : memref<?xf32>
  memref.dealloc %b : memref<4xf32>
  %c = memref.alloc() : memref<8xf32>
  "test.use"(%c) : (memref<8xf32>) -> ()
  memref.dealloc %c : memref<8xf32>
  return
}
)");
  ASSERT_TRUE(t.ranges);
  unsigned n = t.ranges->numPoints();
  std::vector<int64_t> expected(n, 0);
  std::vector<bool> unsized(n, false);
  for (const LiveRange &r : t.ranges->ranges())
    for (unsigned p = r.start; p <= r.end && p < n; ++p) {
      if (r.bytes)
        expected[p] += *r.bytes;
      else
        unsized[p] = true;
    }
  LiveBytes bytes(*t.ranges);
  EXPECT_EQ(bytes.peak(), 80); // %a and %b
  for (unsigned lo = 0; lo < n; ++lo)
    for (unsigned hi = lo; hi < n; ++hi) {
      int64_t most = 0;
      bool anyUnsized = false;
      for (unsigned p = lo; p <= hi; ++p) {
        most = std::max(most, expected[p]);
        anyUnsized |= unsized[p];
      }
      EXPECT_EQ(bytes.maxIn(lo, hi), most) << lo << ".." << hi;
      EXPECT_EQ(bytes.unsizedLiveIn(lo, hi), anyUnsized) << lo << ".." << hi;
    }
  // %c (32 bytes) in %a's 64: the points from %a's free to %c's
  // allocation hold 64 more, %c's range 32 more.
  const LiveRange &a = t.range("%a"), &c = t.range("%c");
  bytes.add(a.end + 1, c.start - 1, 64);
  bytes.add(c.start, c.end, 32);
  for (unsigned p = a.end + 1; p < c.start; ++p)
    expected[p] += 64;
  for (unsigned p = c.start; p <= c.end; ++p)
    expected[p] += 32;
  for (unsigned lo = 0; lo < n; ++lo)
    for (unsigned hi = lo; hi < n; ++hi) {
      int64_t most = 0;
      for (unsigned p = lo; p <= hi; ++p)
        most = std::max(most, expected[p]);
      EXPECT_EQ(bytes.maxIn(lo, hi), most) << lo << ".." << hi;
    }
  EXPECT_EQ(bytes.peak(), 80); // the peak before any add
  // At a plan's alignment each size is rounded up: %b's 16 bytes take 64.
  LiveBytes aligned(*t.ranges, 64);
  EXPECT_EQ(aligned.peak(), 128);
  EXPECT_EQ(aligned.aligned(16), 64);
  EXPECT_EQ(aligned.aligned(64), 64);
  EXPECT_EQ(aligned.aligned(65), 128);
}

} // namespace
