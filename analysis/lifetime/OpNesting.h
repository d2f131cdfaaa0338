//===- OpNesting.h - Which region op holds which, in constant time -*- C++ -*-//
//
// The loop model asks, per atom and per loop it leaves, whether the loop op
// holds the op that defines the atom. Operation::isProperAncestor walks
// the parents: with 1,500 nested scf.for that walk was most of a minute of
// one function's analysis, uncounted by its work budget (helper-102).
// Numbering the function's region ops in one walk, in and out, answers it
// by comparing numbers.
//
//===----------------------------------------------------------------------===//
#ifndef MEMLINT_ANALYSIS_LIFETIME_OPNESTING_H
#define MEMLINT_ANALYSIS_LIFETIME_OPNESTING_H

#include "mlir/IR/Operation.h"
#include "llvm/ADT/DenseMap.h"
#include <optional>
#include <utility>

namespace memlint::lifetime {

class OpNesting {
public:
  /// Whether `outer` properly holds `inner` (any op): `outer` a region op
  /// of the function the first query came from. Ops outside it are asked
  /// of their parents.
  bool properlyContains(mlir::Operation *outer, mlir::Operation *inner) const;

  /// When a depth-first walk of the function holding `op` (an op with
  /// regions) entered and left it: `inner`'s parent is `op` or inside it
  /// exactly when its entry lies in [first, second]. None for an op not
  /// numbered (outside that function, or without regions).
  std::optional<std::pair<unsigned, unsigned>> span(mlir::Operation *op) const;

private:
  /// Numbers the region ops under the function that holds `op`.
  void number(mlir::Operation *op) const;
  /// Of each op with regions: when the walk entered it and when it left.
  mutable llvm::DenseMap<mlir::Operation *, std::pair<unsigned, unsigned>>
      spans;
  mutable bool numbered = false;
};

} // namespace memlint::lifetime

#endif
