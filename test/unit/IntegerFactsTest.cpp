// IntegerFacts: the outcome tables against every pair of 3-bit integers,
// and what the facts say (and when the range solver runs) on small
// functions.
#include "analysis/lifetime/IntegerFacts.h"
#include "analysis/Document.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "llvm/ADT/APInt.h"

#include <gtest/gtest.h>
#include <sstream>

using namespace memlint;
using namespace mlir;
using arith::CmpIPredicate;

namespace {

constexpr CmpIPredicate AllPredicates[] = {
    CmpIPredicate::eq,  CmpIPredicate::ne,  CmpIPredicate::slt,
    CmpIPredicate::sle, CmpIPredicate::sgt, CmpIPredicate::sge,
    CmpIPredicate::ult, CmpIPredicate::ule, CmpIPredicate::ugt,
    CmpIPredicate::uge};

/// The one outcome of (a, b).
Outcomes outcomeOf(const llvm::APInt &a, const llvm::APInt &b) {
  if (a == b)
    return outcome::Eq;
  if (a.slt(b))
    return a.ult(b) ? outcome::LtLt : outcome::LtGt;
  return a.ult(b) ? outcome::GtLt : outcome::GtGt;
}

TEST(IntegerFactsTest, OutcomeTablesMatchComparisons) {
  Outcomes seen = 0;
  for (unsigned x = 0; x < 8; ++x)
    for (unsigned y = 0; y < 8; ++y) {
      llvm::APInt a(3, x), b(3, y);
      Outcomes o = outcomeOf(a, b), back = outcomeOf(b, a);
      seen |= o;
      EXPECT_EQ(swapOutcomes(o), back);
      for (CmpIPredicate p : AllPredicates)
        EXPECT_EQ((outcomesWhere(p) & o) != 0,
                  arith::applyCmpPredicate(p, a, b))
            << "predicate " << arith::stringifyCmpIPredicate(p).str() << " on "
            << x << ", " << y;
    }
  // Every outcome happens: none of them may be assumed away.
  EXPECT_EQ(seen, outcome::All);
}

struct Parsed {
  std::unique_ptr<Document> doc;
  func::FuncOp fn;
  template <typename OpT> SmallVector<OpT> all() {
    SmallVector<OpT> out;
    fn.walk([&](OpT op) { out.push_back(op); });
    return out;
  }
};

Parsed parse(const std::string &text) {
  Parsed p{Document::parse(text, "t.mlir"), nullptr};
  EXPECT_TRUE(p.doc->isValid());
  p.doc->module().walk([&](func::FuncOp f) { p.fn = f; });
  return p;
}

TEST(IntegerFactsTest, InductionVariableBelowUpperBound) {
  Parsed p = parse(R"(
func.func @f(%lb: index, %ub: index, %s: index) {
  scf.for %i = %lb to %ub step %s {
    %a = arith.cmpi eq, %ub, %i : index
    %i64 = arith.index_cast %i : index to i64
    %ub64 = arith.index_cast %ub : index to i64
    %b = arith.cmpi sge, %i64, %ub64 : i64
    %i32 = arith.index_cast %i : index to i32
    %ub32 = arith.index_cast %ub : index to i32
    %c = arith.cmpi eq, %i32, %ub32 : i32
  }
  scf.for unsigned %j = %lb to %ub step %s {
  }
  return
})");
  IntegerFacts facts;
  facts.setFunction(p.fn);
  auto cmps = p.all<arith::CmpIOp>();
  ASSERT_EQ(cmps.size(), 3u);
  auto loops = p.all<scf::ForOp>();
  Value i = loops[0].getInductionVar(), ub = loops[0].getUpperBound();
  Value j = loops[1].getInductionVar();

  ComparedPair a = facts.pairOf(cmps[0]);
  ComparedPair b = facts.pairOf(cmps[1]);
  // The casts to i64 are looked through, and the pair is the same one
  // whichever way it is written.
  EXPECT_EQ(a.lhs, b.lhs);
  EXPECT_EQ(a.rhs, b.rhs);
  EXPECT_TRUE((a.lhs == i && a.rhs == ub) || (a.lhs == ub && a.rhs == i));
  Outcomes o = facts.possible(a.lhs, a.rhs);
  EXPECT_EQ(o & a.holds, 0u);
  EXPECT_EQ(o & b.holds, 0u);
  // Truncation to i32 is not looked through.
  EXPECT_NE(facts.pairOf(cmps[2]).lhs, a.lhs);
  EXPECT_NE(facts.pairOf(cmps[2]).lhs, a.rhs);
  // The unsigned loop: below in the unsigned order only.
  EXPECT_EQ(facts.possible(j, ub), outcome::LtLt | outcome::GtLt);
  // upstream's analysis would bound %j in the signed order: it may be any
  // value (LoopSafeRanges), and the function keeps its other ranges.
  EXPECT_FALSE(facts.decide(cmps[0]).has_value());
  EXPECT_TRUE(facts.rangesComputed());
  std::optional<ConstantIntRanges> rj = facts.rangeOf(j);
  ASSERT_TRUE(rj.has_value());
  EXPECT_TRUE(rj->smin().isMinSignedValue());
  EXPECT_TRUE(rj->smax().isMaxSignedValue());
}

TEST(IntegerFactsTest, RangesDecideComparisonsAndAffineSets) {
  Parsed p = parse(R"(
#set = affine_set<(d0)[s0] : (d0 >= 0, s0 - d0 - 1 >= 0)>
#never = affine_set<(d0) : (d0 - 10 == 0)>
func.func @f(%x: i32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c10 = arith.constant 10 : index
  %c7 = arith.constant 7 : i32
  scf.for %i = %c0 to %c10 step %c1 {
    %a = arith.cmpi ult, %i, %c10 : index
    %b = arith.cmpi eq, %i, %c1 : index
  }
  affine.for %k = 0 to 10 {
    affine.if #set(%k)[%c10] {
    }
    affine.if #never(%k) {
    }
  }
  %m = arith.andi %x, %c7 : i32
  %c = arith.cmpi sgt, %m, %c7 : i32
  return
})");
  IntegerFacts facts;
  facts.setFunction(p.fn);
  auto cmps = p.all<arith::CmpIOp>();
  ASSERT_EQ(cmps.size(), 3u);
  EXPECT_EQ(facts.decide(cmps[0]), std::optional<bool>(true));
  EXPECT_TRUE(facts.rangesComputed());
  EXPECT_FALSE(facts.decide(cmps[1]).has_value());
  EXPECT_EQ(facts.decide(cmps[2]), std::optional<bool>(false));
  auto ifs = p.all<affine::AffineIfOp>();
  ASSERT_EQ(ifs.size(), 2u);
  EXPECT_EQ(facts.holds(ifs[0]), std::optional<bool>(true));
  EXPECT_EQ(facts.holds(ifs[1]), std::optional<bool>(false));
}

TEST(IntegerFactsTest, HugeFunctionsGetNoRanges) {
  std::ostringstream s;
  s << "func.func @f(%x: i32) {\n  %c = arith.constant 7 : i32\n";
  for (unsigned k = 0; k < IntegerFacts::MaxOpsForRanges; ++k)
    s << "  %v" << k << " = arith.addi %x, %c : i32\n";
  s << "  %m = arith.andi %x, %c : i32\n"
       "  %t = arith.cmpi sgt, %m, %c : i32\n  return\n}\n";
  Parsed p = parse(s.str());
  IntegerFacts facts;
  facts.setFunction(p.fn);
  auto cmps = p.all<arith::CmpIOp>();
  ASSERT_EQ(cmps.size(), 1u);
  EXPECT_FALSE(facts.decide(cmps[0]).has_value());
  EXPECT_FALSE(facts.rangesComputed());
}

} // namespace
