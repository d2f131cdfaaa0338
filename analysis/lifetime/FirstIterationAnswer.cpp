//===- FirstIterationAnswer.cpp - A loop's first test, asked before it ----===//
//
// A loop that counts from a constant and tests the count against a bound
// fixed before the loop (`%i < %n`, %i entered as 0) asks, in its first
// iteration, a question on the bound alone (`0 < %n`). Where code before
// the loop asked it already (the guard `%n > 0` that -convert-scf-to-cf
// and -scf-for-to-while leave around what they make of an scf.for), the
// first iteration's test is that answer, read off the bound's cells
// without a new atom. Apart from Conditions.cpp, whose comparison() asks
// for it.
//
//===----------------------------------------------------------------------===//
#include "analysis/lifetime/Conditions.h"
#include "analysis/lifetime/QuestionSource.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlowOps.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Matchers.h"
#include "mlir/Interfaces/InferIntRangeInterface.h"

using namespace mlir;

namespace memlint {

/// "<" for slt and ult: `pred` as a reader of the IR writes it.
static const char *predicateWords(arith::CmpIPredicate pred) {
  using P = arith::CmpIPredicate;
  const char *op = "?";
  switch (pred) {
  case P::eq:
    op = "==";
    break;
  case P::ne:
    op = "!=";
    break;
  case P::slt:
  case P::ult:
    op = "<";
    break;
  case P::sle:
  case P::ule:
    op = "<=";
    break;
  case P::sgt:
  case P::ugt:
    op = ">";
    break;
  case P::sge:
  case P::uge:
    op = ">=";
    break;
  }
  return op;
}

static bool isUnsignedPredicate(arith::CmpIPredicate pred) {
  using P = arith::CmpIPredicate;
  return pred == P::ult || pred == P::ule || pred == P::ugt || pred == P::uge;
}

/// "%n > 0": `name pred k` in words a reader of the IR knows.
static std::string comparisonWords(const std::string &name,
                                   arith::CmpIPredicate pred, const APInt &k) {
  bool isUnsigned = isUnsignedPredicate(pred);
  return name + " " + predicateWords(pred) + " " +
         llvm::toString(k, 10, !isUnsigned) + (isUnsigned ? " (unsigned)" : "");
}

/// "%lb < %ub": `lhs pred rhs`, two named values.
static std::string comparisonWords(const std::string &lhs,
                                   arith::CmpIPredicate pred,
                                   const std::string &rhs) {
  return lhs + " " + predicateWords(pred) + " " + rhs +
         (isUnsignedPredicate(pred) ? " (unsigned)" : "");
}

std::optional<std::pair<Bdd, Bdd>>
ConditionTable::firstIterationAnswer(Value lhs, arith::CmpIPredicate predicate,
                                     Value rhs, const IterationSplit &split) {
  auto atom = firstIterations.find(split.head);
  if (atom == firstIterations.end())
    return std::nullopt;
  if (split.enteredAs)
    return enteredAnswer(lhs, predicate, rhs, split, atom->second);
  // A counter the loop enters with a constant, against a value fixed
  // before the loop: in the first iteration the loop's test is a question
  // on that value alone (`0 < %n`), already answered where the code asked
  // it before the loop (the guard `%n > 0` that -convert-scf-to-cf and
  // -scf-for-to-while leave in front of the loop they make of an scf.for).
  for (bool counterLeft : {true, false}) {
    Value x = counterLeft ? lhs : rhs, y = counterLeft ? rhs : lhs;
    std::optional<std::pair<Operation *, APInt>> entry =
        facts.firstIterationValue(x);
    if (!entry || entry->first != split.head || !y.getType().isIntOrIndex() ||
        matchPattern(y, m_Constant()) ||
        ConstantIntRanges::getStorageBitwidth(y.getType()) !=
            entry->second.getBitWidth() ||
        !facts.fixedBeforeLoop(y, split.head->getBlock()))
      continue;
    // `entry pred y` is `y swapped-pred entry`.
    ValueSet set = ValueSet::where(
        counterLeft ? swapPredicate(predicate) : predicate, entry->second);
    if (std::optional<Bdd> answer = valueInAnswered(y, set))
      return std::make_pair(atom->second, *answer);
    // Nobody asked it before the loop: ask it now, of the value's cells,
    // with an atom that gets its value outside the loop ("the loop runs",
    // made where the loop is entered), so that the back edge keeps it and
    // a test of the same value after the loop (`%n > 0` guarding the free
    // of what the loop made) reads the same answer.
    const LoopPlace &place =
        places[*atoms[bdd.support(atom->second).front()].loopPlace];
    Operation *enter = loopEntryOp(place);
    if (!enter)
      continue;
    arith::CmpIPredicate asked =
        counterLeft ? swapPredicate(predicate) : predicate;
    std::optional<bool> runs = testRuns(place, lhs, predicate, rhs);
    // (Copied: `places` may grow while the question is asked.)
    Message loopName = place.name;
    Operation *loopWhere = place.where;
    auto question = [&] {
      if (!runs)
        return choiceAtom(
            enter, comparisonWords(namer(y), asked, entry->second),
            comparisonWords(namer(y), invertPredicate(asked), entry->second));
      // The loop's own test: whether it runs at all.
      Message yes = loopName + " runs at least once",
              no = loopName + " runs zero times";
      Bdd a = *runs ? choiceAtom(enter, yes, no) : choiceAtom(enter, no, yes);
      markLoopRuns(a, loopWhere);
      return a;
    };
    return std::make_pair(atom->second, valueIn(y, set, question));
  }
  return std::nullopt;
}

std::optional<std::pair<Bdd, Bdd>>
ConditionTable::enteredAnswer(Value lhs, arith::CmpIPredicate predicate,
                              Value rhs, const IterationSplit &split,
                              Bdd firstAtom) {
  // A value the loop carries, entered as one value fixed before the loop
  // (`%lb`), against another (`%ub`): in the first iteration the loop's
  // test is `%lb < %ub`, asked of the two, with an atom that gets its
  // value where the loop is entered, so that the back edge keeps it and
  // the same question after the loop (`%lb >= %ub` guarding what frees a
  // buffer when the loop did not) reads the same answer.
  Value carried = same.representative(split.carried);
  bool counterLeft = lhs == carried;
  if (!counterLeft && rhs != carried)
    return std::nullopt;
  const LoopPlace &place =
      places[*atoms[bdd.support(firstAtom).front()].loopPlace];
  Operation *enter = loopEntryOp(place);
  if (!enter)
    return std::nullopt;
  Value a = counterLeft ? split.enteredAs : lhs;
  Value b = counterLeft ? rhs : split.enteredAs;
  // (In words as the two values: a path may ask it and not enter the
  // loop, where "the loop runs" would not be what it says.)
  auto question = [&] {
    return choiceAtom(
        enter, comparisonWords(namer(a), predicate, namer(b)),
        comparisonWords(namer(a), invertPredicate(predicate), namer(b)));
  };
  return std::make_pair(firstAtom, comparison(a, predicate, b, question));
}

std::optional<bool> ConditionTable::testRuns(const LoopPlace &place, Value lhs,
                                             arith::CmpIPredicate predicate,
                                             Value rhs) {
  // Whether `cond` is the comparison (true) or its negation (false).
  auto asTest = [&](Value cond) -> std::optional<bool> {
    bool negated = false;
    if (Value x = negatedBit(cond)) {
      cond = x;
      negated = true;
    }
    // (`lhs` and `rhs` are representatives: SameValues.)
    auto c = cond.getDefiningOp<arith::CmpIOp>();
    if (c && c.getPredicate() == predicate &&
        same.representative(c.getLhs()) == lhs &&
        same.representative(c.getRhs()) == rhs)
      return !negated;
    return std::nullopt;
  };
  if (auto w = dyn_cast_or_null<scf::WhileOp>(place.regionLoop))
    return asTest(w.getConditionOp().getCondition());
  Block *header = place.where ? place.where->getBlock() : nullptr;
  auto br =
      header ? dyn_cast<cf::CondBranchOp>(header->getTerminator()) : nullptr;
  if (place.regionLoop || !br)
    return std::nullopt;
  std::optional<bool> test = asTest(br.getCondition());
  bool trueIn = place.blocks.contains(br.getTrueDest());
  bool falseIn = place.blocks.contains(br.getFalseDest());
  if (!test || trueIn == falseIn)
    return std::nullopt;
  return *test == trueIn;
}

Operation *ConditionTable::loopEntryOp(const LoopPlace &place) {
  if (place.regionLoop)
    return place.regionLoop;
  // A CFG loop: the branch into its header from the one block outside it
  // that enters it.
  Block *header = place.where ? place.where->getBlock() : nullptr;
  if (!header)
    return nullptr;
  Operation *entry = nullptr;
  for (Block *pred : header->getPredecessors()) {
    if (place.blocks.contains(pred))
      continue;
    if (entry && entry != pred->getTerminator())
      return nullptr;
    entry = pred->getTerminator();
  }
  return entry;
}

std::optional<Bdd> ConditionTable::valueInAnswered(Value x, ValueSet set) {
  // (valueIn's other readings of x, of an i1 or a select, are left out.)
  if (x.getType().isInteger(1) ||
      isa_and_nonnull<arith::SelectOp>(x.getDefiningOp()))
    return std::nullopt;
  askOfSource(x, set, [this](Value v) { return facts.rangeOf(v); });
  if (set.empty())
    return BddManager::False;
  // (A truncation valueIn asks of the wide value where it fits: its own
  // cells hold only the rest.)
  if (Operation *def = x.getDefiningOp(); def && truncated(def))
    return std::nullopt;
  auto it = valueCells.find(same.representative(x));
  if (it == valueCells.end() || it->second.empty() ||
      it->second.front().values.width() != set.width())
    return std::nullopt;
  return unionOfCells(it->second, set);
}

} // namespace memlint
