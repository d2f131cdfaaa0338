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
#include "mlir/IR/Matchers.h"
#include "mlir/Interfaces/InferIntRangeInterface.h"

using namespace mlir;

namespace memlint {

std::optional<std::pair<Bdd, Bdd>>
ConditionTable::firstIterationAnswer(Value lhs, arith::CmpIPredicate predicate,
                                     Value rhs, const IterationSplit &split) {
  auto atom = firstIterations.find(split.head);
  if (atom == firstIterations.end())
    return std::nullopt;
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
  }
  return std::nullopt;
}

std::optional<Bdd> ConditionTable::valueInAnswered(Value x, ValueSet set) {
  // (valueIn's other readings of x, of an i1 or a select, are left out.)
  if (x.getType().isInteger(1) ||
      isa_and_nonnull<arith::SelectOp>(x.getDefiningOp()))
    return std::nullopt;
  askOfSource(x, set, [this](Value v) { return facts.rangeOf(v); });
  if (set.empty())
    return BddManager::False;
  auto it = valueCells.find(same.representative(x));
  if (it == valueCells.end() || it->second.empty() ||
      it->second.front().values.width() != set.width())
    return std::nullopt;
  Bdd f = BddManager::False;
  for (const ValueCell &c : it->second) {
    if (c.values.intersect(set).empty())
      continue;
    if (!c.values.minus(set).empty())
      return std::nullopt;
    f = bdd.disj(f, c.cond);
  }
  return f;
}

} // namespace memlint
