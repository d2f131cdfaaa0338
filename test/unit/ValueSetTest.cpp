#include "analysis/lifetime/ValueSet.h"
#include "llvm/ADT/STLFunctionalExtras.h"

#include <gtest/gtest.h>

using namespace memlint;
using llvm::APInt;
using P = mlir::arith::CmpIPredicate;

namespace {

constexpr unsigned Width = 4;

/// Whether `x pred c` holds, computed directly.
bool holds(P pred, const APInt &x, const APInt &c) {
  switch (pred) {
  case P::eq:
    return x == c;
  case P::ne:
    return x != c;
  case P::slt:
    return x.slt(c);
  case P::sle:
    return x.sle(c);
  case P::sgt:
    return x.sgt(c);
  case P::sge:
    return x.sge(c);
  case P::ult:
    return x.ult(c);
  case P::ule:
    return x.ule(c);
  case P::ugt:
    return x.ugt(c);
  case P::uge:
    return x.uge(c);
  }
  return false;
}

/// The members of `s`, one bit per value of `Width` bits.
unsigned membersOf(const ValueSet &s) {
  unsigned bits = 0;
  for (unsigned v = 0; v < (1u << Width); ++v)
    if (!s.intersect(ValueSet::single(APInt(Width, v))).empty())
      bits |= 1u << v;
  return bits;
}

const P AllPredicates[] = {P::eq,  P::ne,  P::slt, P::sle, P::sgt,
                           P::sge, P::ult, P::ule, P::ugt, P::uge};

} // namespace

// Every predicate against every constant of 4 bits gives exactly the values
// for which it holds (signed ones across the sign boundary included).
TEST(ValueSetTest, WhereMatchesThePredicate) {
  for (P pred : AllPredicates)
    for (unsigned c = 0; c < (1u << Width); ++c) {
      unsigned expected = 0;
      for (unsigned v = 0; v < (1u << Width); ++v)
        if (holds(pred, APInt(Width, v), APInt(Width, c)))
          expected |= 1u << v;
      EXPECT_EQ(membersOf(ValueSet::where(pred, APInt(Width, c))), expected)
          << "predicate " << static_cast<int>(pred) << " constant " << c;
    }
}

// Intersection, complement and difference agree with the sets' members.
TEST(ValueSetTest, SetOperations) {
  for (P p : AllPredicates)
    for (P q : AllPredicates)
      for (unsigned c = 0; c < (1u << Width); c += 3)
        for (unsigned d = 1; d < (1u << Width); d += 5) {
          ValueSet a = ValueSet::where(p, APInt(Width, c));
          ValueSet b = ValueSet::where(q, APInt(Width, d));
          unsigned ma = membersOf(a), mb = membersOf(b);
          unsigned full = (1u << (1u << Width)) - 1;
          EXPECT_EQ(membersOf(a.intersect(b)), ma & mb);
          EXPECT_EQ(membersOf(a.complement()), full & ~ma);
          EXPECT_EQ(membersOf(a.minus(b)), ma & ~mb);
          EXPECT_EQ(a.intersect(b).empty(), (ma & mb) == 0);
        }
  EXPECT_TRUE(ValueSet::none(Width).complement() == ValueSet::all(Width));
  EXPECT_TRUE(ValueSet::all(Width).complement().empty());
}

namespace {

/// `x + k` in the signed (or unsigned) order of `Width` bits, saturated at
/// its ends.
APInt saturatedAdd(const APInt &x, const APInt &k, bool isSigned) {
  return isSigned ? x.sadd_sat(k) : x.uadd_sat(k);
}

/// For every predicate, constant c and k of `Width` bits: the set
/// `asked(where(pred, c), k)` holds exactly the x whose `source(x, k)`
/// satisfies `pred c`: a question on source(x, k) asked of x.
void expectAskedOfX(
    llvm::function_ref<ValueSet(const ValueSet &, const APInt &)> asked,
    llvm::function_ref<APInt(const APInt &, const APInt &)> source) {
  for (P pred : AllPredicates)
    for (unsigned c = 0; c < (1u << Width); ++c)
      for (unsigned k = 0; k < (1u << Width); ++k) {
        APInt kk(Width, k);
        unsigned expected = 0;
        for (unsigned v = 0; v < (1u << Width); ++v)
          if (holds(pred, source(APInt(Width, v), kk), APInt(Width, c)))
            expected |= 1u << v;
        EXPECT_EQ(membersOf(asked(ValueSet::where(pred, APInt(Width, c)), kk)),
                  expected)
            << "predicate " << static_cast<int>(pred) << " c " << c << " k "
            << k;
      }
}

} // namespace

