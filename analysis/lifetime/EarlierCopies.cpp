//===- EarlierCopies.cpp - Atoms renamed at a loop's back edge ------------===//
//
// LoopModel's copies of atoms for an earlier iteration: crossing a back
// edge, the atoms a loop's iteration defines (and the copies made for loops
// nested in it) become the loop's earlier-iteration copies, in a diagram,
// and in a state's path, entries and free sites.
//
//===----------------------------------------------------------------------===//
#include "analysis/lifetime/LoopModel.h"

using namespace mlir;

namespace memlint::lifetime {

bool LoopModel::renamesAtom(unsigned v, const LoopScope &loop) const {
  if (!loop.defines(v, ctx.conds))
    return false;
  if (!ctx.conds.isEarlierCopy(v))
    return true;
  return ctx.conds.copyLoop(v) != loop.id() &&
         loop.contains(ctx.conds.copyLoopOp(v));
}

Bdd LoopModel::earlierIterationCopies(Bdd x, const LoopScope &loop,
                                      Operation *edge, CopyMode mode) {
  if (x <= BddManager::True)
    return x;
  bool split = mode == CopyMode::Split;
  auto &memo = split ? copiedSplit : copied;
  auto it = memo.find({x, edge});
  if (it != memo.end())
    return it->second;
  auto &varMemo = split ? copyOfVarSplit : copyOfVar;
  Bdd r = ctx.bdd.rename(x, [&](unsigned v) -> unsigned {
    auto [rv, fresh] = varMemo.try_emplace({v, edge}, v);
    if (fresh && renamesAtom(v, loop)) {
      // A copy made for a loop nested in this one (the atom in an earlier
      // iteration of the inner loop) becomes this loop's copy of the atom
      // itself: seen from the next iteration of this loop, the inner
      // loop's iterations of the previous one are not told apart. A copy
      // per nesting path instead (a copy of the copy, and so on) gave an
      // atom defined k loops deep 2^k copies: a buffer carried through the
      // iter_args of 6 nested loops outgrew the budget, 5 took 1.5M BDD
      // operations (now 25k; 10 deep, 2.6M). Split, each keeps a copy of
      // its own, as crossBackEdge asks where merging loses every path.
      unsigned base = v;
      if (!split)
        while (std::optional<unsigned> o = ctx.conds.copiedFrom(base))
          base = *o;
      unsigned copy =
          ctx.conds.earlierIteration(base, loop.id(), loop.locationOp());
      varMemo[{v, edge}] = copy; // the map may have grown
      return copy;
    }
    return rv->second;
  });
  memo[{x, edge}] = r;
  return r;
}

void LoopModel::earlierIterationCopies(PathState &s, const LoopScope &loop,
                                       Operation *edge, CopyMode mode) {
  FreeListPool &pool = ctx.lattice.freeLists();
  Bdd path = s.path;
  s.path = earlierIterationCopies(path, loop, edge, mode);
  // Even with the nested copies kept apart, no path crosses the edge: the
  // loop's later iterations go unchecked, and the fix search is told.
  if (path != BddManager::False && s.path == BddManager::False)
    ctx.pathsLost = true;
  s.entries.forEachBuffer(
      // All False: nothing to rename.
      [&](unsigned c) { return s.entries.chunkEmpty(c); },
      [&](unsigned b) {
        const Entry &e = s.entries[b];
        Bdd live = earlierIterationCopies(e.live, loop, edge, mode);
        Bdd freed = earlierIterationCopies(e.freed, loop, edge, mode);
        unsigned freers = e.freers;
        if (freers != FreeListPool::None) {
          FreeList list = pool[freers];
          bool same = true;
          for (FreeSite &f : list) {
            Bdd q = earlierIterationCopies(f.cond, loop, edge, mode);
            same &= q == f.cond;
            f.cond = q;
          }
          if (!same)
            freers = pool.intern(std::move(list));
        }
        if (live != e.live || freed != e.freed || freers != e.freers)
          s.entries.mut(b) = Entry{live, freed, freers};
      });
}

} // namespace memlint::lifetime
