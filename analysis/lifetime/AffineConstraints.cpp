//===- AffineConstraints.cpp - An affine.if constraint as a question -----===//
//
// A constraint of an affine.if's set, flattened over the if's operands (and
// the affine.applys that compute them), read as a question on one operand
// (`d0 - 1 >= 0`: d0 >= 1) or a comparison of two (`d0 - s0 == 0`), as the
// same arith.cmpi would be (QuestionSource.h).
//
//===----------------------------------------------------------------------===//
#include "analysis/lifetime/QuestionSource.h"

#include "mlir/Analysis/FlatLinearValueConstraints.h"
#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/IR/IntegerSet.h"
#include "mlir/IR/Matchers.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/Support/MathExtras.h"

using namespace mlir;
using llvm::APInt;

namespace memlint {

/// Whether an operand of `op` is an affine.apply, and the affine.applys
/// it is computed from are few enough to compose: composing copies each
/// one into every use, so a chain of applies each using the one before
/// twice doubles the expression with every link (40 of them did not
/// finish). Generated code nests a few.
static bool composesApplies(Operation *op) {
  constexpr unsigned MaxApplies = 8;
  llvm::SmallPtrSet<Operation *, MaxApplies> seen;
  SmallVector<Value> work(op->getOperands());
  while (!work.empty()) {
    auto a = work.pop_back_val().getDefiningOp<affine::AffineApplyOp>();
    if (!a || !seen.insert(a).second)
      continue;
    if (seen.size() > MaxApplies)
      return false;
    work.append(a->operand_begin(), a->operand_end());
  }
  return !seen.empty();
}

std::optional<AffineConstraint> flattenedConstraint(affine::AffineIfOp op,
                                                    unsigned i) {
  IntegerSet set = op.getIntegerSet();
  AffineConstraint c;
  c.isEq = set.isEq(i);
  c.operands.assign(op->operand_begin(), op->operand_end());
  // The constraint as a map of the if's operands, with the affine.applys
  // that compute them composed in (`(d0 == 0)` of `%x = d0 * 2 of %i` is
  // `2 * %i == 0`, as -affine-loop-normalize leaves it).
  AffineMap map = AffineMap::get(set.getNumDims(), set.getNumSymbols(),
                                 set.getConstraint(i));
  if (composesApplies(op))
    affine::fullyComposeAffineMapAndOperands(&map, &c.operands);
  unsigned vars = map.getNumDims() + map.getNumSymbols();
  if (vars != c.operands.size() || map.getNumResults() != 1 ||
      failed(getFlattenedAffineExpr(map.getResult(0), map.getNumDims(),
                                    map.getNumSymbols(), &c.flat)) ||
      c.flat.size() != vars + 1)
    return std::nullopt;
  for (unsigned v = 0; v < vars; ++v) {
    if (c.flat[v] == 0)
      continue;
    // A constant operand (`[%c0]`) is part of the constant term:
    // `-d0 - s0 >= 0` of `(%i)[%c0]` asks `%i <= 0`.
    APInt k;
    if (matchPattern(c.operands[v], m_ConstantInt(&k)) &&
        k.getSignificantBits() <= 64) {
      int64_t term, sum;
      if (llvm::MulOverflow(c.flat[v], k.getSExtValue(), term) ||
          llvm::AddOverflow(c.flat.back(), term, sum))
        return std::nullopt;
      c.flat.back() = sum;
      c.flat[v] = 0;
      continue;
    }
    c.used.push_back(v);
  }
  return c;
}

std::optional<std::pair<unsigned, ValueSet>>
singleOperandQuestion(const AffineConstraint &c) {
  using P = arith::CmpIPredicate;
  if (c.used.size() != 1)
    return std::nullopt;
  int64_t a = c.flat[c.used[0]], k = c.flat.back();
  // `a * x + k` against 0, over the integers: `== 0` is x == -k / a where
  // a divides k (no x otherwise); `>= 0` is x >= ceil(-k / a) for a > 0,
  // x <= floor(k / -a) for a < 0.
  constexpr int64_t least = std::numeric_limits<int64_t>::min();
  if (a == 0 || a == least || k == least)
    return std::nullopt;
  if (c.isEq) {
    if (k % a != 0)
      return std::make_pair(c.used[0], ValueSet::none(64));
    return std::make_pair(c.used[0], ValueSet::single(APInt(64, -k / a, true)));
  }
  int64_t bound =
      a > 0 ? llvm::divideCeilSigned(-k, a) : llvm::divideFloorSigned(k, -a);
  return std::make_pair(c.used[0], ValueSet::where(a > 0 ? P::sge : P::sle,
                                                   APInt(64, bound, true)));
}

std::optional<std::tuple<unsigned, unsigned, arith::CmpIPredicate>>
twoOperandComparison(const AffineConstraint &c) {
  const SmallVector<unsigned, 2> &used = c.used;
  if (used.size() != 2 || c.flat.back() != 0 ||
      c.flat[used[0]] != -c.flat[used[1]] ||
      (c.flat[used[0]] != 1 && c.flat[used[0]] != -1))
    return std::nullopt;
  unsigned x = used[0], y = used[1];
  if (c.flat[used[0]] == -1)
    std::swap(x, y);
  return std::make_tuple(
      x, y, c.isEq ? arith::CmpIPredicate::eq : arith::CmpIPredicate::sge);
}

} // namespace memlint
