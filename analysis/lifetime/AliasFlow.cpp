//===- AliasFlow.cpp - Which buffers values hold, and along edges ---------===//
#include "analysis/lifetime/AliasFlow.h"

#include "analysis/BufferCarriers.h"
#include "analysis/Ownership.h"
#include "mlir/Dialect/UB/IR/UBOps.h"

using namespace mlir;

namespace memlint::lifetime {

void AliasFlow::setAliases(Value v, AliasSet s) {
  auto [it, inserted] = aliases.try_emplace(v, s);
  if (inserted) {
    ++changes;
    return;
  }
  AliasSet &old = it->second;
  if (old != s)
    ++changes;
  old = std::move(s);
}

void AliasFlow::pinFormula(Value v, Bdd f) {
  if (!ctx.conds.hasFormula(v) || ctx.conds.formulaOf(v) != f)
    ++changes;
  ctx.conds.setFormula(v, f);
}

void AliasFlow::pinCases(Value v,
                         const std::optional<ConditionTable::Cases> &cases) {
  if (ctx.conds.pinCases(v, cases))
    ++changes;
}

/// Adds `value` on `when` to `cases`; false past the bound.
static bool addCase(ConditionTable::Cases &cases, Bdd when, const APInt &value,
                    BddManager &bdd) {
  if (when == BddManager::False)
    return true;
  for (auto &[f, known] : cases)
    if (known.getBitWidth() == value.getBitWidth() && known == value) {
      f = bdd.disj(f, when);
      return true;
    }
  cases.push_back({when, value});
  return cases.size() <= ConditionTable::MaxCases;
}

/// (APInt's == wants one width: an argument's cases have its type's.)
static bool sameCases(const std::optional<ConditionTable::Cases> &a,
                      const std::optional<ConditionTable::Cases> &b) {
  if (!a || !b)
    return !a && !b;
  return a->size() == b->size() && llvm::all_of(llvm::zip(*a, *b), [](auto p) {
           auto &[x, y] = p;
           return x.first == y.first &&
                  x.second.getBitWidth() == y.second.getBitWidth() &&
                  x.second == y.second;
         });
}

/// Joins `x` into `acc` (nullopt: not a few constants).
static void joinCases(std::optional<ConditionTable::Cases> &acc,
                      const std::optional<ConditionTable::Cases> &x,
                      BddManager &bdd) {
  if (!acc)
    return;
  if (!x) {
    acc.reset();
    return;
  }
  for (auto &[when, value] : *x)
    if (!addCase(*acc, when, value, bdd)) {
      acc.reset();
      return;
    }
}

void AliasFlow::pass(Value v, Bdd path, Incoming &in, unsigned j) {
  BddManager &bdd = ctx.bdd;
  if (carriesMemRef(v))
    for (const AliasEntry &e : aliasOf(v))
      addAlias(in.argAliases[j], {e.origin, bdd.conj(e.cond, path), e.interior},
               bdd);
  Type type = v.getType();
  if (type.isInteger(1)) {
    in.argFormulas[j] =
        bdd.disj(in.argFormulas[j], bdd.conj(ctx.conds.formulaOf(v), path));
  } else if (type.isIntOrIndex() && v.getDefiningOp<ub::PoisonOp>()) {
    // A poison value is no value a program may rely on: it adds no case,
    // and the other edges' cases stand (-lift-cf-to-scf passes poison on
    // the way out of its scf.if where the loop goes on with a value).
  } else if (type.isIntOrIndex() && in.argCases[j]) {
    std::optional<ConditionTable::Cases> cases;
    bool onBoolean = false;
    if (ctx.conds.hasCases(v, 0, onBoolean)) {
      cases = ctx.conds.casesOf(v);
      if (cases)
        for (auto &[when, value] : *cases)
          when = bdd.conj(when, path);
    }
    joinCases(in.argCases[j], cases, bdd);
  }
}

void AliasFlow::passOperands(ValueRange operands, Bdd path, Incoming &in) {
  for (unsigned j = 0; j < in.argAliases.size() && j < operands.size(); ++j)
    pass(operands[j], path, in, j);
}

Incoming AliasFlow::toBlock(const PathState &es, Block *succ,
                            ArrayRef<Value> forwarded, unsigned produced) {
  Incoming c;
  c.any = true;
  c.st = es;
  unsigned n = succ->getNumArguments();
  c.resizeArgs(n);
  for (unsigned j = 0; j < n; ++j) {
    if (j < produced || j - produced >= forwarded.size()) {
      if (carriesMemRef(succ->getArgument(j)))
        c.argAliases[j] = unknown(es.path);
      c.argCases[j].reset(); // not a constant this edge passes
      c.argUnknown[j] = true;
      continue;
    }
    pass(forwarded[j - produced], es.path, c, j);
  }
  return c;
}

Incoming AliasFlow::toInputs(const PathState &es, ValueRange operands,
                             unsigned numInputs) {
  Incoming c;
  c.any = true;
  c.st = es;
  // Inputs may be fewer than operands (e.g. loop induction variables are
  // produced, not forwarded): align from the front of the inputs.
  c.resizeArgs(numInputs);
  passOperands(operands, es.path, c);
  for (unsigned j = operands.size(); j < numInputs; ++j)
    c.argCases[j].reset(); // made by the op, not passed

  return c;
}

Incoming AliasFlow::shapeForBlock(Block *block, const Incoming &cur) {
  Incoming s;
  unsigned n = block->getNumArguments();
  unsigned m = cur.argAliases.size();
  s.resizeArgs(n);
  unsigned offset = n >= m ? n - m : 0;
  for (unsigned j = 0; j < m && offset + j < n; ++j) {
    s.argAliases[offset + j] = cur.argAliases[j];
    s.argFormulas[offset + j] = cur.argFormulas[j];
    s.argCases[offset + j] = cur.argCases[j];
  }
  for (unsigned j = 0; j < offset; ++j)
    if (carriesMemRef(block->getArgument(j)))
      s.argAliases[j] = unknown(BddManager::True);
  s.st = cur.st;
  s.any = true;
  return s;
}

bool AliasFlow::merge(Incoming &acc, const Incoming &x) {
  if (!x.any)
    return false;
  bool first = !acc.any;
  acc.any = true;
  bool changed = ctx.lattice.join(acc.st, x.st, first);
  if (acc.argAliases.size() < x.argAliases.size()) {
    acc.argAliases.resize(x.argAliases.size());
    acc.argFormulas.resize(x.argFormulas.size(), BddManager::False);
    acc.argCases.resize(x.argCases.size(), ConditionTable::Cases());
    acc.argUnknown.resize(x.argUnknown.size(), false);
    changed = true;
  }
  for (unsigned j = 0; j < x.argUnknown.size() && j < acc.argUnknown.size();
       ++j)
    if (x.argUnknown[j] && !acc.argUnknown[j]) {
      acc.argUnknown[j] = true;
      changed = true;
    }
  for (unsigned j = 0; j < x.argAliases.size(); ++j) {
    for (const AliasEntry &e : x.argAliases[j]) {
      AliasSet before = acc.argAliases[j];
      addAlias(acc.argAliases[j], e, ctx.bdd);
      if (before.size() != acc.argAliases[j].size() ||
          llvm::any_of(llvm::zip(before, acc.argAliases[j]), [](auto p) {
            return std::get<0>(p).cond != std::get<1>(p).cond;
          }))
        changed = true;
    }
    Bdd f = ctx.bdd.disj(acc.argFormulas[j], x.argFormulas[j]);
    changed |= f != acc.argFormulas[j];
    acc.argFormulas[j] = f;
    std::optional<ConditionTable::Cases> cases = acc.argCases[j];
    joinCases(cases, x.argCases[j], ctx.bdd);
    changed |= !sameCases(cases, acc.argCases[j]);
    acc.argCases[j] = std::move(cases);
  }
  return changed;
}

bool AliasFlow::same(const Incoming &a, const Incoming &b) {
  return a.any == b.any && a.st.path == b.st.path &&
         a.st.entries == b.st.entries && a.argFormulas == b.argFormulas &&
         a.argUnknown == b.argUnknown && a.argAliases == b.argAliases &&
         llvm::all_of(llvm::zip(a.argCases, b.argCases),
                      [](auto p) {
                        return sameCases(std::get<0>(p), std::get<1>(p));
                      }) &&
         a.argCases.size() == b.argCases.size();
}

void AliasFlow::mapConditions(Incoming &in, function_ref<Bdd(Bdd)> f) {
  for (AliasSet &s : in.argAliases) {
    AliasSet kept;
    for (AliasEntry e : s) {
      e.cond = f(e.cond);
      addAlias(kept, e, ctx.bdd);
    }
    s = kept;
  }
  for (Bdd &formula : in.argFormulas)
    formula = f(formula);
  for (std::optional<ConditionTable::Cases> &cases : in.argCases) {
    if (!cases)
      continue;
    ConditionTable::Cases kept;
    for (auto &[when, value] : *cases)
      addCase(kept, f(when), value, ctx.bdd);
    *cases = std::move(kept);
  }
}

void AliasFlow::restrict(Incoming &in, Bdd c) {
  if (!in.any)
    return;
  in.st = ctx.lattice.restrict(in.st, c);
  mapConditions(in, [&](Bdd x) { return ctx.bdd.conj(x, c); });
}

void AliasFlow::relativeTo(Incoming &in, Bdd path) {
  mapConditions(in, [&](Bdd x) { return ctx.bdd.restrict(x, path); });
}

void AliasFlow::addSupport(llvm::DenseSet<unsigned> &vars, Bdd f) {
  if (f > BddManager::True)
    for (unsigned v : ctx.bdd.support(f))
      vars.insert(v);
}

} // namespace memlint::lifetime
