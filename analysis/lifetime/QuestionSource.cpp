//===- QuestionSource.cpp - What a question on an integer asks ------------===//
#include "analysis/lifetime/QuestionSource.h"

#include "analysis/lifetime/IntegerFacts.h"
#include "mlir/Analysis/FlatLinearValueConstraints.h"
#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlowOps.h"
#include "mlir/Dialect/Index/IR/IndexOps.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/IntegerSet.h"
#include "mlir/IR/Matchers.h"
#include "mlir/Interfaces/CallInterfaces.h"
#include "mlir/Interfaces/InferIntRangeInterface.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/ADT/SmallPtrSet.h"
#include <limits>

using namespace mlir;
using llvm::APInt;

namespace memlint {

/// `cmp` as `x pred c` with `c` a constant of x's width, if it is one.
std::optional<std::tuple<Value, arith::CmpIPredicate, APInt>>
constantComparison(Value lhs, arith::CmpIPredicate pred, Value rhs) {
  APInt c;
  Value x;
  if (matchPattern(rhs, m_ConstantInt(&c))) {
    x = lhs;
  } else if (matchPattern(lhs, m_ConstantInt(&c))) {
    x = rhs;
    pred = swapPredicate(pred);
  } else {
    return std::nullopt;
  }
  if (matchPattern(x, m_Constant()) ||
      ConstantIntRanges::getStorageBitwidth(x.getType()) != c.getBitWidth())
    return std::nullopt;
  return std::make_tuple(x, pred, c);
}

/// The question "x in set" asked of what x was computed from, where that
/// is a bijection or an extension: `x + k == c` is `x == c - k` (wrapping
/// included, so every order alike), `k - x == c` is `x == k - c`, `x ^ k
/// == c` is `x == c ^ k`, and `extui %b != 0` is `%b == 0`.
/// Every question on x, from a comparison or a switch, goes the same way,
/// so they all share one value's cells.
void askOfSource(Value &x, ValueSet &set) {
  // (Each op once: a graph region may define values in a cycle.)
  llvm::SmallPtrSet<Operation *, 8> seen;
  while (Operation *def = x.getDefiningOp()) {
    if (!seen.insert(def).second)
      return;
    APInt k;
    // x = other ^ k: other = x ^ k.
    if (isa<arith::XOrIOp>(def) && !def->getOperand(0).getType().isInteger(1)) {
      Value other;
      if (matchPattern(def->getOperand(1), m_ConstantInt(&k)))
        other = def->getOperand(0);
      else if (matchPattern(def->getOperand(0), m_ConstantInt(&k)))
        other = def->getOperand(1);
      if (!other || matchPattern(other, m_Constant()) ||
          k.getBitWidth() != set.width())
        return;
      set = set.xored(k);
      x = other;
      continue;
    }
    // x = k - other: other = k - x, a reflection (wrapping).
    if (isa<arith::SubIOp>(def) && !def->getOperand(0).getType().isInteger(1) &&
        matchPattern(def->getOperand(0), m_ConstantInt(&k)) &&
        !matchPattern(def->getOperand(1), m_Constant())) {
      if (k.getBitWidth() != set.width())
        return;
      set = set.negated().shifted(k);
      x = def->getOperand(1);
      continue;
    }
    if (isa<arith::AddIOp, arith::SubIOp>(def) &&
        !def->getOperand(0).getType().isInteger(1)) {
      Value other;
      if (matchPattern(def->getOperand(1), m_ConstantInt(&k)))
        other = def->getOperand(0);
      else if (isa<arith::AddIOp>(def) &&
               matchPattern(def->getOperand(0), m_ConstantInt(&k)))
        other = def->getOperand(1);
      if (!other || matchPattern(other, m_Constant()) ||
          k.getBitWidth() != set.width())
        return;
      // x = other + k: other = x - k; x = other - k: other = x + k. Where
      // the op cannot wrap (a wrap would be poison), exactly: `%k + 1 > 5`
      // is `%k > 4`, not also `%k == INT_MAX`.
      bool add = isa<arith::AddIOp>(def);
      auto flags = add ? cast<arith::AddIOp>(def).getOverflowFlags()
                       : cast<arith::SubIOp>(def).getOverflowFlags();
      bool nsw =
          arith::bitEnumContainsAll(flags, arith::IntegerOverflowFlags::nsw);
      bool nuw =
          arith::bitEnumContainsAll(flags, arith::IntegerOverflowFlags::nuw);
      if (nsw || nuw) {
        unsigned wide = k.getBitWidth() + 2;
        APInt delta = nsw ? k.sext(wide) : k.zext(wide);
        set = set.shiftedWithoutWrap(add ? -delta : delta, nsw);
      } else {
        set = set.shifted(add ? -k : k);
      }
      x = other;
      continue;
    }
    Extension ext = extensionOf(def);
    if (ext == Extension::None)
      return;
    // (An index is its storage: `index_cast` to i64 changes nothing.)
    Value narrow = def->getOperand(0);
    if (!narrow.getType().isSignlessInteger() && !narrow.getType().isIndex())
      return;
    set = set.beforeExtension(
        ConstantIntRanges::getStorageBitwidth(narrow.getType()),
        ext == Extension::Sign);
    x = narrow;
  }
}

/// index.cmp's predicate as arith.cmpi's: index values compare as the
/// integers they are.
static arith::CmpIPredicate arithPredicateOf(index::IndexCmpPredicate p) {
  using A = arith::CmpIPredicate;
  using I = index::IndexCmpPredicate;
  switch (p) {
  case I::EQ:
    return A::eq;
  case I::NE:
    return A::ne;
  case I::SLT:
    return A::slt;
  case I::SLE:
    return A::sle;
  case I::SGT:
    return A::sgt;
  case I::SGE:
    return A::sge;
  case I::ULT:
    return A::ult;
  case I::ULE:
    return A::ule;
  case I::UGT:
    return A::ugt;
  case I::UGE:
    return A::uge;
  }
  llvm_unreachable("unknown index.cmp predicate");
}

bool asksOfFlag(Value x) {
  unsigned width = ConstantIntRanges::getStorageBitwidth(x.getType());
  if (width == 0)
    return false;
  ValueSet set = ValueSet::all(width);
  askOfSource(x, set);
  return x.getType().isInteger(1);
}

std::optional<std::tuple<Value, arith::CmpIPredicate, Value>>
integerComparison(Operation *op) {
  if (auto c = dyn_cast<arith::CmpIOp>(op))
    return std::make_tuple(c.getLhs(), c.getPredicate(), c.getRhs());
  if (auto c = dyn_cast<index::CmpOp>(op))
    return std::make_tuple(c.getLhs(), arithPredicateOf(c.getPred()),
                           c.getRhs());
  if (auto c = dyn_cast<LLVM::ICmpOp>(op);
      c && c.getLhs().getType().isIntOrIndex())
    if (std::optional<arith::CmpIPredicate> pred =
            arith::symbolizeCmpIPredicate(
                LLVM::stringifyICmpPredicate(c.getPredicate())))
      return std::make_tuple(c.getLhs(), *pred, c.getRhs());
  return std::nullopt;
}

std::optional<AffineConstraint> flattenedConstraint(affine::AffineIfOp op,
                                                    unsigned i) {
  IntegerSet set = op.getIntegerSet();
  unsigned vars = set.getNumDims() + set.getNumSymbols();
  AffineConstraint c;
  c.isEq = set.isEq(i);
  if (failed(getFlattenedAffineExpr(set.getConstraint(i), set.getNumDims(),
                                    set.getNumSymbols(), &c.flat)) ||
      c.flat.size() != vars + 1)
    return std::nullopt;
  for (unsigned v = 0; v < vars; ++v)
    if (c.flat[v] != 0)
      c.used.push_back(v);
  return c;
}

std::optional<std::pair<unsigned, ValueSet>>
singleOperandQuestion(const AffineConstraint &c) {
  using P = arith::CmpIPredicate;
  int64_t k = c.flat.back();
  if (c.used.size() != 1 ||
      (c.flat[c.used[0]] != 1 && c.flat[c.used[0]] != -1) ||
      k == std::numeric_limits<int64_t>::min())
    return std::nullopt;
  // `x + k` against 0 is x against -k; `-x + k >= 0` is x <= k.
  bool plus = c.flat[c.used[0]] == 1;
  APInt bound(64, plus ? -k : k, /*isSigned=*/true);
  P pred = c.isEq ? P::eq : plus ? P::sge : P::sle;
  return std::make_pair(c.used[0], ValueSet::where(pred, bound));
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

namespace {

/// The questions asked of one value and of what is computed from it by
/// the ops askOfSource looks through.
class QuestionScan {
public:
  QuestionScan(Value iv, const ValueSet &possible, const APInt &first,
               CallQuestion callQuestion)
      : iv(iv), possible(possible),
        at(possible.intersect(ValueSet::single(first))),
        later(possible.minus(at)), callQuestion(callQuestion) {}

  bool run() {
    if (at.empty() || later.empty())
      return false;
    llvm::SetVector<Value> values;
    values.insert(iv);
    // (Bounded: each value once, and only values computed from iv.)
    for (size_t i = 0; i < values.size(); ++i)
      for (Operation *user : values[i].getUsers()) {
        if (looksThrough(user))
          values.insert(user->getResult(0));
        else if (asks(user, values[i]))
          return true;
      }
    return false;
  }

private:
  /// An op askOfSource reads back to its operand.
  static bool looksThrough(Operation *op) {
    if (op->getNumResults() != 1)
      return false;
    if (isa<arith::AddIOp, arith::SubIOp, arith::XOrIOp>(op))
      return !op->getResult(0).getType().isInteger(1) &&
             (matchPattern(op->getOperand(0), m_Constant()) ||
              matchPattern(op->getOperand(1), m_Constant()));
    return extensionOf(op) != Extension::None;
  }

  /// Whether "x in set" is, of iv, a question on the first value alone.
  bool settles(Value x, ValueSet set) {
    askOfSource(x, set);
    if (x != iv || set.width() != possible.width())
      return false;
    ValueSet in = possible.intersect(set), out = possible.minus(set);
    return in == at || out == at;
  }

  bool asksComparison(Value lhs, arith::CmpIPredicate pred, Value rhs) {
    auto xc = constantComparison(lhs, pred, rhs);
    if (!xc)
      return false;
    auto &[x, p, c] = *xc;
    return settles(x, ValueSet::where(p, c));
  }

  bool asksCases(Value flag, ArrayRef<APInt> cases) {
    for (const APInt &c : cases)
      if (c.getBitWidth() ==
              ConstantIntRanges::getStorageBitwidth(flag.getType()) &&
          settles(flag, ValueSet::single(c)))
        return true;
    return false;
  }

  bool asks(Operation *user, Value v) {
    // (A comparison nothing uses asks nothing.)
    if (isa<arith::CmpIOp, index::CmpOp, LLVM::ICmpOp>(user) &&
        user->use_empty())
      return false;
    if (auto cmp = integerComparison(user)) {
      auto [lhs, pred, rhs] = *cmp;
      return asksComparison(lhs, pred, rhs);
    }
    if (auto s = dyn_cast<cf::SwitchOp>(user)) {
      std::optional<DenseIntElementsAttr> values = s.getCaseValues();
      if (s.getFlag() != v || !values)
        return false;
      SmallVector<APInt> cases(values->getValues<APInt>());
      return asksCases(v, cases);
    }
    if (auto s = dyn_cast<scf::IndexSwitchOp>(user)) {
      if (s.getArg() != v)
        return false;
      SmallVector<APInt> cases;
      for (int64_t c : s.getCases())
        cases.push_back(APInt(IndexType::kInternalStorageBitWidth, c,
                              /*isSigned=*/true));
      return asksCases(v, cases);
    }
    // Whether an scf.for runs is `lb < ub` (EdgeConditions).
    if (auto f = dyn_cast<scf::ForOp>(user))
      return (v == f.getLowerBound() || v == f.getUpperBound()) &&
             asksComparison(f.getLowerBound(),
                            f.getUnsignedCmp() ? arith::CmpIPredicate::ult
                                               : arith::CmpIPredicate::slt,
                            f.getUpperBound());
    if (isa<CallOpInterface>(user)) {
      for (Value r : user->getResults())
        if (auto q = callQuestion(r);
            q && q->first == v && settles(q->first, q->second))
          return true;
      return false;
    }
    if (auto a = dyn_cast<affine::AffineIfOp>(user)) {
      for (unsigned i = 0, e = a.getIntegerSet().getNumConstraints(); i < e;
           ++i)
        if (std::optional<AffineConstraint> c = flattenedConstraint(a, i)) {
          if (auto q = singleOperandQuestion(*c);
              q && a->getOperand(q->first) == v && settles(v, q->second))
            return true;
          if (auto q = twoOperandComparison(*c)) {
            auto [x, y, pred] = *q;
            Value lhs = a->getOperand(x), rhs = a->getOperand(y);
            if ((lhs == v || rhs == v) && asksComparison(lhs, pred, rhs))
              return true;
          }
        }
      return false;
    }
    return false;
  }

  Value iv;
  ValueSet possible, at, later;
  CallQuestion callQuestion;
};

} // namespace

bool asksFirstValueAlone(Value iv, const ValueSet &possible, const APInt &first,
                         CallQuestion callQuestion) {
  return QuestionScan(iv, possible, first, callQuestion).run();
}

} // namespace memlint
