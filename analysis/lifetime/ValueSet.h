//===- ValueSet.h - Integer value sets as unsigned intervals ----*- C++ -*-===//
//
// The values one integer SSA value may take on some paths: a union of
// disjoint inclusive intervals in the unsigned order of its bit width.
// ConditionTable keeps one such set per cell of the comparisons of a value
// with constants (and of the switches on it), so that `%k == 1` and
// `%k == 2`, a switch's case 0 and `%k != 0`, or `%k ult 5` and `%k uge 10`
// are known to exclude each other. Signed predicates map to at most two
// unsigned intervals (the signed order is the unsigned one with the sign
// bit flipped).
//
//===----------------------------------------------------------------------===//
#ifndef MEMLINT_ANALYSIS_LIFETIME_VALUESET_H
#define MEMLINT_ANALYSIS_LIFETIME_VALUESET_H

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "llvm/ADT/APInt.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/SmallVector.h"
#include <optional>
#include <utility>

namespace mlir {
class ConstantIntRanges;
}

namespace memlint {

class ValueSet {
public:
  /// Every value of `width` bits.
  static ValueSet all(unsigned width);
  static ValueSet none(unsigned width) { return ValueSet(width); }
  /// The single value `v`.
  static ValueSet single(const llvm::APInt &v);
  /// The values x for which `x pred c` holds.
  static ValueSet where(mlir::arith::CmpIPredicate pred, const llvm::APInt &c);
  /// The values both the unsigned and the signed bounds of `r` allow.
  static ValueSet within(const mlir::ConstantIntRanges &r);
  /// The values of `wideWidth` bits that are a `narrowWidth`-bit value
  /// sign-extended: those a truncation to `narrowWidth` keeps.
  static ValueSet fitting(unsigned narrowWidth, unsigned wideWidth);

  unsigned width() const { return bits; }
  bool empty() const { return intervals.empty(); }
  ValueSet intersect(const ValueSet &o) const;
  ValueSet complement() const;
  ValueSet minus(const ValueSet &o) const { return intersect(o.complement()); }
  ValueSet united(const ValueSet &o) const {
    return complement().intersect(o.complement()).complement();
  }
  /// The union of many sets of `width` bits at once (united one by one
  /// would cost the square of their number).
  static ValueSet unionOf(llvm::ArrayRef<ValueSet> sets, unsigned width);
  /// The one value of a set of one.
  std::optional<llvm::APInt> singleValue() const {
    if (intervals.size() != 1 || intervals[0].first != intervals[0].second)
      return std::nullopt;
    return intervals[0].first;
  }
  bool contains(const llvm::APInt &v) const {
    return !intersect(single(v)).empty();
  }
  /// {v + k : v in this}, wrapping at the width (k of the same width).
  ValueSet shifted(const llvm::APInt &k) const;
  /// {-v : v in this}, wrapping at the width.
  ValueSet negated() const;
  /// {v ^ k : v in this} (k of the same width).
  ValueSet xored(const llvm::APInt &k) const;
  /// The values u with sat(u - delta) in this, for sat the exact result
  /// saturated at the ends of the signed (or unsigned) order: a question on
  /// `u + k` where a wrap is poison, with delta = -k, two bits wider than
  /// the set.
  ValueSet shiftedWithoutWrap(const llvm::APInt &delta, bool isSigned) const;
  /// {n of `narrowWidth` bits : the extension of n is in this}: what a
  /// question on an extended value asks of the value before extension.
  ValueSet beforeExtension(unsigned narrowWidth, bool sign) const;
  /// {the extension of n to `wideWidth` bits : n in this}.
  ValueSet afterExtension(unsigned wideWidth, bool sign) const;
  bool operator==(const ValueSet &o) const {
    return bits == o.bits && intervals == o.intervals;
  }

private:
  explicit ValueSet(unsigned width) : bits(width) {}
  /// The unsigned intervals of the signed interval [lo, hi] (lo <=s hi).
  static ValueSet signedRange(const llvm::APInt &lo, const llvm::APInt &hi);
  void add(const llvm::APInt &lo, const llvm::APInt &hi) {
    intervals.push_back({lo, hi});
  }

  unsigned bits;
  /// Sorted, disjoint, not adjacent-merged; inclusive bounds.
  llvm::SmallVector<std::pair<llvm::APInt, llvm::APInt>, 2> intervals;
};

} // namespace memlint

#endif
