//===- EdgeConditions.cpp - On which paths each edge is taken -------------===//
#include "analysis/lifetime/EdgeConditions.h"

#include "analysis/lifetime/AsyncRuntime.h"
#include "analysis/lifetime/BranchForms.h"
#include "analysis/lifetime/QuestionSource.h"
#include "mlir/Analysis/FlatLinearValueConstraints.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Async/IR/Async.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlowOps.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/IntegerSet.h"
#include "mlir/IR/Location.h"
#include "mlir/IR/Matchers.h"
#include "mlir/Interfaces/LoopLikeInterface.h"

using namespace mlir;

namespace memlint::lifetime {

Bdd EdgeConditions::choice(Operation *op, unsigned idx, Message whenTrue,
                           Message whenFalse, bool data) {
  auto key = std::make_pair(op, idx);
  auto it = choices.find(key);
  if (it != choices.end())
    return it->second;
  Bdd a =
      ctx.conds.choiceAtom(op, std::move(whenTrue), std::move(whenFalse), data);
  choices[key] = a;
  return a;
}

Bdd EdgeConditions::opaqueRegionRuns(Operation *op, unsigned idx) {
  Message region = "region " + std::to_string(idx) + " of the " +
                   op->getName().getStringRef().str() + " at " + positionOf(op);
  return choice(op, idx, region + " runs", region + " does not run",
                /*data=*/true);
}

std::vector<Bdd> EdgeConditions::opaque(Operation *op, unsigned n) {
  BddManager &bdd = ctx.bdd;
  std::vector<Bdd> out;
  Bdd rest = BddManager::True;
  Message where = op->getName().getStringRef().str() + " at " + positionOf(op);
  for (unsigned i = 0; i + 1 < n; ++i) {
    Bdd a = choice(
        op, i, "the " + where + " takes its branch " + std::to_string(i),
        "the " + where + " does not take its branch " + std::to_string(i));
    out.push_back(bdd.conj(rest, a));
    rest = bdd.conj(rest, bdd.negate(a));
  }
  out.push_back(rest);
  return out;
}

std::vector<Bdd> EdgeConditions::ofBranch(Operation *term) {
  unsigned n = term->getNumSuccessors();
  if (n == 1)
    return {BddManager::True};
  // A coroutine of -async-to-async-runtime suspends by returning to its
  // caller with its frame alive, and the async runtime resumes it; it never
  // destroys one that has not completed. So the run of the coroutine goes
  // on at the resume edge: the suspend edge's return ends nothing (a
  // buffer live across an await leaked there falsely) and the cleanup
  // edge is not taken.
  if (auto suspend = dyn_cast<async::CoroSuspendOp>(term)) {
    std::vector<Bdd> out;
    for (Block *succ : term->getSuccessors())
      out.push_back(succ == suspend.getResumeDest() ? BddManager::True
                                                    : BddManager::False);
    return out;
  }
  if (Value cond = branchCondition(term)) {
    Bdd c = ctx.conds.formulaOf(cond);
    return {c, ctx.bdd.negate(c)};
  }
  if (std::optional<SwitchForm> sw = switchForm(term))
    return ofSwitch(term, *sw);
  return opaque(term, n);
}

std::vector<Bdd> EdgeConditions::ofSwitch(Operation *term,
                                          const SwitchForm &sw) {
  std::vector<Bdd> out(term->getNumSuccessors(), BddManager::False);
  APInt cst;
  // A coroutine lowered to LLVM goes on where `llvm.intr.coro.suspend`
  // says it resumes (0), as at `async.coro.suspend`'s resume edge.
  bool resumes = isCoroSuspendResult(sw.flag);
  if (resumes)
    cst = APInt::getZero(sw.flag.getType().getIntOrFloatBitWidth());
  // Successor 0 is the default; successor i+1 is case i.
  if (resumes || matchPattern(sw.flag, m_ConstantInt(&cst))) {
    unsigned hit = 0;
    for (auto [i, v] : llvm::enumerate(sw.cases))
      if (!hit && v == cst)
        hit = i + 1;
    out[hit] = BddManager::True;
    return out;
  }
  SmallVector<Bdd> taken =
      casesTaken(term, sw.flag, sw.cases, "the switch at ");
  for (unsigned i = 0, e = sw.cases.size(); i < e; ++i)
    out[i + 1] = taken[i];
  out[0] = taken.back();
  return out;
}

SmallVector<Bdd> EdgeConditions::casesTaken(Operation *op, Value selector,
                                            ArrayRef<APInt> values,
                                            StringRef what) {
  if (std::optional<SmallVector<Bdd>> coded =
          codedCases(op, selector, values, what))
    return *coded;
  // Case by case: each where the ones before it are not taken.
  BddManager &bdd = ctx.bdd;
  SmallVector<Bdd> out;
  Bdd rest = BddManager::True;
  for (auto [i, v] : llvm::enumerate(values)) {
    Bdd a = caseTaken(op, i, values.size(), selector, v, what);
    out.push_back(bdd.conj(rest, a));
    rest = bdd.conj(rest, bdd.negate(a));
  }
  out.push_back(rest);
  return out;
}

std::optional<SmallVector<Bdd>>
EdgeConditions::codedCases(Operation *op, Value selector,
                           ArrayRef<APInt> values, StringRef what) {
  if (values.size() < MinCodedCases)
    return std::nullopt;
  if (auto it = coded.find(op); it != coded.end())
    return it->second;
  // (A selector that is one of a few constants, each on the paths of a
  // formula, or a widened flag: caseTaken reads those.)
  if (asksOfFormula(selector) || llvm::any_of(values, [&](const APInt &v) {
        return ctx.conds.caseOfCases(selector, v).has_value();
      }))
    return std::nullopt;
  std::optional<SmallVector<Bdd>> out = ctx.conds.casesOfSwitch(
      op, selector, values, what.str() + positionOf(op));
  if (out)
    coded[op] = *out;
  return out;
}

Bdd EdgeConditions::caseTaken(Operation *op, unsigned idx, unsigned numCases,
                              Value selector, const APInt &value,
                              StringRef what) {
  // A selector that is one of a few constants, each on the paths of a
  // formula (-lift-cf-to-scf's `scf.if` yielding which exit was taken).
  if (std::optional<Bdd> f = ctx.conds.caseOfCases(selector, value))
    return *f;
  auto key = std::make_pair(op, idx);
  auto it = cases.find(key);
  if (it != cases.end())
    return it->second;
  Message where = what.str() + positionOf(op);
  std::string v = std::to_string(value.getSExtValue());
  Bdd a = ctx.conds.valueIn(selector, ValueSet::single(value), [&] {
    Bdd c = choice(op, idx, where + " takes case " + v,
                   where + " does not take case " + v);
    ctx.conds.markCase(c, op, numCases, where + " takes its default case");
    return c;
  });
  // (A case of a widened flag is the flag's formula, which a loop may
  // change from one fixpoint round to the next: asked afresh each time.)
  if (!asksOfFormula(selector))
    cases[key] = a;
  return a;
}

std::vector<Bdd>
EdgeConditions::ofRegionEntry(Operation *raw, ArrayRef<RegionSuccessor> succs) {
  unsigned n = succs.size();
  if (n == 1)
    return {BddManager::True};
  auto op = dyn_cast<RegionBranchOpInterface>(raw);
  if (auto ifOp = dyn_cast<scf::IfOp>(raw)) {
    Bdd c = ctx.conds.formulaOf(ifOp.getCondition());
    std::vector<Bdd> out;
    for (const RegionSuccessor &s : succs)
      out.push_back(
          s.getSuccessor() == &ifOp.getThenRegion() ? c : ctx.bdd.negate(c));
    return out;
  }
  if (auto affineIf = dyn_cast<affine::AffineIfOp>(raw)) {
    // A set that integer facts decide takes one region for sure;
    // otherwise which one is an opaque choice (no i1 stands for it).
    if (std::optional<bool> holds = ctx.facts.holds(affineIf)) {
      std::vector<Bdd> out;
      for (const RegionSuccessor &s : succs)
        out.push_back((s.getSuccessor() == &affineIf.getThenRegion()) == *holds
                          ? BddManager::True
                          : BddManager::False);
      return out;
    }
    Bdd holds = affineSetHolds(affineIf);
    std::vector<Bdd> out;
    for (const RegionSuccessor &s : succs)
      out.push_back(s.getSuccessor() == &affineIf.getThenRegion()
                        ? holds
                        : ctx.bdd.negate(holds));
    return out;
  }
  // A loop, or a body repeated without RegionBranchOpInterface (a
  // linalg op's, scf.reduce's combiner): it runs, or not at all.
  if ((isa<LoopLikeOpInterface>(raw) || !op) && n == 2) {
    auto made = [&] {
      Message name = isa<LoopLikeOpInterface>(raw)
                         ? "the loop at " + positionOf(raw)
                         : "the body of the " +
                               raw->getName().getStringRef().str() + " at " +
                               positionOf(raw);
      Bdd a = choice(raw, 0, name + " runs", name + " runs zero times");
      ctx.conds.markLoopRuns(a, raw);
      return a;
    };
    // An scf.for runs when `lb < ub`: the same question as a comparison of
    // its bounds the code makes itself (`%ran = arith.cmpi slt, %lb, %ub`
    // guarding the free of what the loop made), so the two are one.
    Bdd runs;
    if (auto f = dyn_cast<scf::ForOp>(raw))
      runs =
          ctx.conds.comparison(f.getLowerBound(),
                               f.getUnsignedCmp() ? arith::CmpIPredicate::ult
                                                  : arith::CmpIPredicate::slt,
                               f.getUpperBound(), made);
    else if (auto f = dyn_cast<affine::AffineForOp>(raw))
      runs = affineForRuns(f, made);
    else
      runs = made();
    std::vector<Bdd> out;
    for (const RegionSuccessor &s : succs)
      out.push_back(s.isParent() ? ctx.bdd.negate(runs) : runs);
    return out;
  }
  if (isa<scf::IndexSwitchOp>(raw))
    return ofIndexSwitch(raw, succs);
  if (op)
    if (std::optional<std::vector<Bdd>> out = ofI1Operand(op, succs))
      return *out;
  return opaque(raw, n);
}

/// Whether a region successor is among `set`.
static bool takes(ArrayRef<RegionSuccessor> set, const RegionSuccessor &s) {
  return llvm::any_of(set, [&](const RegionSuccessor &t) {
    return t.getSuccessor() == s.getSuccessor();
  });
}

std::optional<std::vector<Bdd>>
EdgeConditions::ofI1Operand(RegionBranchOpInterface op,
                            ArrayRef<RegionSuccessor> succs) {
  // Any op whose entry one i1 operand decides, as the op itself says when
  // asked with that operand constant (emitc.if, a dialect's own `if`):
  // the region it takes for true holds where the operand does.
  Operation *raw = op.getOperation();
  std::optional<unsigned> flag;
  for (auto [i, v] : llvm::enumerate(raw->getOperands())) {
    if (!v.getType().isInteger(1))
      continue;
    if (flag)
      return std::nullopt; // two flags: which decides is not known
    flag = i;
  }
  if (!flag || raw->getNumRegions() == 0)
    return std::nullopt;
  MLIRContext *mlir = raw->getContext();
  auto entered = [&](bool value) {
    SmallVector<Attribute> operands(raw->getNumOperands());
    operands[*flag] = BoolAttr::get(mlir, value);
    SmallVector<RegionSuccessor> out;
    op.getEntrySuccessorRegions(operands, out);
    return out;
  };
  // True must take the first region and false another region or none
  // (`if`'s then and else): a switch on an i1 (emitc.switch) answers
  // through its cases' integers, where true reads as -1.
  SmallVector<RegionSuccessor> onTrue = entered(true), onFalse = entered(false);
  if (onTrue.size() != 1 || onFalse.size() != 1 ||
      onTrue.front().getSuccessor() != &raw->getRegion(0) ||
      onTrue.front().getSuccessor() == onFalse.front().getSuccessor())
    return std::nullopt;
  Bdd c = ctx.conds.formulaOf(raw->getOperand(*flag));
  std::vector<Bdd> out;
  for (const RegionSuccessor &s : succs) {
    if (takes(onTrue, s))
      out.push_back(c);
    else if (takes(onFalse, s))
      out.push_back(ctx.bdd.negate(c));
    else
      return std::nullopt;
  }
  return out;
}

/// One bound of an affine.for: a constant, or one of its operands as it
/// is (`%n`, `()[s0] -> (s0)`); nullopt for anything else (a min, a sum).
static std::optional<std::pair<Value, int64_t>> simpleBound(AffineMap map,
                                                            ValueRange ops) {
  if (map.getNumResults() != 1)
    return std::nullopt;
  AffineExpr e = map.getResult(0);
  if (auto c = dyn_cast<AffineConstantExpr>(e))
    return std::make_pair(Value(), c.getValue());
  if (auto d = dyn_cast<AffineDimExpr>(e))
    return std::make_pair(ops[d.getPosition()], int64_t(0));
  if (auto sym = dyn_cast<AffineSymbolExpr>(e))
    return std::make_pair(ops[map.getNumDims() + sym.getPosition()],
                          int64_t(0));
  return std::nullopt;
}

Bdd EdgeConditions::affineForRuns(affine::AffineForOp f,
                                  function_ref<Bdd()> made) {
  // It runs when `lb < ub` (signed, as affine bounds are): the question
  // the code may ask itself (`%ran = arith.cmpi slt, %c0, %n`), as for an
  // scf.for.
  auto lb = simpleBound(f.getLowerBoundMap(), f.getLowerBoundOperands());
  auto ub = simpleBound(f.getUpperBoundMap(), f.getUpperBoundOperands());
  if (!lb || !ub)
    return made();
  auto [lbValue, lbConstant] = *lb;
  auto [ubValue, ubConstant] = *ub;
  if (!lbValue && !ubValue)
    return lbConstant < ubConstant ? BddManager::True : BddManager::False;
  if (lbValue && ubValue)
    return ctx.conds.comparison(lbValue, arith::CmpIPredicate::slt, ubValue,
                                made);
  Value x = lbValue ? lbValue : ubValue;
  unsigned width = ConstantIntRanges::getStorageBitwidth(x.getType());
  if (width == 0)
    return made();
  APInt c(width, lbValue ? ubConstant : lbConstant, /*isSigned=*/true);
  return ctx.conds.valueIn(x,
                           ValueSet::where(lbValue ? arith::CmpIPredicate::slt
                                                   : arith::CmpIPredicate::sgt,
                                           c),
                           made);
}

Bdd EdgeConditions::affineSetHolds(affine::AffineIfOp op) {
  std::vector<const void *> operands;
  for (Value v : op->getOperands())
    operands.push_back(v.getAsOpaquePointer());
  auto key = std::make_pair(op.getIntegerSet().getAsOpaquePointer(), operands);
  auto it = affineSets.find(key);
  if (it != affineSets.end())
    return it->second;
  Message where = "the affine.if at " + positionOf(op);
  unsigned n = op.getIntegerSet().getNumConstraints();
  Bdd holds = BddManager::True;
  for (unsigned i = 0; i < n && holds != BddManager::False; ++i) {
    auto atom = [&] {
      if (n == 1)
        return ctx.conds.choiceAtom(op, where + " takes its then branch",
                                    where + " takes its else branch");
      Message which = "constraint " + std::to_string(i + 1) + " of " + where;
      return ctx.conds.choiceAtom(op, which + " holds",
                                  which + " does not hold");
    };
    holds = ctx.bdd.conj(holds, constraintHolds(op, i, atom));
  }
  if (llvm::none_of(op->getOperands(), asksOfFormula))
    affineSets.emplace(std::move(key), holds);
  return holds;
}

Bdd EdgeConditions::constraintHolds(affine::AffineIfOp op, unsigned i,
                                    function_ref<Bdd()> atom) {
  std::optional<AffineConstraint> c = flattenedConstraint(op, i);
  if (!c)
    return atom();
  int64_t k = c->flat.back();
  if (c->used.empty())
    return (c->isEq ? k == 0 : k >= 0) ? BddManager::True : BddManager::False;
  if (auto q = singleOperandQuestion(*c))
    return ctx.conds.valueIn(c->operands[q->first], q->second, atom);
  if (auto q = twoOperandComparison(*c)) {
    auto [x, y, pred] = *q;
    return ctx.conds.comparison(c->operands[x], pred, c->operands[y], atom);
  }
  return atom();
}

std::vector<Bdd>
EdgeConditions::ofIndexSwitch(Operation *raw, ArrayRef<RegionSuccessor> succs) {
  auto sw = cast<scf::IndexSwitchOp>(raw);
  std::vector<Bdd> out(succs.size(), BddManager::False);
  SmallVector<APInt> values;
  for (int64_t c : sw.getCases())
    values.push_back(
        APInt(IndexType::kInternalStorageBitWidth, c, /*isSigned=*/true));
  SmallVector<Bdd> taken =
      casesTaken(raw, sw.getArg(), values, "the index_switch at ");
  DenseMap<Region *, Bdd> byRegion;
  for (auto [i, caseRegion] : llvm::enumerate(sw.getCaseRegions()))
    byRegion[&caseRegion] = taken[i];
  // Regions that are not a case (the default) take what no case took.
  for (auto [i, s] : llvm::enumerate(succs))
    out[i] = byRegion.count(s.getSuccessor()) ? byRegion[s.getSuccessor()]
                                              : taken.back();
  return out;
}

std::vector<Bdd>
EdgeConditions::ofRegionTerminator(Operation *term, bool inLoop,
                                   ArrayRef<RegionSuccessor> succs) {
  unsigned n = succs.size();
  if (n == 1)
    return {BddManager::True};
  if (auto cond = dyn_cast<scf::ConditionOp>(term)) {
    Bdd c = ctx.conds.formulaOf(cond.getCondition());
    std::vector<Bdd> out;
    for (const RegionSuccessor &s : succs)
      out.push_back(s.isParent() ? ctx.bdd.negate(c) : c);
    return out;
  }
  if (inLoop)
    return std::vector<Bdd>(n, BddManager::True);
  return opaque(term, n);
}

Bdd EdgeConditions::firstIteration(
    Operation *keyOp, function_ref<ConditionTable::LoopPlace()> place) {
  return ctx.conds.firstIterationAtom(keyOp, place);
}

} // namespace memlint::lifetime
