//===- QuestionSource.cpp - What a question on an integer asks ------------===//
#include "analysis/lifetime/QuestionSource.h"

#include "analysis/lifetime/BranchForms.h"
#include "analysis/lifetime/IntegerFacts.h"
#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlowOps.h"
#include "mlir/Dialect/Index/IR/IndexOps.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/IntegerSet.h"
#include "mlir/IR/Matchers.h"
#include "mlir/Interfaces/CallInterfaces.h"
#include "mlir/Interfaces/ControlFlowInterfaces.h"
#include "mlir/Interfaces/InferIntRangeInterface.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/ADT/SmallPtrSet.h"
#include <limits>

using namespace mlir;
using llvm::APInt;

namespace memlint {

/// `cmp` as `x pred c` with `c` a constant of x's width, if it is one.
bool constantIntOf(Value v, APInt &value) {
  if (matchPattern(v, m_ConstantInt(&value)))
    return true;
  // An affine.apply of constants (affine-loop-unroll writes them for the
  // unrolled copies' counters): its value, as flattenedConstraint folds it
  // into an affine.if's set.
  auto apply = v.getDefiningOp<affine::AffineApplyOp>();
  if (!apply)
    return false;
  SmallVector<Attribute> operands;
  for (Value operand : apply.getMapOperands()) {
    APInt c;
    if (!matchPattern(operand, m_ConstantInt(&c)))
      return false;
    operands.push_back(IntegerAttr::get(operand.getType(), c));
  }
  SmallVector<Attribute> folded;
  if (failed(apply.getAffineMap().constantFold(operands, folded)) ||
      folded.size() != 1)
    return false;
  auto attr = dyn_cast<IntegerAttr>(folded.front());
  if (!attr)
    return false;
  value = attr.getValue().sextOrTrunc(
      ConstantIntRanges::getStorageBitwidth(v.getType()));
  return true;
}

std::optional<std::tuple<Value, arith::CmpIPredicate, APInt>>
constantComparison(Value lhs, arith::CmpIPredicate pred, Value rhs) {
  APInt c;
  Value x;
  if (constantIntOf(rhs, c)) {
    x = lhs;
  } else if (constantIntOf(lhs, c)) {
    x = rhs;
    pred = swapPredicate(pred);
  } else {
    return std::nullopt;
  }
  APInt other;
  if (matchPattern(x, m_Constant()) || constantIntOf(x, other) ||
      ConstantIntRanges::getStorageBitwidth(x.getType()) != c.getBitWidth())
    return std::nullopt;
  return std::make_tuple(x, pred, c);
}

namespace {
/// `x = min(other, k)` or `max(other, k)`: x is `other` where `other
/// keeps k` holds (`other < k` for a min), and k elsewhere.
struct ClampByConstant {
  Value other;
  APInt k;
  arith::CmpIPredicate keeps;
};
} // namespace

static std::optional<ClampByConstant> clampByConstant(Operation *def) {
  using P = arith::CmpIPredicate;
  std::optional<P> keeps;
  if (isa<arith::MinSIOp, index::MinSOp>(def))
    keeps = P::slt;
  else if (isa<arith::MaxSIOp, index::MaxSOp>(def))
    keeps = P::sgt;
  else if (isa<arith::MinUIOp, index::MinUOp>(def))
    keeps = P::ult;
  else if (isa<arith::MaxUIOp, index::MaxUOp>(def))
    keeps = P::ugt;
  if (!keeps || def->getResult(0).getType().isInteger(1))
    return std::nullopt;
  ClampByConstant c{Value(), APInt(), *keeps};
  if (matchPattern(def->getOperand(1), m_ConstantInt(&c.k)))
    c.other = def->getOperand(0);
  else if (matchPattern(def->getOperand(0), m_ConstantInt(&c.k)))
    c.other = def->getOperand(1);
  if (!c.other || matchPattern(c.other, m_Constant()))
    return std::nullopt;
  return c;
}

bool clampsByConstant(Operation *def) {
  return clampByConstant(def).has_value();
}

Value truncated(Operation *def) {
  if (!isa<arith::TruncIOp, LLVM::TruncOp, arith::IndexCastOp,
           arith::IndexCastUIOp, index::CastSOp, index::CastUOp>(def))
    return Value();
  Value wide = def->getOperand(0);
  unsigned from = ConstantIntRanges::getStorageBitwidth(wide.getType());
  unsigned to =
      ConstantIntRanges::getStorageBitwidth(def->getResult(0).getType());
  return to && to < from ? wide : Value();
}

// An scf.while's after region is entered only from its condition, with
// the values that forwards; a block of a CFG with one predecessor edge,
// only with the operand that edge passes (no back edge: the loop around
// computed it in the same run). So a question on the argument is the
// question on that value, with what is known of it. Not for i1s: their
// formulas follow the edges already.
Value forwardedValue(BlockArgument arg) {
  if (arg.getType().isInteger(1))
    return {};
  Block *block = arg.getOwner();
  if (auto loop = dyn_cast_or_null<scf::WhileOp>(block->getParentOp());
      loop && block == loop.getAfterBody())
    return loop.getConditionOp().getArgs()[arg.getArgNumber()];
  if (block->isEntryBlock() || block->getPredecessors().empty() ||
      std::next(block->pred_begin()) != block->pred_end())
    return {};
  Block *pred = *block->pred_begin();
  if (pred == block)
    return {};
  auto branch = dyn_cast<BranchOpInterface>(pred->getTerminator());
  if (!branch)
    return {};
  for (unsigned s = 0, e = pred->getTerminator()->getNumSuccessors(); s < e;
       ++s)
    if (pred->getTerminator()->getSuccessor(s) == block)
      return branch.getSuccessorOperands(s)[arg.getArgNumber()];
  return {};
}

namespace {
/// An integer addition or subtraction, and what its overflow flags say.
struct AddOrSub {
  bool add, nsw, nuw;
};
} // namespace

static std::optional<AddOrSub> addOrSub(Operation *def) {
  auto arithFlags = [](arith::IntegerOverflowFlags f, bool add) {
    using F = arith::IntegerOverflowFlags;
    return AddOrSub{add, arith::bitEnumContainsAll(f, F::nsw),
                    arith::bitEnumContainsAll(f, F::nuw)};
  };
  auto llvmFlags = [](LLVM::IntegerOverflowFlags f, bool add) {
    using F = LLVM::IntegerOverflowFlags;
    return AddOrSub{add, LLVM::bitEnumContainsAll(f, F::nsw),
                    LLVM::bitEnumContainsAll(f, F::nuw)};
  };
  if (auto op = dyn_cast<arith::AddIOp>(def))
    return arithFlags(op.getOverflowFlags(), true);
  if (auto op = dyn_cast<arith::SubIOp>(def))
    return arithFlags(op.getOverflowFlags(), false);
  if (auto op = dyn_cast<LLVM::AddOp>(def))
    return llvmFlags(op.getOverflowFlags(), true);
  if (auto op = dyn_cast<LLVM::SubOp>(def))
    return llvmFlags(op.getOverflowFlags(), false);
  return std::nullopt;
}

/// `b` where `v` is `b * -1` (arith.muli, llvm.mul): what -lower-affine
/// writes of `-b`.
Value negationOf(Value v) {
  Operation *def = v.getDefiningOp();
  if (!isa_and_nonnull<arith::MulIOp, LLVM::MulOp>(def))
    return Value();
  for (unsigned i = 0; i < 2; ++i) {
    APInt k;
    if (matchPattern(def->getOperand(i), m_ConstantInt(&k)) && k.isAllOnes())
      return def->getOperand(1 - i);
  }
  return Value();
}

std::optional<std::pair<Value, Value>> differenceOf(Value v) {
  Operation *def = v.getDefiningOp();
  std::optional<AddOrSub> step = def ? addOrSub(def) : std::nullopt;
  if (!step || v.getType().isInteger(1))
    return std::nullopt;
  Value x = def->getOperand(0), y = def->getOperand(1);
  if (!step->add)
    return std::make_pair(x, y);
  if (Value b = negationOf(y))
    return std::make_pair(x, b);
  if (Value b = negationOf(x))
    return std::make_pair(y, b);
  return std::nullopt;
}

/// Whether `op` is marked not to wrap as a signed number.
static bool noSignedWrap(Operation *op) {
  if (auto f =
          op->getAttrOfType<arith::IntegerOverflowFlagsAttr>("overflowFlags"))
    return arith::bitEnumContainsAll(f.getValue(),
                                     arith::IntegerOverflowFlags::nsw);
  if (auto f =
          op->getAttrOfType<LLVM::IntegerOverflowFlagsAttr>("overflowFlags"))
    return LLVM::bitEnumContainsAll(f.getValue(),
                                    LLVM::IntegerOverflowFlags::nsw);
  return false;
}

std::optional<std::pair<Value, Value>> signedDifferenceOf(Value v) {
  std::optional<std::pair<Value, Value>> d = differenceOf(v);
  if (!d || !noSignedWrap(v.getDefiningOp()))
    return std::nullopt;
  // (addi a, muli(b, -1): the negation must not wrap either.)
  Operation *def = v.getDefiningOp();
  for (Value operand : def->getOperands())
    if (negationOf(operand) == d->second &&
        !noSignedWrap(operand.getDefiningOp()))
      return std::nullopt;
  return d;
}

/// The question "x in set" asked of what x was computed from, where that
/// is a bijection or an extension: `x + k == c` is `x == c - k` (wrapping
/// included, so every order alike), `k - x == c` is `x == k - c`, `x ^ k
/// == c` is `x == c ^ k`, and `extui %b != 0` is `%b == 0`.
/// Every question on x, from a comparison or a switch, goes the same way,
/// so they all share one value's cells.
static constexpr unsigned MaxForwardedSteps = 8;

void askOfSource(Value &x, ValueSet &set, RangeOf rangeOf) {
  // (Each op once: a graph region may define values in a cycle.)
  llvm::SmallPtrSet<Operation *, 8> seen;
  llvm::SmallPtrSet<Value, 4> seenArgs;
  while (true) {
    if (auto arg = dyn_cast<BlockArgument>(x)) {
      // (A cycle of blocks forwarding to each other: unreachable code. A
      // chain of blocks each passing the value on is followed a few steps:
      // a question per block would otherwise walk the whole chain.)
      Value forwarded = forwardedValue(arg);
      if (!forwarded || seenArgs.size() >= MaxForwardedSteps ||
          !seenArgs.insert(x).second)
        return;
      x = forwarded;
      continue;
    }
    Operation *def = x.getDefiningOp();
    if (!seen.insert(def).second)
      return;
    APInt k;
    // x = other ^ k: other = x ^ k.
    if (isa<arith::XOrIOp, LLVM::XOrOp>(def) &&
        !def->getOperand(0).getType().isInteger(1)) {
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
    if (isa<arith::SubIOp, LLVM::SubOp>(def) &&
        !def->getOperand(0).getType().isInteger(1) &&
        matchPattern(def->getOperand(0), m_ConstantInt(&k)) &&
        !matchPattern(def->getOperand(1), m_Constant())) {
      if (k.getBitWidth() != set.width())
        return;
      set = set.negated().shifted(k);
      x = def->getOperand(1);
      continue;
    }
    // x = other * -1: other = -x, a reflection (wrapping: INT_MIN is its
    // own negation, as for 0 - other). What -lower-affine writes for an
    // affine.if's `-d0`.
    if (Value other = negationOf(x)) {
      if (other.getType().isInteger(1) || matchPattern(other, m_Constant()))
        return;
      set = set.negated();
      x = other;
      continue;
    }
    if (std::optional<AddOrSub> step = addOrSub(def);
        step && !def->getOperand(0).getType().isInteger(1)) {
      Value other;
      if (matchPattern(def->getOperand(1), m_ConstantInt(&k)))
        other = def->getOperand(0);
      else if (step->add && matchPattern(def->getOperand(0), m_ConstantInt(&k)))
        other = def->getOperand(1);
      if (!other || matchPattern(other, m_Constant()) ||
          k.getBitWidth() != set.width())
        return;
      // x = other + k: other = x - k; x = other - k: other = x + k. Where
      // the op cannot wrap (a wrap would be poison), exactly: `%k + 1 > 5`
      // is `%k > 4`, not also `%k == INT_MAX`.
      auto [add, nsw, nuw] = *step;
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
    // x = min(other, k): x in set where other < k and other is in it, or
    // where other >= k if k is in it (max alike).
    if (std::optional<ClampByConstant> c = clampByConstant(def)) {
      if (c->k.getBitWidth() != set.width())
        return;
      ValueSet kept = ValueSet::where(c->keeps, c->k);
      set = set.intersect(kept).united(
          set.contains(c->k) ? kept.complement() : ValueSet::none(set.width()));
      x = c->other;
      continue;
    }
    // x = trunc(wide), every value of wide one of x's type (signed or
    // unsigned): x in set is wide in the set's extension (an index cast of
    // a loop's induction variable to i32).
    // x = trunc(ext(narrow)) with narrow no wider than x: x is narrow,
    // extended where it is narrower (what -convert-arith-to-llvm writes
    // of an index_cast to i32 and back: llvm.trunc of llvm.sext).
    if (Value wide = truncated(def)) {
      Operation *ext = wide.getDefiningOp();
      Extension kind = ext ? extensionOf(ext) : Extension::None;
      Value narrow = kind != Extension::None ? ext->getOperand(0) : Value();
      unsigned width =
          narrow ? ConstantIntRanges::getStorageBitwidth(narrow.getType()) : 0;
      if (width && width <= set.width() &&
          (narrow.getType().isSignlessInteger() ||
           narrow.getType().isIndex())) {
        if (width < set.width())
          set = set.beforeExtension(width, kind == Extension::Sign);
        x = narrow;
        continue;
      }
    }
    if (Value wide = rangeOf ? truncated(def) : Value()) {
      // (Not of a counter that may wrap past its range: an i8 loop to 81
      // by 80 goes on at -96.)
      if (scf::ForOp f = inductionVarOwner(wide); f && !forLoopCannotWrap(f))
        return;
      std::optional<ConstantIntRanges> r = rangeOf(wide);
      unsigned from = ConstantIntRanges::getStorageBitwidth(wide.getType());
      unsigned to = set.width();
      if (!r || r->smin().getBitWidth() != from)
        return;
      bool fitsSigned =
          r->smin().sge(APInt::getSignedMinValue(to).sext(from)) &&
          r->smax().sle(APInt::getSignedMaxValue(to).sext(from));
      bool fitsUnsigned = r->umax().ule(APInt::getMaxValue(to).zext(from));
      if (!fitsSigned && !fitsUnsigned)
        return;
      set = set.afterExtension(from, /*sign=*/fitsSigned);
      x = wide;
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

Value negatedBit(Value v) {
  // (llvm.xor too: what -convert-arith-to-llvm makes of arith.xori.)
  Operation *x = v ? v.getDefiningOp() : nullptr;
  if (!isa_and_present<arith::XOrIOp, LLVM::XOrOp>(x) ||
      !v.getType().isInteger(1))
    return Value();
  for (unsigned side : {0u, 1u})
    if (matchPattern(x->getOperand(1 - side), m_One()))
      return x->getOperand(side);
  return Value();
}

bool asksOfFormula(Value x) {
  unsigned width = ConstantIntRanges::getStorageBitwidth(x.getType());
  if (width == 0)
    return false;
  ValueSet set = ValueSet::all(width);
  askOfSource(x, set);
  if (x.getType().isInteger(1))
    return true;
  // (ConditionTable::valueInSelect: the select's condition decides.)
  Operation *def = x.getDefiningOp();
  return isa_and_nonnull<arith::SelectOp, LLVM::SelectOp>(def) &&
         def->getOperand(0).getType().isInteger(1);
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

} // namespace memlint
