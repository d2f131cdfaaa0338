//===- IterationFacts.cpp - What loop iterations tell of integers ---------===//
//
// IntegerFacts::iterationSplit: the outcomes a compared pair may have in a
// loop's first iteration and in every later one (an scf.for's induction
// variable against its lower bound, and a step past it later; a counter a
// loop carries: CarriedCounters.cpp). Apart from IntegerFacts.cpp, which
// answers for the whole function.
//
//===----------------------------------------------------------------------===//
#include "analysis/Ownership.h"
#include "analysis/lifetime/BranchForms.h"
#include "analysis/lifetime/IntegerFacts.h"

#include "analysis/lifetime/LoopBlocks.h"
#include "analysis/lifetime/QuestionSource.h"
#include "analysis/lifetime/SameValues.h"
#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/IR/Dominance.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/RegionGraphTraits.h"
#include "mlir/Interfaces/ControlFlowInterfaces.h"
#include "mlir/Interfaces/InferIntRangeInterface.h"
#include "llvm/ADT/SCCIterator.h"

using namespace mlir;
using arith::CmpIPredicate;

namespace memlint {

using namespace outcome;

/// The scf.for one of whose iter_args `x` is, where it counts alongside
/// the induction variable: entered with the lower bound, and each
/// iteration yields it plus a positive constant no larger than the
/// constant step, in a loop whose variable cannot wrap. It is then the
/// lower bound in the first iteration and above it, up to the induction
/// variable, in every later one (`%cnt = %c0` ... `%cnt + 1`).
static scf::ForOp countsLikeInductionVar(Value x) {
  auto arg = dyn_cast<BlockArgument>(x);
  auto loop =
      arg ? dyn_cast<scf::ForOp>(arg.getOwner()->getParentOp()) : scf::ForOp();
  if (!loop || arg == loop.getInductionVar() || !forLoopCannotWrap(loop))
    return {};
  unsigned k = arg.getArgNumber() - 1;
  APInt lb, init, step, c;
  Value entered = loop.getInitArgs()[k];
  bool sameStart = entered == loop.getLowerBound() ||
                   (matchPattern(entered, m_ConstantInt(&init)) &&
                    matchPattern(loop.getLowerBound(), m_ConstantInt(&lb)) &&
                    init.getBitWidth() == lb.getBitWidth() && init == lb);
  auto add = loop.getYieldedValues()[k].getDefiningOp<arith::AddIOp>();
  if (!sameStart || !add || !matchPattern(loop.getStep(), m_ConstantInt(&step)))
    return {};
  Value other = add.getLhs() == x   ? add.getRhs()
                : add.getRhs() == x ? add.getLhs()
                                    : Value();
  if (!other || !matchPattern(other, m_ConstantInt(&c)) ||
      c.getBitWidth() != step.getBitWidth() || !c.isStrictlyPositive() ||
      c.ugt(step))
    return {};
  return loop;
}

/// (x, y) for `x` the induction variable of an scf.for and `y` its lower
/// bound. Each value of [lb, ub) the positive step reaches runs once, in
/// increasing order, so x is y in the first iteration and above it, in the
/// loop's signed or unsigned order, afterwards.
static std::optional<IterationSplit> lowerBoundFact(Value x, Value y) {
  scf::ForOp loop = inductionVarOwner(x);
  if (!loop)
    loop = countsLikeInductionVar(x);
  if (!loop || loop.getLowerBound() != y)
    return std::nullopt;
  Outcomes above = loop.getUnsignedCmp() ? (LtGt | GtGt) : (GtLt | GtGt);
  return IterationSplit{&loop.getRegion().front().front(), Eq, above};
}

std::optional<std::pair<Operation *, APInt>>
IntegerFacts::firstIterationValue(Value iv) {
  Operation *loop = nullptr;
  APInt lb;
  if (scf::ForOp f = inductionVarOwner(iv)) {
    // A bound integer ranges pin to one value is as good as a literal
    // (`index_cast` of a constant, `%c0 + %c4` before folding).
    if (!matchPattern(f.getLowerBound(), m_ConstantInt(&lb))) {
      std::optional<ConstantIntRanges> r = rangeOf(f.getLowerBound());
      if (!r || r->umin() != r->umax())
        return std::nullopt;
      lb = r->umin();
    }
    loop = f;
  } else if (affine::AffineForOp f = affine::getForInductionVarOwner(iv)) {
    if (!f.hasConstantLowerBound())
      return std::nullopt;
    lb = APInt(64, f.getConstantLowerBound(), /*isSigned=*/true);
    loop = f;
  }
  if (!loop) {
    auto [it, fresh] = carriedFirstValues.try_emplace(iv);
    if (fresh) {
      std::optional<ConstantIntRanges> later;
      it->second = carriedFirstValue(iv, &later);
      if (it->second && later)
        carriedLaterRanges.try_emplace(iv, *later);
    }
    return it->second;
  }
  Region &body = loop->getRegion(0);
  if (body.empty() || body.front().empty())
    return std::nullopt;
  unsigned width = ConstantIntRanges::getStorageBitwidth(iv.getType());
  if (!width || lb.getBitWidth() != width)
    return std::nullopt;
  return std::make_pair(&body.front().front(), lb);
}

std::optional<IterationSplit> IntegerFacts::iterationSplit(Value lhs,
                                                           Value rhs) {
  if (std::optional<IterationSplit> s = lowerBoundFact(lhs, rhs))
    return s;
  if (std::optional<IterationSplit> s = lowerBoundFact(rhs, lhs))
    return IterationSplit{s->head, swapOutcomes(s->first),
                          swapOutcomes(s->later)};
  if (std::optional<IterationSplit> s = entryValueFact(lhs, rhs))
    return s;
  if (std::optional<IterationSplit> s = entryValueFact(rhs, lhs))
    return IterationSplit{s->head, swapOutcomes(s->first),
                          swapOutcomes(s->later), s->carried, s->enteredAs};
  return std::nullopt;
}

bool IntegerFacts::isBackEdge(Block *pred, Block *header) {
  if (!dominance)
    dominance = std::make_unique<DominanceInfo>(fn);
  return dominance->dominates(header, pred);
}

bool IntegerFacts::fixedBeforeLoop(Value v, Block *header) {
  Block *defining = v.getParentBlock();
  Region *loopRegion = header->getParent();
  if (!defining || !loopRegion)
    return false;
  if (defining->getParent() != loopRegion)
    return defining->getParent()->isProperAncestor(loopRegion);
  if (!dominance)
    dominance = std::make_unique<DominanceInfo>(fn);
  return dominance->properlyDominates(defining, header);
}

bool IntegerFacts::entersOnlyFromOutside(Block *header) {
  auto [it, fresh] = entersFromOutside.try_emplace(header, true);
  if (!fresh)
    return it->second;
  // The blocks the header reaches without going round a loop around it
  // (each once). A path through a block that dominates the header left the
  // loop: an outer loop's next iteration enters this one afresh
  // (-convert-scf-to-cf of a loop nest), its constant a new first value.
  // A predecessor reached so closes a cycle through the header, as does
  // every block on the way: the search stays in the header's strongly
  // connected component (else N loops in a row cost N^2: 4,000, 4 s).
  if (!dominance)
    dominance = std::make_unique<DominanceInfo>(fn);
  Region *region = header->getParent();
  auto [cit, made] = componentOf.try_emplace(region);
  DenseMap<Block *, unsigned> &component = cit->second;
  if (made) {
    unsigned id = 0;
    for (auto scc = llvm::scc_begin(&region->front()); !scc.isAtEnd();
         ++scc, ++id)
      for (Block *b : *scc)
        component[b] = id;
  }
  auto sameComponent = [&](Block *b) {
    auto h = component.find(header), o = component.find(b);
    return h != component.end() && o != component.end() &&
           h->second == o->second;
  };
  DenseSet<Block *> reached;
  SmallVector<Block *> work{header};
  while (!work.empty()) {
    Block *b = work.pop_back_val();
    for (Block *succ : b->getSuccessors())
      if (sameComponent(succ) && !dominance->properlyDominates(succ, header) &&
          reached.insert(succ).second)
        work.push_back(succ);
  }
  for (Block *pred : header->getPredecessors())
    if (!isBackEdge(pred, header) && reached.count(pred))
      it->second = false;
  return it->second;
}

/// The constant step of the for loop `iv` counts (positive in both), where
/// it cannot wrap.
static std::optional<APInt> constantStep(Value iv) {
  APInt step;
  if (scf::ForOp f = inductionVarOwner(iv))
    if (matchPattern(f.getStep(), m_ConstantInt(&step)) &&
        step.isStrictlyPositive() && forLoopCannotWrap(f))
      return step;
  if (affine::AffineForOp f = affine::getForInductionVarOwner(iv))
    return APInt(64, f.getStepAsInt());
  return std::nullopt;
}

std::optional<ConstantIntRanges> IntegerFacts::laterIterationRange(Value iv) {
  std::optional<std::pair<Operation *, APInt>> first = firstIterationValue(iv);
  if (!first)
    return std::nullopt;
  auto it = carriedLaterRanges.find(iv);
  if (it != carriedLaterRanges.end())
    return it->second;
  // A for loop's variable is its lower bound plus at least one step after
  // the first iteration (`%i >= 2` in a loop from 0 by 2 is "past the
  // first iteration"), where its step cannot wrap past its upper bound
  // (forLoopCannotWrap: an i8 loop to 127 by 100 goes on at -56).
  std::optional<APInt> step = constantStep(iv);
  const APInt &lb = first->second;
  if (!step || step->getBitWidth() != lb.getBitWidth())
    return std::nullopt;
  scf::ForOp f = inductionVarOwner(iv);
  bool isUnsigned = f && f.getUnsignedCmp();
  bool overflow = false;
  APInt next =
      isUnsigned ? lb.uadd_ov(*step, overflow) : lb.sadd_ov(*step, overflow);
  if (overflow)
    return std::nullopt;
  unsigned width = lb.getBitWidth();
  return isUnsigned
             ? ConstantIntRanges::fromUnsigned(next, APInt::getMaxValue(width))
             : ConstantIntRanges::fromSigned(next,
                                             APInt::getSignedMaxValue(width));
}

} // namespace memlint
