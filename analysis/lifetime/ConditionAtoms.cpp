//===- ConditionAtoms.cpp - The atoms of a ConditionTable ---------------===//
//
// Where ConditionTable makes its atoms and keeps what they stand for:
// values, choices, first iterations, earlier iterations' copies, and
// their places in the BDD order (loop groups, orderWithLoop).
//
//===----------------------------------------------------------------------===//
#include "analysis/lifetime/Conditions.h"

#include "analysis/Ownership.h"

using namespace mlir;

namespace memlint {

unsigned ConditionTable::newAtomVar(Atom a, mlir::Operation *group) {
  // An atom goes to the end of its loop's group (orderWithLoop); a copy
  // without one right after its original, diagrams relating the two stay
  // small. (Copies are of originals only: LoopModel::earlierIterationCopies.)
  if (!group && !a.earlierOf)
    group = orderingLoop;
  unsigned var;
  auto g = group ? loopGroups.find(group) : loopGroups.end();
  if (g != loopGroups.end())
    var = g->second = bdd.newVarAtGroupEnd(g->second);
  else
    var = a.earlierOf ? bdd.newVarAfter(*a.earlierOf) : bdd.newVar();
  if (atoms.size() <= var)
    atoms.resize(var + 1);
  atoms[var] = std::move(a);
  return var;
}

Bdd ConditionTable::freshValueAtom(Value v, bool data) {
  Bdd f = newAtom({v, nullptr, "", "", data || dependsOnMemoryContents(v)});
  formulas[v] = f;
  return f;
}

Bdd ConditionTable::choiceAtom(Operation *op, Message whenTrue,
                               Message whenFalse, bool data) {
  return newAtom(
      {Value(), op, std::move(whenTrue), std::move(whenFalse), data});
}

Bdd ConditionTable::sameBufferAtom(Operation *op, Value a, Value b) {
  if (b.getAsOpaquePointer() < a.getAsOpaquePointer())
    std::swap(a, b);
  auto [it, first] = sameBufferAtoms.try_emplace({op, a, b});
  if (first) {
    std::string both = namer(a) + " and " + namer(b);
    Atom atom{Value(), op, both + " are one buffer",
              both + " are different buffers", /*data=*/true};
    it->second = newAtom(std::move(atom));
  }
  return it->second;
}

void ConditionTable::markLoopRuns(Bdd atom, Operation *loop) {
  for (unsigned v : bdd.support(atom))
    atoms[v].runsOf = loop;
}

void ConditionTable::markCase(Bdd atom, Operation *op, unsigned numCases,
                              Message whenDefault) {
  SmallVector<unsigned> vars = bdd.support(atom);
  if (vars.size() != 1 || numCases < 2)
    return;
  atoms[vars.front()].caseOf = op;
  switchCases.try_emplace(op, numCases, std::move(whenDefault));
}

bool ConditionTable::LoopPlace::contains(Operation *o) const {
  if (!o)
    return false;
  if (regionLoop)
    return regionLoop->isProperAncestor(o);
  for (Block *b = o->getBlock(); b;) {
    if (b->getParent() == region)
      return blocks.contains(b);
    Operation *parent = b->getParentOp();
    b = parent ? parent->getBlock() : nullptr;
  }
  return false;
}

Bdd ConditionTable::firstIterationAtom(Operation *keyOp,
                                       function_ref<LoopPlace()> place) {
  auto it = firstIterations.find(keyOp);
  if (it != firstIterations.end())
    return it->second;
  Atom a;
  a.op = keyOp;
  a.loopPlace = places.size();
  places.push_back(place());
  Operation *where = places.back().where;
  unsigned var = newAtomVar(std::move(a));
  Bdd atom = bdd.var(var);
  firstIterations[keyOp] = atom;
  loopGroups.try_emplace(where, var);
  return atom;
}

std::optional<unsigned>
ConditionTable::firstIterationVar(Operation *keyOp) const {
  auto it = firstIterations.find(keyOp);
  if (it == firstIterations.end())
    return std::nullopt;
  return bdd.support(it->second).front();
}

unsigned ConditionTable::earlierIteration(unsigned var, const void *loop,
                                          Operation *loopOp) {
  auto key = std::make_pair(var, loop);
  auto it = earlier.find(key);
  if (it != earlier.end())
    return it->second;
  // The copy is as unknown as the original: a condition on arguments stays
  // a control condition ("the loop body ran in some iteration"), a loaded
  // one stays data.
  Atom a = atoms[var];
  a.earlierOf = var;
  a.copyLoop = loop;
  a.copyLoopOp = loopOp;
  // Copies go with the atoms of the loop they are made for: those a back
  // edge of it renames together (a nest of CFG loops on one bound: half
  // the operations of copies placed beside their originals).
  unsigned v = newAtomVar(a, loopOp);
  // The copy is defined where the original is (for later quantification).
  earlier[key] = v;
  return v;
}

bool ConditionTable::isDataAtom(unsigned var) const {
  return var < atoms.size() && atoms[var].data;
}

Block *ConditionTable::definingBlock(unsigned var) const {
  if (var >= atoms.size())
    return nullptr;
  const Atom &a = atoms[var];
  if (a.value)
    return mlir::Value(a.value).getParentBlock();
  return a.op ? a.op->getBlock() : nullptr;
}

} // namespace memlint
