//===- QuestionSource.h - What a question on an integer asks ----*- C++ -*-===//
//
// A condition on an integer reaches the analysis in many forms: `cmpi` of
// any predicate against a constant, a switch's cases, an `affine.if`
// constraint, of the value itself or of `x + 1`, `x ^ k`, `extui x`. Each
// is read as "the source value is in this set", so that all questions on
// one value share its cells (ConditionTable::valueIn) and agree.
//
//===----------------------------------------------------------------------===//
#ifndef MEMLINT_ANALYSIS_LIFETIME_QUESTIONSOURCE_H
#define MEMLINT_ANALYSIS_LIFETIME_QUESTIONSOURCE_H

#include "analysis/lifetime/ValueSet.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/Value.h"
#include "mlir/Interfaces/InferIntRangeInterface.h"
#include "llvm/ADT/APInt.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/SmallVector.h"
#include <optional>
#include <tuple>

namespace mlir::affine {
class AffineIfOp;
} // namespace mlir::affine

namespace memlint {

/// `b` where `v` is `b * -1` (arith.muli, llvm.mul): what -lower-affine
/// writes of `-b`.
mlir::Value negationOf(mlir::Value v);

/// Whether `def` is `min(other, k)` or `max(other, k)` of a constant k,
/// which askOfSource reads back to `other`.
bool clampsByConstant(mlir::Operation *def);

/// Whether `v` is an integer constant, or an affine.apply of constants;
/// `value` is it, at v's storage width.
bool constantIntOf(mlir::Value v, llvm::APInt &value);

/// `lhs pred rhs` as `x pred c` with `c` a constant of x's width, if one
/// side is a constant and the other is not.
std::optional<std::tuple<mlir::Value, mlir::arith::CmpIPredicate, llvm::APInt>>
constantComparison(mlir::Value lhs, mlir::arith::CmpIPredicate pred,
                   mlir::Value rhs);

/// `lhs pred rhs` of an integer comparison: `arith.cmpi`, `index.cmp`, or
/// `llvm.icmp` of integers (not of pointers).
std::optional<std::tuple<mlir::Value, mlir::arith::CmpIPredicate, mlir::Value>>
integerComparison(mlir::Operation *op);

/// The value `arg` takes on every entry into its block, where one edge
/// alone enters it (an scf.while's after region, a block of a CFG with one
/// predecessor edge) and that edge passes it: the same run of the loop
/// around computed it. Null for i1s and elsewhere.
mlir::Value forwardedValue(mlir::BlockArgument arg);

/// (a, b) where `v` is `a - b` in wrapping arithmetic: `subi a, b`, or
/// `addi a, muli(b, -1)` as -lower-affine writes `d0 - s0` (either
/// operand order; arith or llvm).
std::optional<std::pair<mlir::Value, mlir::Value>> differenceOf(mlir::Value v);
/// The same where `a - b` cannot wrap as a signed number: the subtraction,
/// or the addition and the negation, marked nsw (a wrap would be poison).
std::optional<std::pair<mlir::Value, mlir::Value>>
signedDifferenceOf(mlir::Value v);

/// What `def` truncates, where it is a truncation: `arith.trunci`,
/// `llvm.trunc`, an index cast to fewer bits (index being 64); else null.
mlir::Value truncated(mlir::Operation *def);

/// The i1 `%c` that `v` negates as `xori %c, true` (either operand order),
/// or null.
mlir::Value negatedBit(mlir::Value v);

/// Rewrites "x in set" as the same question on what x was computed from,
/// through bijections, extensions and clamps by a constant: `x + k == c`
/// is `x == c - k` (wrapping, or saturating where a wrap is poison),
/// `x ^ k == c` is `x == c ^ k`, `extui %b != 0` is `%b == 0`,
/// `minsi(x, 5) < 5` is `x < 5`. Given `rangeOf`, also through a
/// truncation (`trunci`, an index cast to fewer bits) of a value whose
/// range fits the narrow type: the identity there.
using RangeOf =
    llvm::function_ref<std::optional<mlir::ConstantIntRanges>(mlir::Value)>;
void askOfSource(mlir::Value &x, ValueSet &set, RangeOf rangeOf = nullptr);

/// Whether questions on `x` are answered by a formula: asked of an i1
/// (`extui %b`, `%w + 1` of one) or of a select (its condition's). The
/// formula changes with the flag (a loop-carried flag in each fixpoint
/// round), so the answer must not be cached.
bool asksOfFormula(mlir::Value x);

/// Constraint `i` of an affine.if's set, flattened: a coefficient per
/// operand, then the constant; the operands it uses (the if's, or those
/// of the affine.applys that compute them).
struct AffineConstraint {
  llvm::SmallVector<mlir::Value, 4> operands;
  llvm::SmallVector<int64_t, 8> flat;
  llvm::SmallVector<unsigned, 2> used;
  bool isEq = false;
};
/// Fails on local variables (mod, floordiv: not a plain comparison).
std::optional<AffineConstraint> flattenedConstraint(mlir::affine::AffineIfOp op,
                                                    unsigned i);
/// `a * x + k`, `== 0` or `>= 0`, as the operand x and the values it
/// allows.
std::optional<std::pair<unsigned, ValueSet>>
singleOperandQuestion(const AffineConstraint &c);

/// The question a call's result asks of one of the call's operands (a
/// predicate helper's summary), if it is one.
using CallQuestion =
    llvm::function_ref<std::optional<std::pair<mlir::Value, ValueSet>>(
        mlir::Value callResult)>;

/// `x - y`, `== 0` or `>= 0`, as operands x and y and the predicate of
/// `x pred y`.
std::optional<std::tuple<unsigned, unsigned, mlir::arith::CmpIPredicate>>
twoOperandComparison(const AffineConstraint &c);

/// Whether some question asked of `iv` (a comparison whose result is used,
/// a switch case, an affine.if constraint, whether an scf.for bounded by
/// it runs, a predicate helper's call, through what askOfSource looks
/// through) tells `first` apart from the other values of `possible` and
/// nothing more: `i == 0`, `i != 0`, `i > 0` for a loop from 0.
bool asksFirstValueAlone(mlir::Value iv, const ValueSet &possible,
                         const llvm::APInt &first, CallQuestion callQuestion);

} // namespace memlint

#endif