// A question on x + k is one on x: shifting the set by -k, wrapping or
// (where a wrap is poison) saturating, keeps exactly the values whose sum
// the set holds. Pieces wrapping past either end come out sorted (the
// membership test intersects, which relies on it).
TEST(ValueSetTest, ShiftedSetsHoldTheSums) {
  expectAskedOfX(
      [](const ValueSet &s, const APInt &k) { return s.shifted(-k); },
      [](const APInt &x, const APInt &k) { return x + k; });
  expectAskedOfX(
      [](const ValueSet &s, const APInt &k) {
        return s.shiftedWithoutWrap(-k.sext(Width + 2), true);
      },
      [](const APInt &x, const APInt &k) { return saturatedAdd(x, k, true); });
  expectAskedOfX(
      [](const ValueSet &s, const APInt &k) {
        return s.shiftedWithoutWrap(-k.zext(Width + 2), false);
      },
      [](const APInt &x, const APInt &k) { return saturatedAdd(x, k, false); });
}

// A question on an extended value is one on the value before extension:
// the narrow values whose extension the set holds.
TEST(ValueSetTest, BeforeExtension) {
  constexpr unsigned Narrow = 2;
  for (P pred : AllPredicates)
    for (unsigned c = 0; c < (1u << Width); ++c)
      for (bool sign : {false, true}) {
        ValueSet s = ValueSet::where(pred, APInt(Width, c));
        ValueSet narrow = s.beforeExtension(Narrow, sign);
        ASSERT_EQ(narrow.width(), Narrow);
        for (unsigned n = 0; n < (1u << Narrow); ++n) {
          APInt x(Narrow, n);
          APInt wide = sign ? x.sext(Width) : x.zext(Width);
          EXPECT_EQ(!narrow.intersect(ValueSet::single(x)).empty(),
                    holds(pred, wide, APInt(Width, c)))
              << "predicate " << static_cast<int>(pred) << " c " << c << " n "
              << n << (sign ? " sext" : " zext");
        }
      }
}

// The extension of a narrow set holds exactly the extensions of its
// members: every predicate against every 2-bit constant, extended to 4
// bits both ways (a question on a truncation, asked of what it truncated).
TEST(ValueSetTest, AfterExtension) {
  constexpr unsigned Narrow = 2;
  for (P pred : AllPredicates)
    for (unsigned c = 0; c < (1u << Narrow); ++c)
      for (bool sign : {false, true}) {
        ValueSet s = ValueSet::where(pred, APInt(Narrow, c));
        ValueSet wide = s.afterExtension(Width, sign);
        ASSERT_EQ(wide.width(), Width);
        unsigned expected = 0;
        for (unsigned n = 0; n < (1u << Narrow); ++n) {
          APInt x(Narrow, n);
          if (holds(pred, x, APInt(Narrow, c)))
            expected |= 1u << (sign ? x.sext(Width) : x.zext(Width))
                                 .getZExtValue();
        }
        EXPECT_EQ(membersOf(wide), expected)
            << "predicate " << static_cast<int>(pred) << " c " << c
            << (sign ? " sext" : " zext");
        // Its intervals stay sorted: intersecting with everything keeps it.
        EXPECT_EQ(membersOf(wide.intersect(ValueSet::all(Width))), expected);
      }
}

// A question on x ^ k is one on x: the set xored by k, exactly.
TEST(ValueSetTest, XoredSetsHoldTheXors) {
  expectAskedOfX([](const ValueSet &s, const APInt &k) { return s.xored(k); },
                 [](const APInt &x, const APInt &k) { return x ^ k; });
}

// A question on k - x is one on x: the set negated, then shifted by k.
TEST(ValueSetTest, ReflectedSetsHoldTheDifferences) {
  expectAskedOfX(
      [](const ValueSet &s, const APInt &k) { return s.negated().shifted(k); },
      [](const APInt &x, const APInt &k) { return k - x; });
}
