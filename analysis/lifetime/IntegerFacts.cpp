//===- IntegerFacts.cpp - What integer values certainly satisfy -----------===//
#include "analysis/lifetime/IntegerFacts.h"
#include "analysis/Ownership.h"
#include "analysis/lifetime/LiftedForms.h"
#include "analysis/lifetime/RangeSolver.h"

#include "mlir/Analysis/DataFlow/ConstantPropagationAnalysis.h"
#include "mlir/Analysis/DataFlow/DeadCodeAnalysis.h"
#include "mlir/Analysis/DataFlow/IntegerRangeAnalysis.h"
#include "mlir/Analysis/DataFlowFramework.h"
#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlowOps.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Dominance.h"
#include "mlir/IR/IntegerSet.h"
#include "mlir/Interfaces/ControlFlowInterfaces.h"
#include "mlir/Interfaces/LoopLikeInterface.h"
#include "mlir/Interfaces/Utils/InferIntRangeCommon.h"

using namespace mlir;
using arith::CmpIPredicate;

namespace memlint {

using namespace outcome;

Outcomes outcomesWhere(CmpIPredicate pred) {
  switch (pred) {
  case CmpIPredicate::eq:
    return Eq;
  case CmpIPredicate::ne:
    return All & ~Eq;
  case CmpIPredicate::slt:
    return LtLt | LtGt;
  case CmpIPredicate::sle:
    return Eq | LtLt | LtGt;
  case CmpIPredicate::sgt:
    return GtLt | GtGt;
  case CmpIPredicate::sge:
    return Eq | GtLt | GtGt;
  case CmpIPredicate::ult:
    return LtLt | GtLt;
  case CmpIPredicate::ule:
    return Eq | LtLt | GtLt;
  case CmpIPredicate::ugt:
    return LtGt | GtGt;
  case CmpIPredicate::uge:
    return Eq | LtGt | GtGt;
  }
  return All;
}

Outcomes swapOutcomes(Outcomes o) {
  // a < b in an order is b > a: both letters flip.
  Outcomes out = o & Eq;
  if (o & LtLt)
    out |= GtGt;
  if (o & LtGt)
    out |= GtLt;
  if (o & GtLt)
    out |= LtGt;
  if (o & GtGt)
    out |= LtLt;
  return out;
}

/// The predicate that holds of (b, a) where `pred` holds of (a, b).
arith::CmpIPredicate swapPredicate(arith::CmpIPredicate pred) {
  using P = arith::CmpIPredicate;
  switch (pred) {
  case P::slt:
    return P::sgt;
  case P::sle:
    return P::sge;
  case P::sgt:
    return P::slt;
  case P::sge:
    return P::sle;
  case P::ult:
    return P::ugt;
  case P::ule:
    return P::uge;
  case P::ugt:
    return P::ult;
  case P::uge:
    return P::ule;
  default: // eq, ne
    return pred;
  }
}

/// The range of a constant integer or index value.
std::optional<ConstantIntRanges> constantRange(Value v) {
  std::optional<int64_t> c = getConstantIntValue(v);
  if (!c || !v.getType().isIntOrIndex())
    return std::nullopt;
  unsigned width = ConstantIntRanges::getStorageBitwidth(v.getType());
  return ConstantIntRanges::constant(APInt(width, *c, /*isSigned=*/true));
}

/// The outcomes two integers in ranges `l` and `r` may have.

Outcomes outcomesBetween(const ConstantIntRanges &l,
                         const ConstantIntRanges &r) {
  Outcomes o = All;
  for (unsigned p = 0; p <= static_cast<unsigned>(CmpIPredicate::uge); ++p) {
    std::optional<bool> known =
        intrange::evaluatePred(static_cast<intrange::CmpPredicate>(p), l, r);
    if (known) {
      Outcomes where = outcomesWhere(static_cast<CmpIPredicate>(p));
      o &= *known ? where : All & ~where;
    }
  }
  return o;
}

scf::ForOp inductionVarOwner(Value v) {
  scf::ForOp f = scf::getForInductionVarOwner(v);
  return f && f.getInductionVar() == v ? f : scf::ForOp();
}

bool forLoopCannotWrap(scf::ForOp f) {
  APInt ub, step;
  if (matchPattern(f.getUpperBound(), m_ConstantInt(&ub)) &&
      matchPattern(f.getStep(), m_ConstantInt(&step))) {
    bool overflow = false;
    (void)(f.getUnsignedCmp() ? ub.uadd_ov(step, overflow)
                              : ub.sadd_ov(step, overflow));
    return !overflow;
  }
  // (A step of 1 stays at most the bound; an index or i64 one past 2^63
  // is not a loop anyone writes.)
  return matchPattern(f.getStep(), m_One()) ||
         ConstantIntRanges::getStorageBitwidth(f.getInductionVar().getType()) >=
             64;
}

Extension extensionOf(Operation *op) {
  if (isa<arith::ExtSIOp, LLVM::SExtOp>(op))
    return Extension::Sign;
  if (isa<arith::ExtUIOp, LLVM::ZExtOp>(op))
    return Extension::Zero;
  if (!isa<arith::IndexCastOp, arith::IndexCastUIOp>(op))
    return Extension::None;
  Type from = op->getOperand(0).getType(), to = op->getResult(0).getType();
  bool widens = isa<IndexType>(from) ? to.getIntOrFloatBitWidth() >= 64
                                     : from.getIntOrFloatBitWidth() <= 32;
  if (!widens)
    return Extension::None;
  return isa<arith::IndexCastOp>(op) ? Extension::Sign : Extension::Zero;
}

namespace {

/// The unsigned predicate that compares like `pred` does on zero-extended
/// values (which are never negative, so their signed order is the unsigned
/// order of what was extended).
CmpIPredicate unsignedOf(CmpIPredicate pred) {
  switch (pred) {
  case CmpIPredicate::slt:
    return CmpIPredicate::ult;
  case CmpIPredicate::sle:
    return CmpIPredicate::ule;
  case CmpIPredicate::sgt:
    return CmpIPredicate::ugt;
  case CmpIPredicate::sge:
    return CmpIPredicate::uge;
  default:
    return pred;
  }
}

/// The outcomes of (x, y) that `cond` holding (or not, `holds` false)
/// allows, where `cond` compares `fwd`, the value x stands for, with y.
Outcomes comparedOnEdge(Value cond, bool holds, Value fwd, Value y) {
  auto cmp = cond.getDefiningOp<arith::CmpIOp>();
  if (!cmp)
    return All;
  Outcomes where;
  if (cmp.getLhs() == fwd && cmp.getRhs() == y)
    where = outcomesWhere(cmp.getPredicate());
  else if (cmp.getRhs() == fwd && cmp.getLhs() == y)
    where = swapOutcomes(outcomesWhere(cmp.getPredicate()));
  else
    return All;
  return holds ? where : All & ~where;
}

/// Inside the body of an scf.for, its induction variable `x` is below its
/// upper bound `y`: the outcomes of (x, y) that allows. The same for a
/// value a loop test forwards where it holds: an argument of an scf.while's
/// body, which its scf.condition passes (what -scf-for-to-while makes of
/// an scf.for), or of a block entered only on one edge of a cf.cond_br
/// (the same loop in CFG form). `y` is then the value the test compared
/// with: visible in the block, it was defined before the test, and no path
/// redefines it without passing the test again. And a result of an
/// scf.while, which its scf.condition passed where the test failed: the
/// test asked again after the loop (or by a second loop entered at that
/// value) has its answer, false.
Outcomes loopFact(Value x, Value y) {
  if (scf::ForOp loop = inductionVarOwner(x)) {
    if (loop.getUpperBound() != y)
      return All;
    return loop.getUnsignedCmp() ? (LtLt | GtLt) : (LtLt | LtGt);
  }
  if (auto result = dyn_cast<OpResult>(x))
    if (auto w = dyn_cast<scf::WhileOp>(result.getOwner())) {
      scf::ConditionOp c = w.getConditionOp();
      unsigned i = result.getResultNumber();
      if (i >= c.getArgs().size())
        return All;
      // The loop left where the test is `negated` (-lift-cf-to-scf's
      // flag: the comparison it stands for, and the value its scf.if
      // yields on that way out).
      bool negated = false;
      Value test = testOfCondition(c.getCondition(), negated);
      Value passed = c.getArgs()[i];
      if (Value leaving = yieldedWhere(passed, test, /*holds=*/negated))
        passed = leaving;
      return comparedOnEdge(test, negated, passed, y);
    }
  auto arg = dyn_cast<BlockArgument>(x);
  if (!arg)
    return All;
  Block *block = arg.getOwner();
  unsigned i = arg.getArgNumber();
  if (auto w = dyn_cast_or_null<scf::WhileOp>(block->getParentOp());
      w && block->getParent() == &w.getAfter() && block->isEntryBlock()) {
    scf::ConditionOp c = w.getConditionOp();
    if (i >= c.getArgs().size())
      return All;
    bool negated = false;
    Value test = testOfCondition(c.getCondition(), negated);
    return comparedOnEdge(test, !negated, c.getArgs()[i], y);
  }
  Block *pred = block->getSinglePredecessor();
  auto br = pred ? dyn_cast<cf::CondBranchOp>(pred->getTerminator()) : nullptr;
  if (!br || br.getTrueDest() == br.getFalseDest())
    return All;
  bool onTrue = br.getTrueDest() == block;
  OperandRange passed =
      onTrue ? br.getTrueDestOperands() : br.getFalseDestOperands();
  if (i >= passed.size())
    return All;
  return comparedOnEdge(br.getCondition(), onTrue, passed[i], y);
}

/// Ranges of affine expressions over index operands. Affine arithmetic is
/// on index values, 32 or 64 bits wide: only ranges within 32 signed bits
/// are kept, where no step wraps in either width.
class AffineRanges {
public:
  AffineRanges(function_ref<std::optional<ConstantIntRanges>(unsigned)> dim,
               function_ref<std::optional<ConstantIntRanges>(unsigned)> sym)
      : dim(dim), sym(sym) {}

