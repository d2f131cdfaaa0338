#include "analysis/lifetime/ValueSet.h"

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
