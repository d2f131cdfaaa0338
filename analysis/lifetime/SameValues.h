//===- SameValues.h - Values that pure ops compute alike --------*- C++ -*-===//
//
// IR that no CSE has run on (Polygeist's output, hand-written code) asks
// the same question twice: `%0 = arith.cmpf olt, %x, %y` before the
// allocation and `%1 = arith.cmpf olt, %x, %y` before the free, or two
// `arith.index_cast %n` compared to a bound. Keyed by SSA value, those
// were independent atoms, and every path where they differ (which no run
// takes) had a leak and a double free. A pure op without regions computes
// the same results from the same operands, so such values share one
// representative: the first of them asked for. So does a call of a
// function whose results only its arguments decide (PureFunctions.cpp).
//
//===----------------------------------------------------------------------===//
#ifndef MEMLINT_ANALYSIS_LIFETIME_SAMEVALUES_H
#define MEMLINT_ANALYSIS_LIFETIME_SAMEVALUES_H

#include "mlir/IR/Value.h"
#include "llvm/ADT/DenseMap.h"
#include <functional>
#include <map>
#include <vector>

namespace memlint {

/// A pure op whose every run may give another value: undefined values and
/// what freezes them (LLVM's semantics, SPIR-V's OpUndef), C text EmitC
/// pastes in. Two of them need not agree, nor one with itself in two
/// iterations of a loop.
bool mayDifferPerRun(mlir::Operation *op);

class SameValues {
public:
  /// The first value asked for that is computed as `v` is (the same pure
  /// op, attributes and result types, on representatives of the same
  /// operands), or `v` itself.
  mlir::Value representative(mlir::Value v) { return find(v, 0); }
  /// Whether a call op calls a pure function (it is then a pure op here);
  /// without it, no call is.
  void setPureCalls(std::function<bool(mlir::Operation *)> isPureCall) {
    pureCall = std::move(isPureCall);
  }

private:
  /// Operand chains deeper than this are taken as distinct values: the
  /// input decides the depth, and a missed likeness only costs precision.
  static constexpr unsigned MaxDepth = 16;
  mlir::Value find(mlir::Value v, unsigned depth);

  std::function<bool(mlir::Operation *)> pureCall;
  llvm::DenseMap<mlir::Value, mlir::Value> known;
  /// Op name, attributes (inherent included), result number, then the
  /// representatives of the operands and the result types.
  using Key = std::vector<const void *>;
  std::map<Key, mlir::Value> byKey;
};

} // namespace memlint

#endif