  std::optional<ConstantIntRanges> of(AffineExpr e) {
    std::optional<ConstantIntRanges> r = compute(e);
    if (r && (r->smin().slt(APInt::getSignedMinValue(32).sext(64)) ||
              r->smax().sgt(APInt::getSignedMaxValue(32).sext(64))))
      return std::nullopt;
    return r;
  }

private:
  std::optional<ConstantIntRanges> compute(AffineExpr e) {
    if (auto c = dyn_cast<AffineConstantExpr>(e))
      return ConstantIntRanges::constant(
          APInt(64, c.getValue(), /*isSigned=*/true));
    if (auto d = dyn_cast<AffineDimExpr>(e))
      return dim(d.getPosition());
    if (auto s = dyn_cast<AffineSymbolExpr>(e))
      return sym(s.getPosition());
    auto bin = cast<AffineBinaryOpExpr>(e);
    std::optional<ConstantIntRanges> l = of(bin.getLHS());
    std::optional<ConstantIntRanges> r = of(bin.getRHS());
    if (!l || !r)
      return std::nullopt;
    switch (e.getKind()) {
    case AffineExprKind::Add:
      return intrange::inferAdd({*l, *r});
    case AffineExprKind::Mul:
      return intrange::inferMul({*l, *r});
    default:
      break;
    }
    // Division and modulo: by a positive constant in affine maps.
    std::optional<APInt> divisor = r->getConstantValue();
    if (!divisor || !divisor->isStrictlyPositive())
      return std::nullopt;
    switch (e.getKind()) {
    case AffineExprKind::FloorDiv:
      return intrange::inferFloorDivS({*l, *r});
    case AffineExprKind::CeilDiv:
      return intrange::inferCeilDivS({*l, *r});
    case AffineExprKind::Mod:
      // Never negative, unlike remsi.
      if (l->smin().isNonNegative() && l->smax().slt(*divisor))
        return *l;
      return ConstantIntRanges::fromSigned(APInt::getZero(64), *divisor - 1);
    default:
      return std::nullopt;
    }
  }

