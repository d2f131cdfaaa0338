//===- ValueSet.cpp - Sets of integer values, as unsigned intervals -------===//
#include "analysis/lifetime/ValueSet.h"

#include "mlir/Interfaces/InferIntRangeInterface.h"
#include "llvm/ADT/STLExtras.h"
#include <algorithm>
#include <vector>

using namespace mlir;
using llvm::APInt;

namespace memlint {

/// Intervals (or blocks) in increasing order of their first value.
template <typename Intervals> static void sortByStart(Intervals &intervals) {
  llvm::sort(intervals,
             [](const auto &a, const auto &b) { return a.first.ult(b.first); });
}

ValueSet ValueSet::all(unsigned width) {
  ValueSet s(width);
  s.add(APInt::getMinValue(width), APInt::getMaxValue(width));
  return s;
}

ValueSet ValueSet::single(const APInt &v) {
  ValueSet s(v.getBitWidth());
  s.add(v, v);
  return s;
}

ValueSet ValueSet::signedRange(const APInt &lo, const APInt &hi) {
  unsigned w = lo.getBitWidth();
  ValueSet s(w);
  // Non-negative values come first in the unsigned order, negative ones
  // after them, each half in the same order as the signed one.
  if (lo.isNegative() && !hi.isNegative()) {
    s.add(APInt::getZero(w), hi);
    s.add(lo, APInt::getMaxValue(w));
  } else {
    s.add(lo, hi);
  }
  return s;
}

ValueSet ValueSet::where(arith::CmpIPredicate pred, const APInt &c) {
  using P = arith::CmpIPredicate;
  unsigned w = c.getBitWidth();
  APInt umax = APInt::getMaxValue(w), smin = APInt::getSignedMinValue(w),
        smax = APInt::getSignedMaxValue(w);
  ValueSet s(w);
  switch (pred) {
  case P::eq:
    return single(c);
  case P::ne:
    return single(c).complement();
  case P::ult:
    if (!c.isZero())
      s.add(APInt::getZero(w), c - 1);
    return s;
  case P::ule:
    s.add(APInt::getZero(w), c);
    return s;
  case P::ugt:
    if (c != umax)
      s.add(c + 1, umax);
    return s;
  case P::uge:
    s.add(c, umax);
    return s;
  case P::slt:
    return c == smin ? s : signedRange(smin, c - 1);
  case P::sle:
    return signedRange(smin, c);
  case P::sgt:
    return c == smax ? s : signedRange(c + 1, smax);
  case P::sge:
    return signedRange(c, smax);
  }
  return all(w);
}

ValueSet ValueSet::fitting(unsigned narrowWidth, unsigned wideWidth) {
  return within(ConstantIntRanges::fromSigned(
      APInt::getSignedMinValue(narrowWidth).sext(wideWidth),
      APInt::getSignedMaxValue(narrowWidth).sext(wideWidth)));
}

ValueSet ValueSet::within(const ConstantIntRanges &r) {
  return signedRange(r.smin(), r.smax()).intersect([&] {
    ValueSet u(r.umin().getBitWidth());
    u.add(r.umin(), r.umax());
    return u;
  }());
}

ValueSet ValueSet::intersect(const ValueSet &o) const {
  ValueSet out(bits);
  if (o.bits != bits)
    return out;
  size_t i = 0, j = 0;
  while (i < intervals.size() && j < o.intervals.size()) {
    const auto &[alo, ahi] = intervals[i];
    const auto &[blo, bhi] = o.intervals[j];
    const APInt &lo = alo.ugt(blo) ? alo : blo;
    const APInt &hi = ahi.ult(bhi) ? ahi : bhi;
    if (lo.ule(hi))
      out.add(lo, hi);
    // Drop whichever ends first.
    if (ahi.ult(bhi))
      ++i;
    else
      ++j;
  }
  return out;
}

ValueSet ValueSet::unionOf(ArrayRef<ValueSet> sets, unsigned width) {
  SmallVector<std::pair<APInt, APInt>> all;
  for (const ValueSet &s : sets)
    if (s.bits == width)
      all.append(s.intervals.begin(), s.intervals.end());
  llvm::sort(all,
             [](const auto &x, const auto &y) { return x.first.ult(y.first); });
  ValueSet out(width);
  for (auto &[lo, hi] : all) {
    if (!out.intervals.empty() && lo.ule(out.intervals.back().second)) {
      if (hi.ugt(out.intervals.back().second))
        out.intervals.back().second = hi;
      continue;
    }
    out.add(lo, hi);
  }
  return out;
}

ValueSet ValueSet::complement() const {
  ValueSet out(bits);
  APInt next = APInt::getZero(bits);
  bool wrapped = false; // `next` is past the maximum
  for (const auto &[lo, hi] : intervals) {
    if (!wrapped && next.ult(lo))
      out.add(next, lo - 1);
    wrapped = hi.isMaxValue();
    next = hi + 1;
  }
  if (!wrapped)
    out.add(next, APInt::getMaxValue(bits));
  return out;
}

ValueSet ValueSet::shifted(const APInt &k) const {
  ValueSet out(bits);
  if (k.getBitWidth() != bits)
    return all(bits);
  for (const auto &[lo, hi] : intervals) {
    APInt l = lo + k, h = hi + k;
    if (l.ule(h)) {
      out.add(l, h);
    } else { // wrapped past the maximum
      out.add(APInt::getZero(bits), h);
      out.add(l, APInt::getMaxValue(bits));
    }
  }
  sortByStart(out.intervals);
  return out;
}

ValueSet ValueSet::negated() const {
  // -[lo, hi] is [-hi, -lo] away from 0; 0 stays 0.
  ValueSet out(bits);
  for (const auto &[lo, hi] : intervals) {
    if (lo.isZero()) {
      out.add(lo, lo);
      if (!hi.isZero())
        out.add(-hi, APInt::getMaxValue(bits));
    } else {
      out.add(-hi, -lo);
    }
  }
  sortByStart(out.intervals);
  return out;
}

ValueSet ValueSet::xored(const APInt &k) const {
  if (k.getBitWidth() != bits)
    return all(bits);
  // Each interval is a run of aligned power-of-two blocks; xor maps a block
  // of 2^j values onto another (the low j bits stay free, the others flip
  // by k's), so the image is those blocks, sorted and joined again.
  std::vector<std::pair<APInt, APInt>> blocks;
  unsigned wide = bits + 1;
  for (const auto &[lo, hi] : intervals) {
    APInt at = lo.zext(wide), end = hi.zext(wide) + 1; // [at, end)
    while (at.ult(end)) {
      unsigned j = std::min(at.countr_zero(), bits);
      while (j > 0 && (at + APInt::getOneBitSet(wide, j)).ugt(end))
        --j;
      APInt mask = APInt::getLowBitsSet(bits, j);
      APInt image = at.trunc(bits) ^ k;
      blocks.push_back({image & ~mask, image | mask});
      at += APInt::getOneBitSet(wide, j);
    }
  }
  sortByStart(blocks);
  ValueSet out(bits);
  for (const auto &[lo, hi] : blocks) {
    if (!out.intervals.empty() && !out.intervals.back().second.isMaxValue() &&
        out.intervals.back().second + 1 == lo)
      out.intervals.back().second = hi;
    else
      out.add(lo, hi);
  }
  return out;
}

ValueSet ValueSet::shiftedWithoutWrap(const APInt &delta, bool isSigned) const {
  unsigned wide = bits + 2;
  if (delta.getBitWidth() != wide)
    return all(bits);
  auto extend = [&](const APInt &v) {
    return isSigned ? v.sext(wide) : v.zext(wide);
  };
  APInt min =
      extend(isSigned ? APInt::getSignedMinValue(bits) : APInt::getZero(bits));
  APInt max = extend(isSigned ? APInt::getSignedMaxValue(bits)
                              : APInt::getMaxValue(bits));
  ValueSet out(bits);
  auto shiftPiece = [&](const APInt &a, const APInt &b) {
    // (Two extra bits: every value of either order, plus any delta the
    // caller makes of a constant of the width, fits signed.)
    APInt lo = extend(a) + delta, hi = extend(b) + delta;
    // What would pass an end of the order is poison: read as that end
    // (saturating), so that every question maps through one function.
    if (lo.slt(min) || extend(a) == min)
      lo = min;
    if (hi.sgt(max) || extend(b) == max)
      hi = max;
    if (lo.sgt(hi))
      return;
    if (isSigned) {
      for (const auto &iv :
           signedRange(lo.trunc(bits), hi.trunc(bits)).intervals)
        out.intervals.push_back(iv);
    } else {
      out.add(lo.trunc(bits), hi.trunc(bits));
    }
  };
  for (const auto &[lo, hi] : intervals) {
    // An unsigned interval across the signed maximum is two signed ones.
    if (isSigned && !lo.isNegative() && hi.isNegative()) {
      shiftPiece(lo, APInt::getSignedMaxValue(bits));
      shiftPiece(APInt::getSignedMinValue(bits), hi);
    } else {
      shiftPiece(lo, hi);
    }
  }
  sortByStart(out.intervals);
  return out;
}

ValueSet ValueSet::beforeExtension(unsigned narrowWidth, bool sign) const {
  ValueSet out(narrowWidth);
  if (narrowWidth == 0 || narrowWidth > bits)
    return all(narrowWidth);
  // The extensions' values: [0, 2^n) for zero extension; the non-negative
  // and the negative narrow values for sign extension. Truncation is
  // monotone on each piece, and the pieces come in the narrow order.
  ValueSet image(bits);
  if (sign) {
    image = signedRange(APInt::getSignedMinValue(narrowWidth).sext(bits),
                        APInt::getSignedMaxValue(narrowWidth).sext(bits));
  } else {
    image.add(APInt::getZero(bits), APInt::getMaxValue(narrowWidth).zext(bits));
  }
  for (const auto &[lo, hi] : intersect(image).intervals)
    out.add(lo.trunc(narrowWidth), hi.trunc(narrowWidth));
  return out;
}

ValueSet ValueSet::afterExtension(unsigned wideWidth, bool sign) const {
  ValueSet out(wideWidth);
  if (wideWidth < bits)
    return all(wideWidth);
  if (!sign) {
    for (const auto &[lo, hi] : intervals)
      out.add(lo.zext(wideWidth), hi.zext(wideWidth));
    return out;
  }
  // The non-negative values keep their place at the bottom; the negative
  // ones go to the top of the wide order, in the same order among
  // themselves: two passes keep the intervals sorted.
  APInt half = APInt::getSignedMinValue(bits);
  for (const auto &[lo, hi] : intervals)
    if (lo.ult(half))
      out.add(lo.sext(wideWidth),
              (hi.ult(half) ? hi : half - 1).sext(wideWidth));
  for (const auto &[lo, hi] : intervals)
    if (hi.uge(half))
      out.add((lo.uge(half) ? lo : half).sext(wideWidth), hi.sext(wideWidth));
  return out;
}

} // namespace memlint
