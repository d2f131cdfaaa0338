//===- LiftedForms.cpp - The shapes -lift-cf-to-scf writes ----------------===//
#include "analysis/lifetime/LiftedForms.h"

#include "analysis/lifetime/BranchForms.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Matchers.h"
#include "mlir/Interfaces/ControlFlowInterfaces.h"

using namespace mlir;

namespace memlint {

/// `v`, or the one value from outside the op that every region of the
/// scf.if (with an else) or scf.index_switch making it yields for it:
/// -lift-cf-to-scf writes such an scf.if for a join both of whose edges
/// pass the counter (canonicalize would fold it).
Value throughSameYields(Value v) {
  for (unsigned step = 0; step < 8; ++step) {
    auto result = dyn_cast<OpResult>(v);
    Operation *op = result ? result.getOwner() : nullptr;
    if (!isa_and_present<scf::IfOp, scf::IndexSwitchOp>(op) ||
        llvm::any_of(op->getRegions(),
                     [](Region &r) { return !r.hasOneBlock(); }))
      return v;
    Value common;
    for (Region &region : op->getRegions()) {
      auto yield = dyn_cast<scf::YieldOp>(region.front().getTerminator());
      if (!yield)
        return v;
      Value y = yield.getOperand(result.getResultNumber());
      if (common && common != y)
        return v;
      common = y;
    }
    if (!common || op->isAncestor(common.getParentBlock()->getParentOp()))
      return v;
    v = common;
  }
  return v;
}

/// The condition of the scf.if that yields `test` (an i1, or an integer
/// an `arith.trunci` takes the i1 of) as a constant per branch, where the
/// two differ in their low bit: what -lift-cf-to-scf writes for a loop's
/// test (`scf.if %cmp -> 1 else 0`, `trunci`; or `-> true else false`,
/// the flag beside the value an scf.while forwards). `negated` when the
/// then branch yields the even one.
Value liftedFlagCondition(Value test, bool &negated) {
  Value flag = test;
  if (auto trunc = test.getDefiningOp<arith::TruncIOp>()) {
    if (!trunc.getType().isInteger(1))
      return Value();
    flag = trunc.getIn();
  } else if (!test.getType().isInteger(1)) {
    return Value();
  }
  auto result = dyn_cast<OpResult>(flag);
  auto ifOp = result ? dyn_cast<scf::IfOp>(result.getOwner()) : scf::IfOp();
  if (!ifOp || ifOp.getElseRegion().empty())
    return Value();
  unsigned i = result.getResultNumber();
  APInt whenTrue, whenFalse;
  if (!matchPattern(throughSameYields(ifOp.thenYield().getOperand(i)),
                    m_ConstantInt(&whenTrue)) ||
      !matchPattern(throughSameYields(ifOp.elseYield().getOperand(i)),
                    m_ConstantInt(&whenFalse)) ||
      whenTrue[0] == whenFalse[0])
    return Value();
  negated = !whenTrue[0];
  return ifOp.getCondition();
}

Value testOfCondition(Value condition, bool &negated) {
  negated = false;
  if (Value lifted = liftedFlagCondition(condition, negated))
    return lifted;
  return condition;
}

Value yieldedWhere(Value v, Value test, bool holds) {
  auto result = dyn_cast<OpResult>(v);
  auto ifOp = result ? dyn_cast<scf::IfOp>(result.getOwner()) : scf::IfOp();
  if (!ifOp || ifOp.getCondition() != test || ifOp.getElseRegion().empty())
    return Value();
  scf::YieldOp taken = holds ? ifOp.thenYield() : ifOp.elseYield();
  return taken.getOperand(result.getResultNumber());
}

/// The flag a block's two-way terminator branches on, where it is (a
/// `trunci` of) an argument of that block or of one above it that alone
/// enters it (through blocks each entered from one block):
/// -lift-cf-to-scf's join of a loop's latch and exit, lowered again by
/// -convert-scf-to-cf (`^join(%next, 1)` from the latch, `^join(poison,
/// 0)` from the exit, then `cond_br (trunci %k), ^header(%v), ^exit`).
/// Null otherwise.
BlockArgument joinFlag(Block *block) {
  Operation *term = block->empty() ? nullptr : &block->back();
  Value cond = term ? branchCondition(term) : Value();
  if (!cond || term->getNumSuccessors() != 2)
    return BlockArgument();
  if (auto trunc = cond.getDefiningOp<arith::TruncIOp>())
    cond = trunc.getIn();
  auto flag = dyn_cast<BlockArgument>(cond);
  if (!flag)
    return BlockArgument();
  Block *b = block;
  for (unsigned step = 0; b && step < 8; ++step) {
    if (flag.getOwner() == b)
      return flag;
    b = b->getSinglePredecessor();
  }
  return BlockArgument();
}

/// What the predecessor `it` of a block passes for its argument `index`
/// as it enters it, if it says.
Value passedOn(Block::pred_iterator it, unsigned index) {
  auto branch = dyn_cast<BranchOpInterface>((*it)->getTerminator());
  if (!branch)
    return Value();
  SuccessorOperands operands =
      branch.getSuccessorOperands(it.getSuccessorIndex());
  if (index < operands.getProducedOperandCount() || index >= operands.size())
    return Value();
  return operands[index];
}

/// Whether an entry `it` into `flag`'s block may go on to the successor
/// `succ` of the block branching on it: not where it passes a constant
/// for the flag that takes the other way.
bool mayGoOnTo(BlockArgument flag, Block::pred_iterator it, unsigned succ) {
  APInt k;
  Value passed = flag ? passedOn(it, flag.getArgNumber()) : Value();
  if (!passed || !matchPattern(passed, m_ConstantInt(&k)))
    return true;
  return k[0] == (succ == 0);
}

/// What `v` is on the edge from `block` to its successor `succ`: where
/// the block branches on its joinFlag and `v` is an argument of the
/// flag's block, only the entries into that block whose flag takes the
/// edge can come before it; if they all pass one value for `v`, that
/// value. Else `v`.
Value onFlaggedEdge(Value v, Block *block, unsigned succ) {
  auto arg = dyn_cast<BlockArgument>(v);
  BlockArgument flag = joinFlag(block);
  if (!arg || !flag || arg.getOwner() != flag.getOwner() || flag == arg)
    return v;
  Block *join = flag.getOwner();
  Value common;
  for (auto it = join->pred_begin(); it != join->pred_end(); ++it) {
    APInt k;
    Value f = passedOn(it, flag.getArgNumber());
    if (!f || !matchPattern(f, m_ConstantInt(&k)))
      return v;
    if (k[0] != (succ == 0))
      continue;
    Value passed = passedOn(it, arg.getArgNumber());
    if (!passed || (common && common != passed))
      return v;
    common = passed;
  }
  return common ? common : v;
}

scf::IfOp liftedTestIf(Region &head, bool &leavesOnFalse) {
  // (A custom op's region may end in no terminator, or hold no op.)
  if (!head.hasOneBlock() || head.front().empty())
    return {};
  auto condition = dyn_cast<scf::ConditionOp>(head.front().back());
  if (!condition)
    return {};
  bool negated = false;
  Value test = liftedFlagCondition(condition.getCondition(), negated);
  Value flag = condition.getCondition();
  if (auto trunc = flag.getDefiningOp<arith::TruncIOp>())
    flag = trunc.getIn();
  auto ifOp = flag.getDefiningOp<scf::IfOp>();
  if (!test || !ifOp || ifOp.getCondition() != test ||
      ifOp->getBlock() != &head.front())
    return {};
  Region &leaving = negated ? ifOp.getThenRegion() : ifOp.getElseRegion();
  for (Operation &op : head.front())
    if (&op != ifOp.getOperation() && op.getNumRegions() > 0)
      return {};
  for (Block &block : leaving)
    for (Operation &op : block)
      if (op.getNumRegions() > 0)
        return {};
  leavesOnFalse = !negated;
  return ifOp;
}

} // namespace memlint