  function_ref<std::optional<ConstantIntRanges>(unsigned)> dim, sym;
};

} // namespace

IntegerFacts::IntegerFacts() = default;
IntegerFacts::~IntegerFacts() = default;

void IntegerFacts::setFunction(Operation *f) {
  fn = f;
  noRanges = false;
  solver.reset();
  dominance.reset();
}

bool IntegerFacts::ensureRanges() {
  if (solver)
    return true;
  if (noRanges || !fn)
    return false;
  // One walk decides whether the solver may run: it must not on huge
  // functions (its cost is memlint's). Loops it would read wrongly are
  // LoopSafeRanges' to leave out.
  unsigned ops = 0;
  bool wrapsIntegers = false;
  // Nor where one op has many regions: the solver joins what each
  // region yields into the op's results again per region visited (an
  // scf.index_switch of 16,000 cases each yielding a buffer took most of
  // a minute, helper-105).
  bool manyRegions = false;
  fn->walk([&](Operation *op) {
    if (++ops > MaxOpsForRanges || (wrapsIntegers = yieldsIntoOtherTypes(op)) ||
        (manyRegions = op->getNumRegions() > MaxRegionsForRanges))
      return WalkResult::interrupt();
    return WalkResult::advance();
  });
  noRanges = true;
  if (ops > MaxOpsForRanges || wrapsIntegers || manyRegions)
    return false;
  // Intraprocedural: arguments and call results may be anything (callers
  // are not known, and callees' bodies may change without this function's).
  std::unique_ptr<DataFlowSolver> s = solveRanges(fn);
  if (!s)
    return false;
  noRanges = false;
  solver = std::move(s);
  return true;
}

/// The largest value the induction variable `iv` of an scf.for or affine.for
/// takes, by its step: upstream's range for it runs to the upper bound
/// less one whatever the step, so `scf.for %i = 0 to 3 step 3` (what
/// peeling and tiling leave) was taken to reach 2, and `%i == 0` in its
/// one iteration was a question. With a constant lower bound and step, it
/// takes `lb + k * step` below the upper bound's largest value.
static std::optional<APInt>
lastInductionValue(Value iv, unsigned width,
                   function_ref<std::optional<ConstantIntRanges>(Value)> of) {
  std::optional<APInt> lb, step;
  std::optional<ConstantIntRanges> ub;
  if (scf::ForOp f = inductionVarOwner(iv)) {
    APInt c, d;
    if (f.getUnsignedCmp() || !matchPattern(f.getStep(), m_ConstantInt(&c)) ||
        !matchPattern(f.getLowerBound(), m_ConstantInt(&d)))
      return std::nullopt;
    step = c;
    lb = d;
    ub = of(f.getUpperBound());
  } else if (affine::AffineForOp f = affine::getForInductionVarOwner(iv)) {
    if (!f.hasConstantLowerBound() || !f.hasConstantUpperBound())
      return std::nullopt;
    unsigned w = width;
    step = APInt(w, f.getStepAsInt(), /*isSigned=*/true);
    ub = ConstantIntRanges::constant(
        APInt(w, f.getConstantUpperBound(), /*isSigned=*/true));
    lb = APInt(w, f.getConstantLowerBound(), /*isSigned=*/true);
  } else {
    return std::nullopt;
  }
  if (!lb || !ub || !step->isStrictlyPositive() ||
      lb->getBitWidth() != ub->smax().getBitWidth() ||
      lb->getBitWidth() != step->getBitWidth() || !ub->smax().sgt(*lb))
    return std::nullopt;
  // (ub - 1 - lb) / step steps past lb; none of it overflows, since
  // lb < ub in the signed order.
  APInt span = ub->smax() - 1 - *lb;
  return *lb + span.udiv(*step) * *step;
}

std::optional<ConstantIntRanges> IntegerFacts::rangeOf(Value v) {
  unsigned width = ConstantIntRanges::getStorageBitwidth(v.getType());
  if (width == 0)
    return std::nullopt;
  // What -convert-arith-to-llvm leaves between an index and its i64 (see
  // SameValues) has the range of what it casts, which upstream's analysis
  // does not follow.
  v = throughIndexI64Casts(v);
  // A constant of an op without range inference (`llvm.mlir.constant`,
  // which -convert-arith-to-llvm leaves behind casts to index) is itself.
  APInt k;
  if (matchPattern(v, m_ConstantInt(&k)) && k.getBitWidth() == width)
    return ConstantIntRanges::constant(k);
  if (!ensureRanges())
    return std::nullopt;
  // Uninitialized: code the analysis found dead, or did not reach.
  auto *lattice = solver->lookupState<dataflow::IntegerValueRangeLattice>(v);
  if (!lattice || lattice->getValue().isUninitialized())
    return std::nullopt;
  ConstantIntRanges r = lattice->getValue().getValue();
  auto latticeOf = [&](Value x) -> std::optional<ConstantIntRanges> {
    auto *l = solver->lookupState<dataflow::IntegerValueRangeLattice>(x);
    if (!l || l->getValue().isUninitialized())
      return std::nullopt;
    return l->getValue().getValue();
  };
  if (std::optional<APInt> last =
          lastInductionValue(v, r.smin().getBitWidth(), latticeOf);
      last && last->slt(r.smax()) && last->sge(r.smin()))
    return r.intersection(ConstantIntRanges::fromSigned(r.smin(), *last));
  return r;
}

std::optional<bool> IntegerFacts::decide(Value lhs, CmpIPredicate pred,
                                         Value rhs) {
  // As upstream folds a comparison on ranges (arith.cmpi's range inference).
  std::optional<ConstantIntRanges> l = rangeOf(lhs);
  if (!l)
    return std::nullopt;
  std::optional<ConstantIntRanges> r = rangeOf(rhs);
  if (!r)
    return std::nullopt;
  return intrange::evaluatePred(static_cast<intrange::CmpPredicate>(pred), *l,
                                *r);
}

ComparedPair IntegerFacts::pairOf(Value x, CmpIPredicate pred, Value y) {
  // The same extensions on both sides map both values by one function that
  // keeps equality and the unsigned order; sign extension keeps the signed
  // order too, and after a zero extension the signed order of the results
  // is the unsigned order of what was extended.
  bool zero = false;
  for (;;) {
    // (Ops of one kind with no operand, two constants or two results of a
    // getter, are no extension: their operand is not asked for.)
    Operation *a = x.getDefiningOp(), *b = y.getDefiningOp();
    if (!a || !b || a->getName() != b->getName())
      break;
    Extension ext = extensionOf(a);
    if (ext == Extension::None ||
        a->getOperand(0).getType() != b->getOperand(0).getType())
      break;
    zero |= ext == Extension::Zero;
    x = a->getOperand(0);
    y = b->getOperand(0);
  }
  if (zero)
    pred = unsignedOf(pred);
  Outcomes holds = outcomesWhere(pred);
  // A fixed order of the two values: pointer order is enough, as the pair
  // seen either way gives the same formulas.
  if (y.getAsOpaquePointer() < x.getAsOpaquePointer())
    return {y, x, swapOutcomes(holds)};
  return {x, y, holds};
}

Outcomes IntegerFacts::possible(Value lhs, Value rhs) {
  if (lhs == rhs)
    return Eq;
  Outcomes o = loopFact(lhs, rhs) & swapOutcomes(loopFact(rhs, lhs));
  std::optional<ConstantIntRanges> l = rangeOf(lhs), r;
  if (l)
    r = rangeOf(rhs);
  if (l && r)
    o &= outcomesBetween(*l, *r);
  // No outcome left: facts of code that never runs. Claim nothing there.
  return o ? o : All;
}

std::optional<bool> IntegerFacts::holds(affine::AffineIfOp op) {
  IntegerSet set = op.getIntegerSet();
  OperandRange operands = op->getOperands();
  unsigned numDims = set.getNumDims();
  auto dim = [&](unsigned i) { return rangeOf(operands[i]); };
  auto sym = [&](unsigned i) { return rangeOf(operands[numDims + i]); };
  AffineRanges ranges(dim, sym);
  bool always = true;
  for (unsigned i = 0, e = set.getNumConstraints(); i < e; ++i) {
    std::optional<ConstantIntRanges> r = ranges.of(set.getConstraint(i));
    if (!r) {
      always = false;
      continue;
    }
    // `expr == 0` or `expr >= 0`.
    bool isTrue = set.isEq(i) ? r->getConstantValue() == APInt::getZero(64)
                              : r->smin().isNonNegative();
    bool isFalse =
        set.isEq(i) ? r->smin().isStrictlyPositive() || r->smax().isNegative()
                    : r->smax().isNegative();
    if (isFalse)
      return false;
    always &= isTrue;
  }
  if (always)
    return true;
  return std::nullopt;
}

} // namespace memlint
