//===- ComparisonCases.cpp - Comparisons read outcome by outcome ----------===//
//
// Two kinds of comparison whose answer follows from what is already known
// of their operands, apart from the integer cells of Conditions.cpp:
//
// - Float comparisons (arith.cmpf). Two floats stand in one of four
//   relations: less, equal, greater, unordered (a NaN). Each predicate is
//   a set of them (`olt` {less}, `uge` {greater, equal, unordered}, `one`
//   {less, greater}), so the comparisons of one pair are questions on the
//   cells of that pair, like integer ones: `oeq` and `one` of the same
//   operands exclude each other, `olt` and `uge` are complements.
//
// - Integers that are one of a few constants chosen by i1 values: a C
//   `bool` widened (`arith.extui %b : i1 to i32`, `extsi` gives 0 or -1),
//   `arith.select %c, %one, %zero`, an `scf.if` yielding a constant per
//   branch (what lift-cf-to-scf emits), casts of those. Comparing them with a
//   constant or with each other is a formula of those i1 values, computed
//   case by case: `extsi %b == -1` is `%b` itself.
//
// - An integer's comparison with a constant against the cells of its
//   comparison with another constant (a loop's own test on its counter
//   keeps pair cells, other constants value cells): false where the pair's
//   cells leave it no such value (narrowedByConstantPairs).
//
//===----------------------------------------------------------------------===//
#include "analysis/lifetime/Conditions.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Index/IR/IndexOps.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Matchers.h"
#include "mlir/Interfaces/InferIntRangeInterface.h"

using namespace mlir;

