//===- LoopExit.cpp - What leaving a loop keeps of its bookkeeping --------===//
//
// The part of LoopModel that runs where a path leaves a loop: which atoms
// the loop's results and block arguments still mention (they stay), the
// drop of the others from the path, and which values a region loop varies
// (their atoms no op after it can ask).
//
//===----------------------------------------------------------------------===//
#include "analysis/lifetime/LoopModel.h"

using namespace mlir;

namespace memlint::lifetime {

DenseSet<unsigned> LoopModel::exportedBy(const DenseSet<Block *> &blocks) {
  DenseSet<unsigned> vars;
  for (Block *b : blocks)
    for (BlockArgument arg : b->getArguments()) {
      if (const AliasSet *s = flow.find(arg))
        for (const AliasEntry &e : *s)
          flow.addSupport(vars, e.cond);
      if (arg.getType().isInteger(1) && ctx.conds.hasFormula(arg))
        flow.addSupport(vars, ctx.conds.formulaOf(arg));
      if (const ConditionTable::Cases *cases = ctx.conds.pinnedCasesOf(arg))
        for (auto &[when, value] : *cases)
          flow.addSupport(vars, when);
    }
  return vars;
}

DenseSet<unsigned> LoopModel::exportedBy(const Incoming &results) {
  DenseSet<unsigned> vars;
  for (const AliasSet &s : results.argAliases)
    for (const AliasEntry &e : s)
      flow.addSupport(vars, e.cond);
  for (Bdd f : results.argFormulas)
    flow.addSupport(vars, f);
  for (const std::optional<ConditionTable::Cases> &cases : results.argCases)
    if (cases)
      for (auto &[when, value] : *cases)
        flow.addSupport(vars, when);
  return vars;
}

// Leaving a loop, its bookkeeping atoms (first iteration, earlier
// iterations' values) no longer matter for whether later ops run: drop them
// from the path so paths do not grow with every loop passed. Conditions of
// buffers that mention them are made absolute first, so narrowing by the
// path stays exact (those the loop did not change do not mention them).
// Atoms that conditions visible after the loop mention
// (which buffer a loop result or a block argument holds) stay: a later free
// through such a value relies on the path to rule out the combinations no
// iteration produces. Only atoms of this loop and loops nested in it go:
// earlier copies made for loops around it may already be in the path.
// Atoms of a CFG loop's values that nothing after it can ask again go
// with them where the path decides them or no buffer's condition names
// them: they are bookkeeping from there on. (Made absolute into the
// conditions that name them, the loop's exit test would be worded in
// every finding after the loop: "%lt is false", which holds on every path
// there.)
void LoopModel::leaveLoop(PathState &st, const PathState *before,
                          const LoopScope &loop,
                          const DenseSet<unsigned> &exported,
                          function_ref<bool(unsigned)> unaskedAfter) {
  const ConditionTable &conds = ctx.conds;
  // A state that never got its entries (nothing entered the loop from
  // outside) says nothing of them.
  if (before && before->entries.size() != st.entries.size())
    before = nullptr;
  // Atoms the changed buffers' conditions name (filled below).
  DenseSet<unsigned> inEntries;
  bool entriesKnown = false;
  auto drop = [&](unsigned v) {
    if (!loop.defines(v, conds) || exported.count(v))
      return false;
    // Atoms of a CFG loop's values that no op after it can ask
    // (CfgLoopExit.cpp).
    if (!conds.isBookkeeping(v))
      return unaskedAfter && unaskedAfter(v) &&
             !(entriesKnown && inEntries.count(v));
    return !conds.isEarlierCopy(v) || conds.copyLoop(v) == loop.id() ||
           loop.contains(conds.copyLoopOp(v));
  };
  // Atoms of a region loop's body that the path decides (its last
  // iteration's: the last-iteration atom, an affine.if on the counter)
  // are constants after it, and no op after the loop can ask them again
  // (its values are not in scope there): they go too, their values put
  // into the conditions that mention them. Kept, every affine.for with an
  // affine.if left two atoms in the path of all that followed (4,000 such
  // loops: past the budget; 40: 81K operations, now linear). So do a CFG
  // loop's atoms that no op after it asks (the exit test, false).
  DenseMap<unsigned, bool> constants;
  bool regionLoop = loop.regionLoopOp() != nullptr;
  if ((regionLoop || unaskedAfter) && st.path > BddManager::True)
    for (unsigned v : ctx.bdd.support(st.path)) {
      if (conds.isBookkeeping(v) || exported.count(v) ||
          !loop.defines(v, conds) || (!regionLoop && !unaskedAfter(v)))
        continue;
      auto [whenFalse, whenTrue] = ctx.bdd.cofactors(st.path, v);
      if (whenFalse == BddManager::False || whenTrue == BddManager::False)
        constants[v] = whenFalse == BddManager::False;
    }
  auto dropDecided = [&](unsigned v) { return drop(v) || constants.count(v); };
  if (st.path <= BddManager::True ||
      llvm::none_of(ctx.bdd.support(st.path), dropDecided))
    return;
  // An atom to drop that the path decides from the others (a loop that
  // tests first left in its first iteration exactly when its first test,
  // asked of values fixed before it, failed) is replaced by what decides
  // it: exact on the path, and the buffers' conditions no longer tell
  // apart paths that the path alone cannot.
  // Only atoms that some buffer's conditions mention need it (a path of
  // a nest of 16 lowered loops holds 80 atoms, few of them in buffers).
  FreeListPool &pool = ctx.lattice.freeLists();
  auto changedHere = [&](unsigned b) {
    const Entry &e = st.entries[b];
    return !(before && e == before->entries[b]) && !e.untouched();
  };
  auto sharedWithBefore = [&](unsigned c) {
    return before && st.entries.shares(before->entries, c);
  };
  st.entries.forEachBuffer(sharedWithBefore, [&](unsigned b) {
    if (!changedHere(b))
      return;
    const Entry &e = st.entries[b];
    flow.addSupport(inEntries, e.live);
    flow.addSupport(inEntries, e.freed);
    for (const FreeSite &f : pool[e.freers])
      flow.addSupport(inEntries, f.cond);
  });
  entriesKnown = true;
  SmallVector<std::pair<unsigned, Bdd>> decided;
  for (unsigned v : ctx.bdd.support(st.path)) {
    if (!drop(v) || !inEntries.count(v))
      continue;
    auto [whenFalse, whenTrue] = ctx.bdd.cofactors(st.path, v);
    if (ctx.bdd.conj(whenTrue, whenFalse) != BddManager::False)
      continue;
    // (Only where what decides it stays after the drop.)
    if (llvm::none_of(ctx.bdd.support(whenTrue), drop))
      decided.push_back({v, whenTrue});
  }
  for (auto [v, value] : constants)
    decided.push_back({v, value ? BddManager::True : BddManager::False});
  if (!decided.empty())
    st.entries.forEachBuffer(sharedWithBefore, [&](unsigned b) {
      if (!changedHere(b))
        return;
      for (auto [v, g] : decided)
        ctx.lattice.substitute(st.entries.mut(b), v, g);
    });
  // The constants leave the path before it is put into the entries below,
  // and so do the atoms of values no op after the loop asks that no entry
  // names (what the entries then take in is exact on every other atom).
  auto unnamed = [&](unsigned v) { return !conds.isBookkeeping(v) && drop(v); };
  if (!constants.empty() ||
      (unaskedAfter && llvm::any_of(ctx.bdd.support(st.path), unnamed)))
    st.path = ctx.bdd.exists(
        st.path, [&](unsigned v) { return constants.count(v) || unnamed(v); });
  // Only an entry that mentions a dropped atom says something the path
  // without it cannot: the others mean on the narrower path what they
  // meant on the wider one. Made absolute, an entry takes in every atom of
  // the path (the loop tests passed so far, first iterations), which a
  // join in the next loop it passes renames and joins again: the live
  // condition of a leaked buffer grew with every loop after it, and loops
  // around them needed a round more for each.
  DenseMap<Bdd, bool> mentionMemo;
  auto mentions = [&](Bdd c) {
    if (c <= BddManager::True)
      return false;
    auto [it, fresh] = mentionMemo.try_emplace(c, false);
    if (fresh)
      it->second = llvm::any_of(ctx.bdd.support(c), drop);
    return it->second;
  };
  auto mentionsDropped = [&](const Entry &e) {
    if (mentions(e.live) || mentions(e.freed))
      return true;
    return llvm::any_of(pool[e.freers],
                        [&](const FreeSite &f) { return mentions(f.cond); });
  };
  // (A chunk shared with `before` the loop did not touch.)
  st.entries.forEachBuffer(sharedWithBefore, [&](unsigned b) {
    if (changedHere(b) && mentionsDropped(st.entries[b]))
      ctx.lattice.makeAbsolute(st.entries.mut(b), st.path);
  });
  st.path = ctx.bdd.exists(st.path, dropDecided);
}

/// Whether `v` is computed, inside `loop`, from an argument of a block of
/// its regions: a block argument there, a result of an op with regions
/// there, or of an op there with such an operand. (Iterative: the chain of
/// operands is as long as the input makes it.)
bool variesInside(Operation *loop, Value v, DenseMap<Value, bool> &memo) {
  auto inside = [&](Value x) {
    Operation *owner = isa<BlockArgument>(x)
                           ? cast<BlockArgument>(x).getOwner()->getParentOp()
                           : x.getDefiningOp();
    return owner && (owner == loop || loop->isProperAncestor(owner));
  };
  SmallVector<std::pair<Value, unsigned>> stack{{v, 0}};
  while (!stack.empty()) {
    auto &[x, next] = stack.back();
    if (memo.count(x)) {
      stack.pop_back();
      continue;
    }
    Operation *def = x.getDefiningOp();
    if (!inside(x) || !def || def->getNumRegions() != 0) {
      memo[x] = inside(x);
      stack.pop_back();
      continue;
    }
    // The operands one by one: the first that varies decides.
    bool decided = false;
    for (; next < def->getNumOperands(); ++next) {
      Value o = def->getOperand(next);
      auto it = memo.find(o);
      if (it == memo.end()) {
        stack.push_back({o, 0});
        decided = true; // come back once `o` is known
        break;
      }
      if (it->second) {
        memo[x] = true;
        stack.pop_back();
        decided = true;
        break;
      }
    }
    if (!decided) {
      memo[x] = false;
      stack.pop_back();
    }
  }
  return memo.lookup(v);
}

} // namespace memlint::lifetime
