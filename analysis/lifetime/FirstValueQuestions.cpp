//===- FirstValueQuestions.cpp - Questions on a counter's first value -----===//
//
// asksFirstValueAlone (QuestionSource.h): whether a loop's body asks of its
// counter, or of what is computed from it, a question that tells its
// first value apart from the others and nothing more; then the counter's
// cells are split by the first-iteration atom from the start, whatever
// order the questions come in.
//
//===----------------------------------------------------------------------===//
#include "analysis/lifetime/QuestionSource.h"

#include "analysis/lifetime/BranchForms.h"
#include "analysis/lifetime/IntegerFacts.h"
#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/IntegerSet.h"
#include "mlir/IR/Matchers.h"
#include "mlir/Interfaces/CallInterfaces.h"
#include "mlir/Interfaces/ControlFlowInterfaces.h"
#include "mlir/Interfaces/InferIntRangeInterface.h"
#include "llvm/ADT/SetVector.h"

using namespace mlir;
using llvm::APInt;

namespace memlint {

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
        if (looksThrough(user, values[i]))
          values.insert(user->getResult(0));
        else if (asks(user, values[i]))
          return true;
        else
          addForwarded(user, values[i], values);
      }
    return false;
  }

private:
  /// The side of an integer select with a constant on the other side:
  /// ConditionTable::valueInSelect asks the select's question of it.
  static Value selectOpenSide(Operation *op) {
    if (!isa<arith::SelectOp, LLVM::SelectOp>(op) ||
        op->getResult(0).getType().isInteger(1))
      return Value();
    if (matchPattern(op->getOperand(1), m_Constant()))
      return op->getOperand(2);
    if (matchPattern(op->getOperand(2), m_Constant()))
      return op->getOperand(1);
    return Value();
  }

  /// The block arguments that are `v` itself, forwarded by `user` (their
  /// questions are v's: forwardedValue): what an scf.while's condition
  /// passes to its after region (-scf-for-to-while puts the body there,
  /// the loop's test before it), what a branch passes to a block it alone
  /// enters.
  static void addForwarded(Operation *user, Value v,
                           llvm::SetVector<Value> &values) {
    auto forward = [&](Block *block) {
      for (BlockArgument arg : block->getArguments())
        if (forwardedValue(arg) == v)
          values.insert(arg);
    };
    if (auto cond = dyn_cast<scf::ConditionOp>(user)) {
      if (auto loop = dyn_cast<scf::WhileOp>(cond->getParentOp()))
        forward(loop.getAfterBody());
      return;
    }
    if (isa<BranchOpInterface>(user))
      for (Block *succ : user->getSuccessors())
        forward(succ);
  }

  /// An op askOfSource (or ConditionTable::valueInSelect) reads back to
  /// its operand `v`.
  static bool looksThrough(Operation *op, Value v) {
    if (op->getNumResults() != 1)
      return false;
    if (isa<arith::SelectOp, LLVM::SelectOp>(op))
      return selectOpenSide(op) == v;
    if (isa<arith::AddIOp, arith::SubIOp, arith::XOrIOp>(op))
      return !op->getResult(0).getType().isInteger(1) &&
             (matchPattern(op->getOperand(0), m_Constant()) ||
              matchPattern(op->getOperand(1), m_Constant()));
    if (isa<arith::MulIOp, LLVM::MulOp>(op))
      return !op->getResult(0).getType().isInteger(1) &&
             negationOf(op->getResult(0)) == v;
    if (clampsByConstant(op) || isa<affine::AffineApplyOp>(op))
      return true;
    return extensionOf(op) != Extension::None;
  }

  /// Whether "x in set" is, of iv, a question on the first value alone.
  bool settles(Value x, ValueSet set) {
    askOfSource(x, set);
    // Where a select's open side asks it (valueInSelect), as that side.
    for (unsigned depth = 0; x != iv && depth < 8; ++depth) {
      Operation *def = x.getDefiningOp();
      Value open = def ? selectOpenSide(def) : Value();
      if (!open)
        break;
      x = open;
      askOfSource(x, set);
    }
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
    if (auto cmp = integerComparison(user)) {
      // (A comparison nothing uses asks nothing.)
      auto [lhs, pred, rhs] = *cmp;
      return !user->use_empty() && asksComparison(lhs, pred, rhs);
    }
    if (std::optional<SwitchForm> s = switchForm(user))
      return s->flag == v && asksCases(v, s->cases);
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
              q && settles(c->operands[q->first], q->second))
            return true;
          if (auto q = twoOperandComparison(*c)) {
            auto [x, y, pred] = *q;
            Value lhs = c->operands[x], rhs = c->operands[y];
            if (asksComparison(lhs, pred, rhs))
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