namespace memlint {

namespace {
namespace float_outcome {
constexpr Outcomes Eq = 1, Gt = 2, Lt = 4, Unordered = 8, All = 15;
} // namespace float_outcome
} // namespace

/// The relations between two floats in which `pred` is true. arith's
/// ordered predicates 0-7 are the sets of {eq 1, gt 2, lt 4} their values
/// spell; the unordered ones 8-13 (ueq..une) add a NaN to those of 1-6.
static Outcomes floatOutcomesWhere(arith::CmpFPredicate pred) {
  using namespace float_outcome;
  unsigned p = unsigned(pred);
  if (p <= unsigned(arith::CmpFPredicate::ORD))
    return p;
  if (pred == arith::CmpFPredicate::UNO)
    return Unordered;
  if (pred == arith::CmpFPredicate::AlwaysTrue)
    return All;
  return (p - 7) | Unordered;
}

static Outcomes swapFloatOutcomes(Outcomes o) {
  using namespace float_outcome;
  return (o & (Eq | Unordered)) | (o & Gt ? Lt : 0) | (o & Lt ? Gt : 0);
}

std::optional<Bdd> ConditionTable::floatComparison(Operation *op) {
  using namespace float_outcome;
  std::optional<arith::CmpFPredicate> predicate;
  Attribute fastmath;
  if (auto c = dyn_cast<arith::CmpFOp>(op)) {
    predicate = c.getPredicate();
    fastmath = c.getFastmathAttr();
  } else if (auto c = dyn_cast<LLVM::FCmpOp>(op)) {
    // The same sixteen predicates, `_false` and `_true` spelled apart.
    predicate = arith::symbolizeCmpFPredicate(
        LLVM::stringifyFCmpPredicate(c.getPredicate()).ltrim('_'));
    fastmath = c.getFastmathFlagsAttr();
  }
  if (!predicate)
    return std::nullopt;
  Value lhs = same.representative(op->getOperand(0));
  Value rhs = same.representative(op->getOperand(1));
  Outcomes holds = floatOutcomesWhere(*predicate);
  if (rhs.getAsOpaquePointer() < lhs.getAsOpaquePointer()) {
    std::swap(lhs, rhs);
    holds = swapFloatOutcomes(holds);
  }
  // (Fast-math flags may change what a comparison answers on NaN: pairs
  // compared under other flags are other pairs.)
  auto [it, first] = floatCells.try_emplace(
      std::make_tuple(lhs.getAsOpaquePointer(), rhs.getAsOpaquePointer(),
                      fastmath.getAsOpaquePointer()));
  if (first)
    it->second = {{BddManager::True, lhs == rhs ? Eq | Unordered : All}};
  return readCells(it->second, holds,
                   [&] { return freshValueAtom(op->getResult(0)); });
}

/// Bounds how far casesOf looks through casts and selects.
static constexpr unsigned MaxCaseDepth = 8;

/// `v` converted as `op` (a cast caseCast accepts) does.
static std::optional<APInt> castCase(Operation *op, const APInt &v) {
  unsigned width =
      ConstantIntRanges::getStorageBitwidth(op->getResult(0).getType());
  if (!width)
    return std::nullopt;
  bool zero = isa<arith::ExtUIOp, arith::IndexCastUIOp, LLVM::ZExtOp>(op);
  if (width <= v.getBitWidth())
    return v.trunc(width);
  return zero ? v.zext(width) : v.sext(width);
}

/// The cast casesOf reads through, or null.
static Operation *caseCast(Value v) {
  Operation *def = v.getDefiningOp();
  if (isa_and_nonnull<arith::ExtUIOp, arith::ExtSIOp, arith::TruncIOp,
                      arith::IndexCastOp, arith::IndexCastUIOp, LLVM::ZExtOp,
                      LLVM::SExtOp, LLVM::TruncOp>(def))
    return def;
  return nullptr;
}

namespace {
/// A value that is one of two others as an i1 decides: `arith.select`, or
/// a result of an `scf.if` with both branches (lift-cf-to-scf yields a
/// constant per branch where a CFG chose a block).
struct Choice {
  Value cond, ifTrue, ifFalse;
};
} // namespace

static std::optional<Choice> choiceOf(Value v) {
  if (auto s = v.getDefiningOp<arith::SelectOp>())
    return Choice{s.getCondition(), s.getTrueValue(), s.getFalseValue()};
  auto r = dyn_cast<OpResult>(v);
  auto ifOp = r ? dyn_cast<scf::IfOp>(r.getOwner()) : nullptr;
  if (!ifOp || ifOp.getElseRegion().empty())
    return std::nullopt;
  unsigned i = r.getResultNumber();
  return Choice{ifOp.getCondition(), ifOp.thenYield().getOperand(i),
                ifOp.elseYield().getOperand(i)};
}

bool ConditionTable::hasCases(Value v, unsigned depth, bool &onBoolean) const {
  if (depth > MaxCaseDepth)
    return false;
  if (matchPattern(v, m_Constant()))
    return v.getType().isIntOrIndex();
  if (v.getType().isInteger(1)) {
    onBoolean = true;
    return true;
  }
  if (Operation *cast = caseCast(v))
    return hasCases(cast->getOperand(0), depth + 1, onBoolean);
  // A choice by an i1 reads as a formula of it, the same on every path;
  // cases pinned by the control flow hold on the paths that reach it.
  if (std::optional<Choice> s = choiceOf(v)) {
    bool choiceOnBoolean = !matchPattern(s->cond, m_Constant());
    if (hasCases(s->ifTrue, depth + 1, choiceOnBoolean) &&
        hasCases(s->ifFalse, depth + 1, choiceOnBoolean)) {
      onBoolean |= choiceOnBoolean;
      return true;
    }
  }
  // (Even one case on every path: the edges decide it, read it so.)
  if (pinnedCases.count(v)) {
    onBoolean = true;
    return true;
  }
  return false;
}

bool ConditionTable::comparesBooleanCases(Value lhs, Value rhs) const {
  bool onBoolean = false;
  return hasCases(lhs, 0, onBoolean) && hasCases(rhs, 0, onBoolean) &&
         onBoolean;
}

std::optional<ConditionTable::Cases> ConditionTable::casesOf(Value v,
                                                             unsigned depth) {
  if (depth > MaxCaseDepth)
    return std::nullopt;
  APInt c;
  if (matchPattern(v, m_ConstantInt(&c)))
    return Cases{{BddManager::True, c}};
  if (v.getType().isInteger(1)) {
    Bdd f = formulaOf(v);
    return Cases{{f, APInt(1, 1)}, {bdd.negate(f), APInt(1, 0)}};
  }
  if (Operation *cast = caseCast(v)) {
    std::optional<Cases> in = casesOf(cast->getOperand(0), depth + 1);
    if (!in)
      return std::nullopt;
    Cases out;
    for (auto &[cond, value] : *in) {
      std::optional<APInt> converted = castCase(cast, value);
      if (!converted)
        return std::nullopt;
      out.push_back({cond, *converted});
    }
    return out;
  }
  auto pinned = [&]() -> std::optional<Cases> {
    if (auto it = pinnedCases.find(v); it != pinnedCases.end())
      return it->second;
    return std::nullopt;
  };
  std::optional<Choice> s = choiceOf(v);
  if (!s)
    return pinned();
  std::optional<Cases> t = casesOf(s->ifTrue, depth + 1);
  std::optional<Cases> e = t ? casesOf(s->ifFalse, depth + 1) : std::nullopt;
  if (!e)
    return pinned();
  Bdd cond = formulaOf(s->cond);
  Cases out;
  auto add = [&](Bdd when, const APInt &value) {
    if (when == BddManager::False)
      return;
    for (auto &[f, known] : out)
      if (known == value) {
        f = bdd.disj(f, when);
        return;
      }
    out.push_back({when, value});
  };
  for (auto &[f, value] : *t)
    add(bdd.conj(cond, f), value);
  for (auto &[f, value] : *e)
    add(bdd.conj(bdd.negate(cond), f), value);
  if (out.size() > MaxCases)
    return pinned();
  return out;
}

bool ConditionTable::isBooleanCast(Value v) const {
  Operation *cast = caseCast(v);
  bool onBoolean = false;
  return cast && v.getType().isInteger(1) &&
         hasCases(cast->getOperand(0), 1, onBoolean) && onBoolean;
}

std::optional<Bdd> ConditionTable::booleanOfCast(Value v) {
  if (!isBooleanCast(v))
    return std::nullopt;
  Operation *cast = v.getDefiningOp();
  std::optional<Cases> in = casesOf(cast->getOperand(0), 1);
  if (!in)
    return std::nullopt;
  Bdd f = BddManager::False;
  for (auto &[cond, value] : *in) {
    std::optional<APInt> bit = castCase(cast, value);
    if (!bit)
      return std::nullopt;
    if (!bit->isZero())
      f = bdd.disj(f, cond);
  }
  return f;
}

Bdd ConditionTable::lowBitOf(Value x, bool negated,
                             function_ref<Bdd()> makeAtom) {
  Value key = same.representative(x);
  auto it = lowBits.find(key);
  if (it == lowBits.end()) {
    Bdd atom = makeAtom();
    it = lowBits.try_emplace(key, negated ? bdd.negate(atom) : atom).first;
  }
  return negated ? bdd.negate(it->second) : it->second;
}

std::optional<Bdd> ConditionTable::lowBitOfTruncation(Value v) {
  Operation *def = v.getDefiningOp();
  if (!def || !isa<arith::TruncIOp, LLVM::TruncOp>(def) ||
      !v.getType().isInteger(1) || isBooleanCast(v))
    return std::nullopt;
  return lowBitOf(def->getOperand(0), /*negated=*/false,
                  [&] { return freshValueAtom(v); });
}

std::optional<Bdd>
ConditionTable::lowBitComparison(Value lhs, arith::CmpIPredicate predicate,
                                 Value rhs, function_ref<Bdd()> makeAtom) {
  if (predicate != arith::CmpIPredicate::eq &&
      predicate != arith::CmpIPredicate::ne)
    return std::nullopt;
  // `%x & 1` on one side, 0 or 1 on the other.
  auto maskedBit = [](Value v) -> Value {
    Operation *def = v.getDefiningOp();
    if (!def || !isa<arith::AndIOp, LLVM::AndOp>(def))
      return {};
    for (unsigned i : {0u, 1u})
      if (APInt k;
          matchPattern(def->getOperand(1 - i), m_ConstantInt(&k)) && k.isOne())
        return def->getOperand(i);
    return {};
  };
  for (auto [masked, other] : {std::pair(lhs, rhs), std::pair(rhs, lhs)}) {
    Value x = maskedBit(masked);
    APInt k;
    if (!x || !matchPattern(other, m_ConstantInt(&k)) || k.ugt(1))
      continue;
    // The question holds when the bit is set: `!= 0`, `== 1`.
    bool whenSet = (predicate == arith::CmpIPredicate::ne) == k.isZero();
    return lowBitOf(x, /*negated=*/!whenSet, makeAtom);
  }
  return std::nullopt;
}

/// The predicate under which `a` is what `def` (a min or max of two
/// integers) yields, `sge` for a signed max; nullopt for other ops.
static std::optional<arith::CmpIPredicate> clampKeepsFirst(Operation *def) {
  using P = arith::CmpIPredicate;
  if (!def || def->getNumOperands() != 2 || def->getNumResults() != 1 ||
      def->getResult(0).getType().isInteger(1))
    return std::nullopt;
  if (isa<arith::MaxSIOp, index::MaxSOp, LLVM::SMaxOp>(def))
    return P::sge;
  if (isa<arith::MinSIOp, index::MinSOp, LLVM::SMinOp>(def))
    return P::sle;
  if (isa<arith::MaxUIOp, index::MaxUOp, LLVM::UMaxOp>(def))
    return P::uge;
  if (isa<arith::MinUIOp, index::MinUOp, LLVM::UMinOp>(def))
    return P::ule;
  return std::nullopt;
}

std::optional<Bdd>
ConditionTable::comparisonOfClamp(Value lhs, arith::CmpIPredicate predicate,
                                  Value rhs, function_ref<Bdd()> makeAtom) {
  for (bool clampOnLeft : {true, false}) {
    Value clamp = clampOnLeft ? lhs : rhs, other = clampOnLeft ? rhs : lhs;
    Operation *def = clamp.getDefiningOp();
    std::optional<arith::CmpIPredicate> keeps = clampKeepsFirst(def);
    if (!keeps)
      continue;
    Value a = def->getOperand(0), b = def->getOperand(1);
    // Only against one of its own operands: then both answers are
    // questions on (a, b) or constants, and a chain of clamps is read one
    // step at a time.
    Value rep = same.representative(other);
    if (rep != same.representative(a) && rep != same.representative(b))
      continue;
    auto ask = [&](Value kept) {
      return clampOnLeft ? comparison(kept, predicate, other, makeAtom)
                         : comparison(other, predicate, kept, makeAtom);
    };
    Bdd aWins = comparison(a, *keeps, b, makeAtom);
    return bdd.ite(aWins, ask(a), ask(b));
  }
  return std::nullopt;
}

std::optional<Bdd> ConditionTable::comparisonOfCases(Value lhs,
                                                     arith::CmpIPredicate pred,
                                                     Value rhs) {
  if (!comparesBooleanCases(lhs, rhs))
    return std::nullopt;
  std::optional<Cases> l = casesOf(lhs), r = l ? casesOf(rhs) : std::nullopt;
  if (!r)
    return std::nullopt;
  // An index is 32 or 64 bits depending on the target: compare only
  // values that are the same integers either way.
  if (isa<IndexType>(lhs.getType()))
    for (const Cases *side : {&*l, &*r})
      for (auto &[f, value] : *side)
        if (!value.isSignedIntN(32))
          return std::nullopt;
  Bdd f = BddManager::False;
  for (auto &[lf, lv] : *l)
    for (auto &[rf, rv] : *r)
      if (lv.getBitWidth() == rv.getBitWidth() &&
          arith::applyCmpPredicate(pred, lv, rv))
        f = bdd.disj(f, bdd.conj(lf, rf));
      else if (lv.getBitWidth() != rv.getBitWidth())
        return std::nullopt;
  return f;
}

void ConditionTable::forgetCaseReadings(Value v) {
  // What was read off the cases (a comparison, a truncation to i1, through
  // casts and selects) is read again; an i1 built from those (xori, andi)
  // is rebuilt on its next visit anyway (isDerived).
  SmallVector<Value> work{v};
  DenseSet<Value> seen{v};
  while (!work.empty()) {
    Value x = work.pop_back_val();
    for (Operation *user : x.getUsers()) {
      // Only the ops that read cases (what isDerived covers): other
      // results keep their atoms, which earlier states mention.
      if (user->getNumResults() != 1 ||
          !(caseCast(user->getResult(0)) ||
            isa<arith::CmpIOp, index::CmpOp, LLVM::ICmpOp, arith::SelectOp>(
                user)))
        continue;
      for (Value r : user->getResults()) {
        if (!r.getType().isIntOrIndex() || !seen.insert(r).second)
          continue;
        formulas.erase(r);
        if (!r.getType().isInteger(1))
          work.push_back(r);
      }
    }
  }
}

bool ConditionTable::pinCases(Value v, std::optional<Cases> cases) {
  if (!cases || cases->empty()) {
    // Cases pinned in an earlier round of a loop (an edge not reached
    // yet) are gone: formulas read off them must not stay.
    if (!pinnedCases.erase(v))
      return false;
    forgetCaseReadings(v);
    return true;
  }
  auto [it, fresh] = pinnedCases.try_emplace(v, *cases);
  if (fresh)
    return true;
  bool changed = it->second.size() != cases->size() ||
                 llvm::any_of(llvm::zip(it->second, *cases), [](auto p) {
                   auto &[a, b] = p;
                   return a.first != b.first ||
                          a.second.getBitWidth() != b.second.getBitWidth() ||
                          a.second != b.second;
                 });
  it->second = std::move(*cases);
  // (Formulas read off the old cases must not stay either.)
  if (changed)
    forgetCaseReadings(v);
  return changed;
}

std::optional<Bdd> ConditionTable::caseOfCases(Value selector,
                                               const APInt &value) {
  bool onBoolean = false;
  if (!hasCases(selector, 0, onBoolean) || !onBoolean)
    return std::nullopt;
  std::optional<Cases> cs = casesOf(selector);
  if (!cs)
    return std::nullopt;
  // (As comparisonOfCases: an index case the same integer on any target.)
  bool index = isa<IndexType>(selector.getType());
  if (index && !value.isSignedIntN(32))
    return std::nullopt;
  Bdd f = BddManager::False;
  for (auto &[cond, v] : *cs) {
    if (v.getBitWidth() != value.getBitWidth() ||
        (index && !v.isSignedIntN(32)))
      return std::nullopt;
    if (v == value)
      f = bdd.disj(f, cond);
  }
  return f;
}

/// The values of an integer of `width` bits whose comparison with `k` has
/// one of `outcomes`.
static ValueSet valuesWith(Outcomes outcomes, const APInt &k) {
  using P = arith::CmpIPredicate;
  ValueSet out = ValueSet::none(k.getBitWidth());
  auto both = [&](P s, P u) {
    return ValueSet::where(s, k).intersect(ValueSet::where(u, k));
  };
  if (outcomes & outcome::Eq)
    out = out.united(ValueSet::single(k));
  if (outcomes & outcome::LtLt)
    out = out.united(both(P::slt, P::ult));
  if (outcomes & outcome::LtGt)
    out = out.united(both(P::slt, P::ugt));
  if (outcomes & outcome::GtLt)
    out = out.united(both(P::sgt, P::ult));
  if (outcomes & outcome::GtGt)
    out = out.united(both(P::sgt, P::ugt));
  return out;
}

Bdd ConditionTable::narrowedByConstantPairs(Value x, const ValueSet &set,
                                            Bdd f) {
  auto partners = constantPartners.find(x);
  if (partners == constantPartners.end())
    return f;
  for (const ConstantPartner &p : partners->second) {
    if (p.constant.getBitWidth() != set.width())
      continue;
    auto it = cells.find(p.key);
    if (it == cells.end())
      continue;
    // (The pair's cells may leave out a loop's first iteration, answered
    // by other cells: there `f` stands.)
    Bdd covered = BddManager::False, narrowed = BddManager::False;
    for (const Cell &c : it->second) {
      ValueSet values = valuesWith(
          p.valueIsLhs ? c.outcomes : swapOutcomes(c.outcomes), p.constant);
      // (Only the false side: a pair cell that leaves x only values of the
      // set would answer with the pair's atoms, which the value's own
      // equalities, held once per loop, do not constrain.)
      Bdd answer = values.intersect(set).empty() ? BddManager::False : f;
      covered = bdd.disj(covered, c.cond);
      narrowed = bdd.disj(narrowed, bdd.conj(c.cond, answer));
    }
    f = bdd.disj(bdd.conj(bdd.negate(covered), f), narrowed);
  }
  return f;
}

// The equalities a loop's counters take part in (LoopModel's
// equalitiesHoldOnce): cells left with a single value, pairs' cells left
// with equality alone.
void ConditionTable::forEachEquality(
    function_ref<void(Value x, Value y, Bdd cond)> fn) const {
  for (const auto &[x, cs] : valueCells)
    for (const ValueCell &c : cs)
      if (c.values.singleValue())
        fn(x, Value(), c.cond);
  for (const auto &[pair, cs] : cells)
    for (const Cell &c : cs)
      if (c.outcomes == outcome::Eq)
        fn(pair.first, pair.second, c.cond);
}

void ConditionTable::forEachEqualityOf(
    ArrayRef<Value> values, function_ref<void(Value x, Value y, Bdd cond)> fn) {
  llvm::DenseSet<Value> seen;
  llvm::DenseSet<std::pair<Value, Value>> pairsSeen;
  for (Value x : values) {
    if (!seen.insert(x).second)
      continue;
    if (auto it = valueCells.find(x); it != valueCells.end())
      for (const ValueCell &c : it->second)
        if (c.values.singleValue())
          fn(x, Value(), c.cond);
    if (auto it = pairsWith.find(x); it != pairsWith.end())
      for (const std::pair<Value, Value> &key : it->second) {
        if (!pairsSeen.insert(key).second)
          continue;
        for (const Cell &c : cells.find(key)->second)
          if (c.outcomes == outcome::Eq)
            fn(key.first, key.second, c.cond);
      }
  }
}

} // namespace memlint
