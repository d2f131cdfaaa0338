//===- CarriedCounters.cpp - Counters a CFG loop or scf.while carries -----===//
//
// IntegerFacts for a value a loop carries round its back edges (what
// -convert-scf-to-cf and -scf-for-to-while make of an scf.for's induction
// variable): the loop's own test, what each back edge adds, what the loop
// is entered with, and so what the counter is in its first iteration and
// in later ones (entryValueFact, enteredValueSplit, carriedFirstValue).
// IterationFacts.cpp has the for loops' variables and asks these.
//
//===----------------------------------------------------------------------===//
#include "analysis/Ownership.h"
#include "analysis/lifetime/BranchForms.h"
#include "analysis/lifetime/IntegerFacts.h"
#include "analysis/lifetime/LiftedForms.h"
#include "analysis/lifetime/LoopBlocks.h"
#include "analysis/lifetime/QuestionSource.h"
#include "analysis/lifetime/SameValues.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/IR/Matchers.h"
#include "mlir/Interfaces/ControlFlowInterfaces.h"
#include "mlir/Interfaces/InferIntRangeInterface.h"

using namespace mlir;
using arith::CmpIPredicate;

namespace memlint {

using namespace outcome;

/// The comparison a loop's head block ends its test with (`scf.condition`,
/// a conditional branch), computed in that block, or null; `negated` when
/// the test is its negation (a lifted flag, liftedFlagCondition).
static LoopCompare loopTest(Block *block, bool *negated = nullptr,
                            Value about = nullptr,
                            std::optional<bool> *onlyIf = nullptr) {
  // (A block of a region without terminators may end in anything.)
  Operation *term = block->empty() ? nullptr : &block->back();
  Value test;
  if (auto cond = dyn_cast_if_present<scf::ConditionOp>(term))
    test = cond.getCondition();
  else if (term)
    test = branchCondition(term);
  bool flip = false;
  if (Value lifted = test ? liftedFlagCondition(test, flip) : Value())
    test = lifted;
  // `xori %c, true` is the negation of %c (how a loop that goes on while
  // `%i >= %n` fails writes its test before -lift-cf-to-scf).
  if (Value negated = negatedBit(test)) {
    test = negated;
    flip = !flip;
  }
  // A conjunction `%lt && %x` holds only where `%lt` does, so a loop that
  // goes on while it holds goes on only while `%lt` does (a disjunction,
  // one that goes on while it fails): the comparison of `about` in it is
  // the test, where the caller sees the loop go on that way (`onlyIf`).
  auto compareOf = [](Value v) {
    LoopCompare c;
    Operation *def = v ? v.getDefiningOp() : nullptr;
    if (!def)
      return c;
    if (auto cmp = integerComparison(def)) {
      c.op = def;
      std::tie(c.lhs, c.predicate, c.rhs) = *cmp;
      // (An index <-> i64 cast is the integer it casts: a counter an
      // LLVM block argument carries, tested as the index it was.)
      c.lhs = throughIndexI64Casts(c.lhs);
      c.rhs = throughIndexI64Casts(c.rhs);
    }
    return c;
  };
  std::optional<bool> junction;
  if (about && test &&
      isa_and_present<arith::AndIOp, arith::OrIOp, LLVM::AndOp, LLVM::OrOp>(
          test.getDefiningOp())) {
    Operation *both = test.getDefiningOp();
    junction = isa<arith::AndIOp, LLVM::AndOp>(both);
    test = Value();
    for (Value side : both->getOperands())
      if (LoopCompare c = compareOf(side);
          c && (c.lhs == about || c.rhs == about) && !test)
        test = side;
  }
  LoopCompare cmp = compareOf(test);
  if (!cmp || cmp.op->getBlock() != block || (junction && !onlyIf))
    return {};
  if (negated)
    *negated = flip;
  if (onlyIf)
    *onlyIf = junction;
  return cmp;
}

/// Whether `v` is `x` or a block argument that takes x (through blocks
/// each entered on one edge: a loop body's block taking the counter).
static bool isForwardOf(Value v, Value x) {
  for (unsigned steps = 0; v && steps < 8; ++steps) {
    if (v == x)
      return true;
    auto arg = dyn_cast<BlockArgument>(v);
    v = arg ? forwardedValue(arg) : Value();
  }
  return false;
}

/// The constant `c` of `x + c` (`arith.addi` or `llvm.add`, either order),
/// if positive.
static std::optional<APInt> positiveIncrement(Value next, Value x) {
  Operation *add =
      throughIndexI64Casts(throughSameYields(next)).getDefiningOp();
  if (!isa_and_present<arith::AddIOp, LLVM::AddOp>(add))
    return std::nullopt;
  Value lhs = throughIndexI64Casts(add->getOperand(0));
  Value rhs = throughIndexI64Casts(add->getOperand(1));
  Value c = isForwardOf(lhs, x) ? rhs : isForwardOf(rhs, x) ? lhs : Value();
  APInt step;
  if (!c || !matchPattern(c, m_ConstantInt(&step)) ||
      !step.isStrictlyPositive())
    return std::nullopt;
  return step;
}

/// The constant c where `fwd`, what an scf.while's condition forwards, is
/// `x + c` whenever the loop goes on: computed by an scf.if on the loop's
/// own test `test` (`negated`: the loop goes on when it is false), whose
/// branch taken then yields `x + c` (-lift-cf-to-scf's form).
static std::optional<APInt> incrementGoingOn(Value fwd, Value x, Value test,
                                             bool negated) {
  Value taken = yieldedWhere(fwd, test, /*holds=*/!negated);
  if (!taken)
    return std::nullopt;
  return positiveIncrement(taken, x);
}

/// Whether `br` stays in the loop of `header` (whose back edges come from
/// `latches`) when its condition is true, or when it is false: the one
/// successor that reaches a latch without passing the header. (Not through
/// an edge into a latch whose flag takes the latch's other way: mayGoOnTo.)
static std::optional<bool> staysWhenTrue(Operation *br, Block *header,
                                         ArrayRef<Block *> latches) {
  DenseSet<Block *> inLoop{header};
  SmallVector<Block *> work;
  for (Block *latch : latches) {
    BlockArgument flag = joinFlag(latch);
    if (!flag) {
      work.push_back(latch);
      continue;
    }
    // The blocks from the flag's down to the latch, then the entries into
    // the flag's block that may take the back edge.
    Block *join = flag.getOwner();
    for (Block *b = latch; b != join; b = b->getSinglePredecessor())
      inLoop.insert(b);
    if (!inLoop.insert(join).second)
      continue;
    Operation *term = latch->getTerminator();
    for (auto it = join->pred_begin(); it != join->pred_end(); ++it) {
      bool goesOn = false;
      for (unsigned s = 0, e = term->getNumSuccessors(); s < e; ++s)
        goesOn |= term->getSuccessor(s) == header && mayGoOnTo(flag, it, s);
      if (goesOn)
        work.push_back(*it);
    }
  }
  while (!work.empty()) {
    Block *b = work.pop_back_val();
    if (!inLoop.insert(b).second)
      continue;
    for (Block *p : b->getPredecessors())
      work.push_back(p);
  }
  auto inside = [&](Block *b) { return b != header && inLoop.count(b); };
  bool t = inside(br->getSuccessor(0)), f = inside(br->getSuccessor(1));
  if (t == f)
    return std::nullopt;
  return t;
}

/// Whether the loop of `header` goes on where its own test holds (true),
/// where it fails (false), or either (none): which way its terminator
/// stays in the loop, `negated` where the test reaches it negated.
static std::optional<bool> goesOnWhenTestHolds(Block *header, bool negated,
                                               ArrayRef<Block *> latches) {
  Operation *term = &header->back();
  std::optional<bool> stays;
  if (isa<scf::ConditionOp>(term))
    stays = true;
  else if (branchCondition(term))
    stays = staysWhenTrue(term, header, latches);
  if (stays && negated)
    stays = !*stays;
  return stays;
}

/// The loop's test `cmp` as `x pred other`, holding wherever the loop goes
/// on (`staysOnTrue`: goesOnWhenTestHolds).
static CmpIPredicate goingOnPredicate(const LoopCompare &cmp, Value x,
                                      bool staysOnTrue) {
  CmpIPredicate pred = cmp.predicate;
  if (cmp.rhs == x)
    pred = swapPredicate(pred);
  if (!staysOnTrue)
    pred = arith::invertPredicate(pred);
  return pred;
}

std::optional<ConstantIntRanges>
IntegerFacts::laterIterations(const APInt &entry, CmpIPredicate goesOn,
                              const ConstantIntRanges &yRange,
                              ArrayRef<APInt> increments) {
  if (increments.empty())
    return std::nullopt;
  bool isSigned = goesOn == CmpIPredicate::slt || goesOn == CmpIPredicate::sle;
  bool strict = goesOn == CmpIPredicate::slt || goesOn == CmpIPredicate::ult;
  if (!isSigned && goesOn != CmpIPredicate::ult && goesOn != CmpIPredicate::ule)
    return std::nullopt;
  unsigned width = entry.getBitWidth();
  std::optional<APInt> cmin, cmax;
  for (const APInt &c : increments) {
    if (c.getBitWidth() != width)
      return std::nullopt;
    if (!cmin || c.ult(*cmin))
      cmin = c;
    if (!cmax || c.ugt(*cmax))
      cmax = c;
  }
  // Iteration k + 1 has x_k + c: x_k passed the test (x_k < y, so at most
  // yMax - 1, or yMax), so the sum stays at most `hi` and never wraps, and
  // by induction every x_k is at least `entry`: later ones at least `lo`.
  bool overflow = false;
  APInt yMax = isSigned ? yRange.smax() : yRange.umax();
  APInt one(width, 1);
  APInt last = strict ? (isSigned ? yMax.ssub_ov(one, overflow)
                                  : yMax.usub_ov(one, overflow))
                      : yMax;
  if (overflow)
    return std::nullopt;
  APInt hi =
      isSigned ? last.sadd_ov(*cmax, overflow) : last.uadd_ov(*cmax, overflow);
  // Past the largest value the step would wrap. As for an scf.for
  // (forLoopCannotWrap), a 64-bit or index counter is taken not to: a
  // bound the loop never learns (`%i < %n`, %n any index) made every
  // step above 1 overflow here, and the loop's later iterations were
  // taken to start over at its first value (helper-77 class C: false
  // double frees after -scf-for-to-while of a loop of step 2).
  if (overflow && width >= 64) {
    hi = isSigned ? APInt::getSignedMaxValue(width) : APInt::getMaxValue(width);
    overflow = false;
  }
  if (overflow)
    return std::nullopt;
  APInt lo = isSigned ? entry.sadd_ov(*cmin, overflow)
                      : entry.uadd_ov(*cmin, overflow);
  if (overflow || (isSigned ? lo.sgt(hi) : lo.ugt(hi)))
    return std::nullopt;
  return isSigned ? ConstantIntRanges::fromSigned(lo, hi)
                  : ConstantIntRanges::fromUnsigned(lo, hi);
}

std::optional<IterationSplit> IntegerFacts::enteredValueSplit(
    Value x, Value y, Block *header, Operation *head, const LoopCompare &cmp,
    bool negated, std::optional<bool> onlyIf, ArrayRef<APInt> increments,
    ArrayRef<Block *> latches) {
  // x is y in the first iteration. Where every back edge passes x + 1 and
  // the loop goes on only while x < bound (its own test, signed or
  // unsigned), x grows by one per iteration without wrapping (x < bound
  // <= the largest value): past y in every later one, in that order (what
  // -convert-scf-to-cf and -scf-for-to-while make of an scf.for from a
  // lower bound that is no constant, against `%i == %lb`).
  // (Not an undefined value: each use of it may read another.)
  Operation *yDef = throughIndexI64Casts(y).getDefiningOp();
  if (!fixedBeforeLoop(y, header) || (yDef && mayDifferPerRun(yDef)) ||
      increments.empty() ||
      llvm::any_of(increments, [](const APInt &c) { return !c.isOne(); }))
    return std::nullopt;
  if (cmp.lhs != x && cmp.rhs != x)
    return std::nullopt;
  std::optional<bool> staysOnTrue =
      goesOnWhenTestHolds(header, negated, latches);
  if (!staysOnTrue || (onlyIf && *staysOnTrue != *onlyIf))
    return std::nullopt;
  CmpIPredicate pred = goingOnPredicate(cmp, x, *staysOnTrue);
  if (pred == CmpIPredicate::slt)
    return IterationSplit{head, Eq, GtLt | GtGt};
  if (pred == CmpIPredicate::ult)
    return IterationSplit{head, Eq, LtGt | GtGt};
  return std::nullopt;
}

std::optional<IterationSplit> IntegerFacts::enteredOtherSplit(Value x, Value y,
                                                              Value entered,
                                                              Block *header,
                                                              Operation *head) {
  // x is `entered` in the first iteration: the loop's first test compares
  // two values fixed before the loop, the question code after the loop
  // asks again (`%lb >= %ub` guarding the free of what a loop from a
  // non-constant lower bound would have freed; -convert-scf-to-cf,
  // -scf-for-to-while). A constant y is left to valueIn's cells, and
  // values that may differ from one use to the next have no answer to
  // share.
  auto fixed = [&](Value v) {
    Operation *def = v.getDefiningOp();
    return fixedBeforeLoop(v, header) && !(def && mayDifferPerRun(def));
  };
  if (entered.getType() != x.getType() || x.getType().isInteger(1) ||
      matchPattern(y, m_Constant()) || !fixed(entered) || !fixed(y))
    return std::nullopt;
  return IterationSplit{head, All, All, x, entered};
}

std::optional<IterationSplit> IntegerFacts::entryValueFact(
    Value x, Value y,
    std::optional<std::pair<APInt, ConstantIntRanges>> *laterOut) {
  auto arg = dyn_cast<BlockArgument>(x);
  if (!arg || !fn)
    return std::nullopt;
  // An scf.while's after region sees what its condition forwards: the
  // counter of the same iteration. (Only for the split against the value
  // it was entered with: against the loop test's other side, the after
  // region's questions keep their own cells, which know what the test left
  // them; split by the first iteration, a loop `%a <= 1` lost its free at
  // `%a == 1`, counter-test-pair-cells.mlir.)
  bool afterRegion = false;
  if (auto loop = dyn_cast<scf::WhileOp>(arg.getOwner()->getParentOp());
      loop && arg.getOwner()->getParent() == &loop.getAfter()) {
    auto forwarded = dyn_cast<BlockArgument>(
        loop.getConditionOp().getArgs()[arg.getArgNumber()]);
    if (!forwarded || forwarded.getOwner()->getParent() != &loop.getBefore())
      return std::nullopt;
    arg = forwarded;
    x = arg;
    afterRegion = true;
  }
  Block *block = arg.getOwner();
  unsigned i = arg.getArgNumber();
  // What the loop is entered with, as a constant; or, where every entry
  // passes one value, that value (entered as `y`, or as another value:
  // below).
  std::optional<int64_t> entry;
  Value entered, passed;
  bool oneEntered = true, onePassed = true, tookY = false, tookOther = false;
  Operation *head = nullptr;
  Operation *parent = block->getParentOp();
  auto take = [&](Value v) {
    if (passed && passed != v)
      onePassed = false;
    passed = v;
    v = throughIndexI64Casts(throughSameYields(v));
    if (entered && entered != v)
      oneEntered = false;
    entered = v;
    std::optional<int64_t> c = getConstantIntValue(v);
    // (Entered with y on every edge, with one constant on every edge, or
    // with one other value on every edge: not two of them.)
    if (!c && v == y && oneEntered && !entry) {
      tookY = true;
      return true;
    }
    if (!c && v != y && oneEntered && !entry && !tookY) {
      tookOther = true;
      return true;
    }
    if (!c || tookY || tookOther || (entry && *entry != *c))
      return false;
    entry = c;
    return true;
  };
  // What the back edges add to it (each passes x + c), and their blocks.
  SmallVector<APInt> increments;
  SmallVector<Block *> latches;
  bool backKnown = true;
  if (block->isEntryBlock()) {
    if (auto loop = dyn_cast<scf::WhileOp>(parent)) {
      if (block->getParent() != &loop.getBefore() || !take(loop.getInits()[i]))
        return std::nullopt;
      // The after region's yield passes x + c when the condition forwards
      // x to the after region's argument that the addition takes.
      scf::ConditionOp cond = loop.getConditionOp();
      Value yielded = loop.getYieldOp()->getOperand(i);
      backKnown = false;
      bool negated = false;
      Value test = testOfCondition(cond.getCondition(), negated);
      for (auto [j, fwd] : llvm::enumerate(cond.getArgs())) {
        Value after = loop.getAfterArguments()[j];
        std::optional<APInt> c;
        if (fwd == x)
          c = positiveIncrement(yielded, after);
        else if (yielded == after)
          c = incrementGoingOn(fwd, x, test, negated);
        if (c) {
          increments.push_back(*c);
          backKnown = true;
          break;
        }
      }
    } else {
      return std::nullopt;
    }
    head = &block->front();
  } else {
    // A CFG loop's header: every branch in from outside the loop (a
    // predecessor the header does not dominate) passes the constant.
    bool loops = false;
    for (auto it = block->pred_begin(); it != block->pred_end(); ++it) {
      Block *pred = *it;
      if (isBackEdge(pred, block)) {
        loops = true;
        latches.push_back(pred);
        auto branch = dyn_cast<BranchOpInterface>(pred->getTerminator());
        std::optional<APInt> c;
        if (branch) {
          SuccessorOperands operands =
              branch.getSuccessorOperands(it.getSuccessorIndex());
          if (i >= operands.getProducedOperandCount() && i < operands.size())
            c = positiveIncrement(
                onFlaggedEdge(operands[i], pred, it.getSuccessorIndex()), x);
        }
        if (c)
          increments.push_back(*c);
        else
          backKnown = false;
        continue;
      }
      auto branch = dyn_cast<BranchOpInterface>(pred->getTerminator());
      if (!branch)
        return std::nullopt;
      SuccessorOperands operands =
          branch.getSuccessorOperands(it.getSuccessorIndex());
      if (i < operands.getProducedOperandCount() || !take(operands[i]))
        return std::nullopt;
    }
    // (Asked of headers only: it walks the region.)
    if (!loops || !entersOnlyFromOutside(block))
      return std::nullopt;
    head = &block->front();
  }
  bool fromY = tookY && oneEntered && entered == y && !entry;
  bool fromOther = tookOther && onePassed && !entry && !afterRegion;
  if ((!entry && !fromY && !fromOther) || (afterRegion && !fromY))
    return std::nullopt;
  // Only the loop's own test (what decides whether it runs again): other
  // comparisons of carried values are left to later iterations' atoms,
  // with which a first-iteration split of theirs lost a back-edge leak
  // (differential seed 2, g2_0844).
  bool negated = false;
  std::optional<bool> onlyIf;
  LoopCompare cmp = loopTest(block, &negated, x, &onlyIf);
  if (!cmp)
    return std::nullopt;
  if (fromY)
    return enteredValueSplit(x, y, block, head, cmp, negated, onlyIf,
                             backKnown ? increments : ArrayRef<APInt>(),
                             latches);
  ComparedPair pair = pairOf(cmp.lhs, cmp.predicate, cmp.rhs);
  if (!((pair.lhs == x && pair.rhs == y) || (pair.lhs == y && pair.rhs == x)))
    return std::nullopt;
  if (fromOther)
    return enteredOtherSplit(x, y, passed, block, head);
  std::optional<ConstantIntRanges> other = rangeOf(y);
  if (!other)
    other = constantRange(y);
  if (!other || !x.getType().isIntOrIndex())
    return std::nullopt;
  unsigned width = ConstantIntRanges::getStorageBitwidth(x.getType());
  if (other->umin().getBitWidth() != width)
    return std::nullopt;
  APInt entryValue(width, *entry, true);
  auto first = ConstantIntRanges::constant(entryValue);
  // Later iterations: where the loop goes on only while x < y and adds a
  // constant each time, x is past its entry value and below y's largest
  // plus that constant (a loop `0 < 1`, then `1 < 1`, runs once).
  Outcomes later = All;
  std::optional<bool> staysOnTrue =
      goesOnWhenTestHolds(block, negated, latches);
  // (A conjunct bounds the loop only where it goes on while the whole
  // holds: `!(%lt && %x)` going on says nothing of `%lt`.)
  if (onlyIf && (!staysOnTrue || *staysOnTrue != *onlyIf))
    return std::nullopt;
  if (backKnown && staysOnTrue && cmp.lhs != cmp.rhs) {
    CmpIPredicate pred = goingOnPredicate(cmp, x, *staysOnTrue);
    if (cmp.lhs == x || cmp.rhs == x)
      if (std::optional<ConstantIntRanges> r =
              laterIterations(entryValue, pred, *other, increments)) {
        if (laterOut)
          *laterOut = std::make_pair(entryValue, *r);
        if (Outcomes o = outcomesBetween(*r, *other))
          later = o;
      }
  }
  return IterationSplit{head, outcomesBetween(first, *other), later};
}
std::optional<std::pair<Operation *, APInt>>
IntegerFacts::carriedFirstValue(Value x,
                                std::optional<ConstantIntRanges> *laterRange) {
  auto arg = dyn_cast<BlockArgument>(x);
  if (!arg || !fn)
    return std::nullopt;
  // An scf.while's after region sees what its condition forwards: the
  // counter of the same iteration.
  if (auto loop = dyn_cast<scf::WhileOp>(arg.getOwner()->getParentOp());
      loop && arg.getOwner()->getParent() == &loop.getAfter()) {
    Value forwarded = loop.getConditionOp().getArgs()[arg.getArgNumber()];
    arg = dyn_cast<BlockArgument>(forwarded);
    if (!arg || arg.getOwner()->getParent() != &loop.getBefore())
      return std::nullopt;
    x = arg;
  }
  std::optional<bool> onlyIf;
  LoopCompare cmp = loopTest(arg.getOwner(), nullptr, x, &onlyIf);
  if (!cmp)
    return std::nullopt;
  Value y = cmp.lhs == x ? cmp.rhs : cmp.rhs == x ? cmp.lhs : Value();
  std::optional<std::pair<APInt, ConstantIntRanges>> later;
  std::optional<IterationSplit> split;
  if (y)
    split = entryValueFact(x, y, &later);
  // (laterIterations' range starts past the first value and cannot wrap.)
  if (!split || !later)
    return std::nullopt;
  if (laterRange)
    *laterRange = later->second;
  return std::make_pair(split->head, later->first);
}

} // namespace memlint
