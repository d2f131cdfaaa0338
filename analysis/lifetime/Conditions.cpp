//===- Conditions.cpp - Branch conditions as boolean atoms ----------------===//
#include "analysis/lifetime/Conditions.h"

#include "analysis/Ownership.h"
#include "analysis/lifetime/AsyncRuntime.h"
#include "analysis/lifetime/QuestionSource.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/EmitC/IR/EmitC.h"
#include "mlir/Dialect/Index/IR/IndexOps.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Location.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/Operation.h"
#include "mlir/Interfaces/InferIntRangeInterface.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "llvm/ADT/ScopeExit.h"

using namespace mlir;

namespace memlint {

Message positionOf(Operation *op) {
  if (auto fl = dyn_cast<FileLineColLoc>(op->getLoc()))
    return Message::position({fl.getLine(), fl.getColumn()});
  return "?";
}

static bool isI1(Value v) { return v.getType().isInteger(1); }

/// Whether every operand of `op` is an i1 (emitc's logical ops take any
/// operands C converts to bool, its bitwise ones any integers: on i1 ones
/// both are the boolean ops).
static bool i1Operands(Operation *op) {
  return llvm::all_of(op->getOperands(), isI1);
}

bool ConditionTable::isDerived(Value v) const {
  if (!isI1(v))
    return false;
  if (matchPattern(v, m_Constant()) || lifetime::asksIfTaskFailed(v))
    return true;
  Operation *def = v.getDefiningOp();
  if (!def)
    return false;
  if (isa<arith::XOrIOp, arith::AndIOp, arith::OrIOp, arith::SelectOp,
          LLVM::XOrOp, LLVM::AndOp, LLVM::OrOp, LLVM::SelectOp>(def))
    return true;
  if (isa<emitc::BitwiseXorOp, emitc::BitwiseAndOp, emitc::BitwiseOrOp,
          emitc::LogicalAndOp, emitc::LogicalOrOp, emitc::LogicalNotOp>(def))
    return i1Operands(def);
  if (auto c = dyn_cast<arith::CmpIOp>(def);
      c && isI1(c.getLhs()) &&
      (c.getPredicate() == arith::CmpIPredicate::eq ||
       c.getPredicate() == arith::CmpIPredicate::ne))
    return true;
  if (isBooleanCast(v))
    return true;
  // Integer comparisons read as their operands' boolean cases, or as a
  // question on a widened flag (`extui %b + 1 == 2` is `%b`: askOfSource).
  if (isa<arith::CmpIOp, index::CmpOp, LLVM::ICmpOp>(def)) {
    if (comparesBooleanCases(def->getOperand(0), def->getOperand(1)))
      return true;
    auto xc = constantComparison(def->getOperand(0), arith::CmpIPredicate::eq,
                                 def->getOperand(1));
    return xc && asksOfFormula(std::get<0>(*xc));
  }
  return false;
}

Bdd ConditionTable::formulaOf(Value v) {
  auto it = formulas.find(v);
  if (it != formulas.end())
    return it->second;
  Bdd f = BddManager::False;
  bool known = true;
  Operation *def = v.getDefiningOp();
  APInt cst;
  if (isI1(v) && matchPattern(v, m_ConstantInt(&cst))) {
    f = cst.isZero() ? BddManager::False : BddManager::True;
  } else if (lifetime::asksIfTaskFailed(v)) {
    // Runs in which a task fails are not followed: an async.execute body
    // read before lowering always runs, and whoever awaits a failed task
    // aborts (upstream's lowering asserts at the await).
    f = BddManager::False;
  } else if (!def || !isI1(v)) {
    known = false;
  } else if (isa<arith::XOrIOp, LLVM::XOrOp>(def) ||
             (isa<emitc::BitwiseXorOp>(def) && i1Operands(def))) {
    f = bdd.xorOf(formulaOf(def->getOperand(0)), formulaOf(def->getOperand(1)));
  } else if (isa<arith::AndIOp, LLVM::AndOp>(def) ||
             (isa<emitc::BitwiseAndOp, emitc::LogicalAndOp>(def) &&
              i1Operands(def))) {
    f = bdd.conj(formulaOf(def->getOperand(0)), formulaOf(def->getOperand(1)));
  } else if (isa<emitc::LogicalNotOp>(def) && i1Operands(def)) {
    f = bdd.negate(formulaOf(def->getOperand(0)));
  } else if (isa<arith::OrIOp, LLVM::OrOp>(def) ||
             (isa<emitc::BitwiseOrOp, emitc::LogicalOrOp>(def) &&
              i1Operands(def))) {
    f = bdd.disj(formulaOf(def->getOperand(0)), formulaOf(def->getOperand(1)));
  } else if (isa<arith::SelectOp, LLVM::SelectOp>(def)) {
    // (Both: condition, value if true, value if false.)
    f = bdd.ite(formulaOf(def->getOperand(0)), formulaOf(def->getOperand(1)),
                formulaOf(def->getOperand(2)));
  } else if (auto c = dyn_cast<arith::CmpIOp>(def);
             c && isI1(c.getLhs()) &&
             (c.getPredicate() == arith::CmpIPredicate::eq ||
              c.getPredicate() == arith::CmpIPredicate::ne)) {
    Bdd x = bdd.xorOf(formulaOf(c.getLhs()), formulaOf(c.getRhs()));
    f = c.getPredicate() == arith::CmpIPredicate::ne ? x : bdd.negate(x);
  } else if (auto cmp = integerComparison(def)) {
    auto [lhs, pred, rhs] = *cmp;
    f = comparison(lhs, pred, rhs, [&] { return freshValueAtom(v); });
  } else if (std::optional<Bdd> c = floatComparison(def)) {
    f = *c;
  } else if (std::optional<Bdd> b = booleanOfCast(v)) {
    f = *b;
  } else if (std::optional<Bdd> b = lowBitOfTruncation(v)) {
    f = *b;
  } else if (!(extraFormula && extraFormula(v, f))) {
    known = false;
  }
  if (!known) {
    // The same question asked again (no CSE ran) is the same atom.
    if (Value rep = same.representative(v); rep != v)
      f = formulaOf(rep);
    else
      return freshValueAtom(v);
  }
  formulas[v] = f;
  return f;
}

Bdd ConditionTable::comparison(Value lhs, arith::CmpIPredicate predicate,
                               Value rhs, function_ref<Bdd()> makeAtom) {
  if (std::optional<Bdd> f = comparisonOfCases(lhs, predicate, rhs))
    return *f;
  // `a - b pred 0` is `a pred b`: for == and != whatever wraps (the
  // question -lower-affine writes of an affine.if's `d0 - s0 == 0`, asked
  // of the pair that `%a != %b` elsewhere asks); for a signed order where
  // the difference cannot wrap (`-d0 + s0 >= 0` with nsw flags).
  using P = arith::CmpIPredicate;
  bool equality = predicate == P::eq || predicate == P::ne;
  bool signedOrder = predicate == P::sge || predicate == P::sgt ||
                     predicate == P::sle || predicate == P::slt;
  if (equality || signedOrder)
    for (auto [zero, other, pred] :
         {std::tuple(rhs, lhs, predicate),
          std::tuple(lhs, rhs, swapPredicate(predicate))})
      if (APInt k; matchPattern(zero, m_ConstantInt(&k)) && k.isZero())
        if (auto d = equality ? differenceOf(other) : signedDifferenceOf(other);
            d && d->first.getType() == d->second.getType() &&
            !matchPattern(d->first, m_Constant()) &&
            !matchPattern(d->second, m_Constant()))
          return comparison(d->first, pred, d->second, makeAtom);
  lhs = same.representative(lhs);
  rhs = same.representative(rhs);
  if (std::optional<bool> known = facts.decide(lhs, predicate, rhs))
    return *known ? BddManager::True : BddManager::False;
  if (std::optional<Bdd> f = lowBitComparison(lhs, predicate, rhs, makeAtom))
    return *f;
  if (std::optional<Bdd> f = comparisonOfClamp(lhs, predicate, rhs, makeAtom))
    return *f;
  ComparedPair pair = facts.pairOf(lhs, predicate, rhs);
  // A value a loop carries in from a constant, against it, keeps the
  // pair's cells, which the loop's first iteration splits; an induction
  // variable against its constant lower bound is a question on its values
  // like any other (valueIn splits them by the first iteration too).
  std::optional<IterationSplit> split =
      facts.iterationSplit(pair.lhs, pair.rhs);
  // (A counter a CFG loop or scf.while carries keeps its own test's split:
  // its range does not bound it the way a for loop's does.)
  auto forCounter = [&](Value v) {
    return (inductionVarOwner(v) || affine::getForInductionVarOwner(v)) &&
           facts.firstIterationValue(v);
  };
  bool inductionVariable =
      split && (forCounter(pair.lhs) || forCounter(pair.rhs));
  if (auto xc = constantComparison(lhs, predicate, rhs);
      xc && (!split || inductionVariable)) {
    auto &[x, pred, c] = *xc;
    return valueIn(x, ValueSet::where(pred, c), makeAtom);
  }
  std::optional<std::pair<Bdd, Bdd>> firstPart =
      split ? firstIterationAnswer(lhs, predicate, rhs, *split) : std::nullopt;
  auto [it, first] = cells.try_emplace({pair.lhs, pair.rhs});
  if (first) {
    pairsWith[pair.lhs].push_back(it->first);
    if (pair.rhs != pair.lhs)
      pairsWith[pair.rhs].push_back(it->first);
    APInt k;
    if (matchPattern(pair.rhs, m_ConstantInt(&k)))
      constantPartners[pair.lhs].push_back({it->first, k, true});
    else if (matchPattern(pair.lhs, m_ConstantInt(&k)))
      constantPartners[pair.rhs].push_back({it->first, k, false});
    it->second = initialCells(pair);
    // The first iteration is answered by the other value's cells.
    if (firstPart)
      llvm::erase_if(it->second,
                     [&](const Cell &c) { return c.cond == firstPart->first; });
  }
  Bdd f = readCells(it->second, pair.holds, makeAtom);
  if (!firstPart)
    return f;
  auto [firstAtom, answer] = *firstPart;
  return bdd.disj(bdd.conj(bdd.negate(firstAtom), f),
                  bdd.conj(firstAtom, answer));
}

Bdd ConditionTable::readCells(SmallVectorImpl<Cell> &cs, Outcomes holds,
                              function_ref<Bdd()> makeAtom) {
  Bdd f = BddManager::False;
  Bdd atom = BddManager::False;
  for (unsigned i = 0, e = cs.size(); i < e; ++i) {
    Outcomes in = cs[i].outcomes & holds;
    Outcomes out = cs[i].outcomes & ~holds;
    if (!in)
      continue;
    if (!out) {
      f = bdd.disj(f, cs[i].cond);
      continue;
    }
    // Either way on this cell: the comparison's atom says which.
    if (atom == BddManager::False)
      atom = makeAtom();
    Bdd yes = bdd.conj(cs[i].cond, atom);
    cs.push_back({yes, in});
    cs[i] = {bdd.conj(cs[i].cond, bdd.negate(atom)), out};
    f = bdd.disj(f, yes);
  }
  return f;
}

Bdd ConditionTable::valueIn(Value x, const ValueSet &question,
                            function_ref<Bdd()> atom) {
  ValueSet set = question;
  askOfSource(x, set, [this](Value v) { return facts.rangeOf(v); });
  if (set.empty())
    return BddManager::False;
  if (std::optional<Bdd> f = valueInSelect(x, set, atom))
    return *f;
  // An i1 (a switch on a flag, an extended flag) is its formula.
  if (x.getType().isInteger(1) && set.width() == 1) {
    Bdd f = formulaOf(x), out = BddManager::False;
    if (!set.intersect(ValueSet::single(APInt(1, 1))).empty())
      out = bdd.disj(out, f);
    if (!set.intersect(ValueSet::single(APInt(1, 0))).empty())
      out = bdd.disj(out, bdd.negate(f));
    return out;
  }
  if (std::optional<Bdd> f = valueInTruncation(x, set, atom))
    return *f;
  return valueInCells(x, set, atom);
}

Bdd ConditionTable::valueInCells(Value x, const ValueSet &set,
                                 function_ref<Bdd()> atom) {
  x = same.representative(x);
  auto [it, first] = valueCells.try_emplace(x);
  if (first)
    it->second = initialValueCells(x);
  SmallVector<ValueCell, 4> &cs = it->second;
  std::optional<ValueSet> firstValue;
  Bdd firstAtom = BddManager::False;
  if (auto first = facts.firstIterationValue(x);
      first && first->second.getBitWidth() == set.width())
    if (auto it = firstIterations.find(first->first);
        it != firstIterations.end()) {
      firstValue = ValueSet::single(first->second);
      firstAtom = it->second;
    }
  // Past the cells' limit (a switch's code made them), a question they
  // answer without a split is still read from them.
  if (cs.size() > MaxValueCells && cs.front().values.width() == set.width())
    if (std::optional<Bdd> f = unionOfCells(cs, set))
      return narrowedByConstantPairs(x, set, *f);
  if (cs.size() > MaxValueCells || cs.front().values.width() != set.width()) {
    // Past the cells' limit a question gets an atom of its own, but one
    // the first iteration settles is still the first-iteration atom (the
    // cells started split by it, or the loop's carried values are).
    if (firstValue && cs.front().values.width() == set.width()) {
      // The cells split what x may be: their union.
      ValueSet none = ValueSet::all(set.width());
      for (const ValueCell &c : cs)
        none = none.minus(c.values);
      ValueSet possible = none.complement();
      ValueSet at = possible.intersect(*firstValue);
      if (!at.empty() && possible.intersect(set) == at)
        return firstAtom;
      if (!at.empty() && possible.minus(set) == at)
        return bdd.negate(firstAtom);
    }
    return atom();
  }

  // A loop's induction variable is its lower bound in the first iteration
  // and another value in each later one. Where the body asks of i a
  // question that tells its lower bound apart (`i == 0`, `i != 0`), its
  // cells start split by the loop's first-iteration atom, so that every
  // question on i, asked in any order, agrees with it and with the flags
  // and buffers carried beside i (initialValueCells). Elsewhere a question
  // (`i >= 2`) gets an atom of its own: one under "not the first
  // iteration" would hide a buffer allocated there and leaked on the back
  // edge (the one-step memory of LoopModel). A cell a question splits into
  // the lower bound and the rest is split by the first-iteration atom
  // either way (cells made before the atom existed). (The atom exists once
  // the walk entered the body as a loop; see initialCells.)
  Bdd f = BddManager::False;
  Bdd split = BddManager::False;
  for (unsigned i = 0, e = cs.size(); i < e; ++i) {
    ValueSet in = cs[i].values.intersect(set);
    if (in.empty())
      continue;
    ValueSet out = cs[i].values.minus(set);
    if (out.empty()) {
      f = bdd.disj(f, cs[i].cond);
      continue;
    }
    Bdd cellSplit;
    if (firstValue && in == *firstValue) {
      cellSplit = firstAtom;
    } else if (firstValue && out == *firstValue) {
      cellSplit = bdd.negate(firstAtom);
    } else {
      if (split == BddManager::False)
        split = atom();
      cellSplit = split;
    }
    Bdd yes = bdd.conj(cs[i].cond, cellSplit);
    cs[i].cond = bdd.conj(cs[i].cond, bdd.negate(cellSplit));
    cs[i].values = std::move(out);
    cs.push_back({yes, std::move(in)});
    f = bdd.disj(f, yes);
  }
  return narrowedByConstantPairs(x, set, f);
}

std::optional<Bdd> ConditionTable::unionOfCells(ArrayRef<ValueCell> cs,
                                                const ValueSet &set) {
  Bdd f = BddManager::False;
  for (const ValueCell &c : cs) {
    if (c.values.intersect(set).empty())
      continue;
    if (!c.values.minus(set).empty())
      return std::nullopt;
    f = bdd.disj(f, c.cond);
  }
  return f;
}

/// "== 3" or "!= 3" (or "takes one of the values asked"), and the
/// opposite.
static std::pair<std::string, std::string> setWords(const ValueSet &set) {
  if (std::optional<APInt> v = set.singleValue()) {
    std::string k = llvm::toString(*v, 10, /*Signed=*/true);
    return {"== " + k, "!= " + k};
  }
  if (std::optional<APInt> v = set.complement().singleValue()) {
    std::string k = llvm::toString(*v, 10, /*Signed=*/true);
    return {"!= " + k, "== " + k};
  }
  return {"takes one of the values asked", "takes none of the values asked"};
}

std::optional<Bdd> ConditionTable::valueInTruncation(Value x,
                                                     const ValueSet &set,
                                                     function_ref<Bdd()> atom) {
  Operation *def = x.getDefiningOp();
  Value wide = def ? truncated(def) : Value();
  if (!wide || truncationDepth >= MaxTruncationDepth ||
      !(wide.getType().isSignlessInteger() || wide.getType().isIndex()))
    return std::nullopt;
  unsigned from = ConstantIntRanges::getStorageBitwidth(wide.getType());
  unsigned to = set.width();
  if (to <= 1 || to >= from)
    return std::nullopt;
  ++truncationDepth;
  llvm::scope_exit done([&] { --truncationDepth; });
  // Where wide is one of x's values sign-extended, x is in the set
  // exactly where wide is in its extension: `%k == 1` and the case 1 of a
  // switch on `index_cast %k to i32` (what -convert-scf-to-cf makes of an
  // scf.index_switch) agree. Elsewhere x is what the truncation keeps of
  // wide, its own question (atoms of its own).
  ValueSet fits = ValueSet::fitting(to, from);
  Bdd inFits = valueIn(wide, set.afterExtension(from, /*sign=*/true), atom);
  std::string narrow;
  llvm::raw_string_ostream os(narrow);
  os << x.getType();
  Bdd outside = valueIn(wide, fits.complement(), [&] {
    return choiceAtom(def, namer(wide) + " does not fit in " + narrow,
                      namer(wide) + " fits in " + narrow);
  });
  if (outside == BddManager::False)
    return inFits;
  auto [yes, no] = setWords(set);
  Bdd own = valueInCells(x, set, [&] {
    return choiceAtom(def, namer(x) + " " + yes, namer(x) + " " + no);
  });
  return bdd.disj(inFits, bdd.conj(outside, own));
}

std::optional<Bdd> ConditionTable::valueInSelect(Value x, const ValueSet &set,
                                                 function_ref<Bdd()> atom) {
  Operation *def = x.getDefiningOp();
  if (!isa_and_nonnull<arith::SelectOp, LLVM::SelectOp>(def) ||
      !isI1(def->getOperand(0)) || isI1(x) || selectDepth >= MaxSelectDepth)
    return std::nullopt;
  // Each side as a constant's answer, or as the one open question (two
  // would share `atom`, making unrelated values agree).
  std::optional<Bdd> sides[2];
  Value open;
  for (unsigned i = 0; i < 2; ++i) {
    Value side = def->getOperand(1 + i);
    APInt k;
    if (matchPattern(side, m_ConstantInt(&k)) && k.getBitWidth() == set.width())
      sides[i] = set.contains(k) ? BddManager::True : BddManager::False;
    else if (!open)
      open = side;
    else
      return std::nullopt;
  }
  ++selectDepth;
  llvm::scope_exit done([&] { --selectDepth; });
  for (std::optional<Bdd> &side : sides)
    if (!side)
      side = valueIn(open, set, atom);
  return bdd.ite(formulaOf(def->getOperand(0)), *sides[0], *sides[1]);
}

SmallVector<ConditionTable::ValueCell, 4>
ConditionTable::initialValueCells(Value x) {
  unsigned width = ConstantIntRanges::getStorageBitwidth(x.getType());
  ValueSet possible = ValueSet::all(width);
  if (std::optional<ConstantIntRanges> r = facts.rangeOf(x))
    possible = possible.intersect(ValueSet::within(*r));
  // A counter a loop carries is its first value, or one of what its later
  // iterations may pass (what the loop's test bounds): narrower than the
  // range upstream's analysis widens to (a loop `0 < 1` never sees 5).
  std::optional<std::pair<Operation *, APInt>> first =
      facts.firstIterationValue(x);
  if (first && first->second.getBitWidth() != width)
    first.reset();
  if (std::optional<ConstantIntRanges> later = facts.laterIterationRange(x);
      first && later && later->umin().getBitWidth() == width)
    possible = possible.intersect(
        ValueSet::single(first->second).united(ValueSet::within(*later)));
  if (first)
    if (auto atom = firstIterations.find(first->first);
        atom != firstIterations.end() &&
        asksFirstValueAlone(x, possible, first->second, [&](Value r) {
          return callQuestion ? callQuestion(r) : std::nullopt;
        })) {
      ValueSet at = possible.intersect(ValueSet::single(first->second));
      ValueSet later = possible.minus(at);
      return {{atom->second, std::move(at)},
              {bdd.negate(atom->second), std::move(later)}};
    }
  return {{BddManager::True, std::move(possible)}};
}

SmallVector<ConditionTable::Cell, 5>
ConditionTable::initialCells(const ComparedPair &pair) {
  Outcomes possible = facts.possible(pair.lhs, pair.rhs);
  std::optional<IterationSplit> split =
      facts.iterationSplit(pair.lhs, pair.rhs);
  // The loop's first-iteration atom exists once the walk entered its body
  // as a loop; a loop it walks as running at most once has none, and then
  // nothing tells the iterations apart.
  auto atom = split ? firstIterations.find(split->head) : firstIterations.end();
  if (atom != firstIterations.end()) {
    Outcomes first = possible & split->first;
    Outcomes later = possible & split->later;
    if (first && later)
      return {{atom->second, first}, {bdd.negate(atom->second), later}};
  }
  return {{BddManager::True, possible}};
}

} // namespace memlint
