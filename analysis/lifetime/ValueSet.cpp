//===- ValueSet.cpp - Sets of integer values, as unsigned intervals -------===//
#include "analysis/lifetime/ValueSet.h"

#include "mlir/Interfaces/InferIntRangeInterface.h"

using namespace mlir;
using llvm::APInt;

namespace memlint {

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

} // namespace memlint
