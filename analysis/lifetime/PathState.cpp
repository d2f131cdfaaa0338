//===- PathState.cpp - The lattice: buffer conditions on a path -----------===//
#include "analysis/lifetime/PathState.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/STLExtras.h"

namespace memlint::lifetime {

thread_local int64_t EntryTable::liveChunks = 0;

bool EntryTable::operator==(const EntryTable &o) const {
  if (count != o.count)
    return false;
  for (unsigned c = 0; c < chunks.size(); ++c) {
    if (shares(o, c))
      continue;
    for (unsigned b = c * ChunkSize, e = std::min(count, b + ChunkSize); b < e;
         ++b)
      if ((*this)[b] != o[b])
        return false;
  }
  return true;
}

bool PathLattice::join(PathState &acc, const PathState &in, bool &first) {
  if (first) {
    acc = in;
    first = false;
    return true;
  }
  if (in.unreachable())
    return false;
  assert(acc.entries.size() == in.entries.size() && "states of two functions");
  Bdd pa = acc.path, pb = in.path;
  Bdd path = bdd.disj(pa, pb);
  bool changed = path != pa;
  acc.path = path;
  acc.entries.forEachBuffer(
      // A whole chunk both sides share: the same relative conditions.
      [&](unsigned c) { return acc.entries.shares(in.entries, c); },
      [&](unsigned b) {
        const Entry &y = in.entries[b];
        if (acc.entries[b] == y)
          return;
        joinEntry(acc.entries.mut(b), y, pa, pb, path, changed);
      });
  return changed;
}

void PathLattice::joinMany(PathState &acc, bool &first,
                           llvm::ArrayRef<PathState> ins,
                           const PathState &base) {
  llvm::SmallVector<const PathState *> states;
  if (!first && !acc.unreachable())
    states.push_back(&acc);
  for (const PathState &s : ins)
    if (!s.unreachable())
      states.push_back(&s);
  auto oneByOne = [&] {
    for (const PathState &s : ins)
      join(acc, s, first);
  };
  if (states.size() < MinJoinMany ||
      llvm::any_of(states, [&](const PathState *s) {
        return s->entries.size() != base.entries.size();
      }))
    return oneByOne();
  // The paths must not overlap: then the paths on which a buffer keeps
  // its entry in `base` are the others' complement.
  Bdd path = BddManager::False;
  for (const PathState *s : states) {
    if (bdd.conj(path, s->path) != BddManager::False)
      return oneByOne();
    path = bdd.disj(path, s->path);
  }
  // Per buffer, the inputs whose entry is not base's.
  llvm::DenseMap<unsigned, llvm::SmallVector<unsigned, 2>> changedIn;
  for (auto [i, s] : llvm::enumerate(states))
    s->entries.forEachBuffer(
        [&](unsigned c) { return s->entries.shares(base.entries, c); },
        [&](unsigned b) {
          if (s->entries[b] != base.entries[b])
            changedIn[b].push_back(i);
        });
  PathState out;
  out.path = path;
  out.entries = base.entries;
  for (auto &[b, which] : changedIn) {
    const Entry &kept = base.entries[b];
    Bdd others = BddManager::False;
    if (!kept.untouched()) {
      Bdd changedPaths = BddManager::False;
      for (unsigned i : which)
        changedPaths = bdd.disj(changedPaths, states[i]->path);
      others = bdd.conj(path, bdd.negate(changedPaths));
    }
    Bdd live = bdd.conj(kept.live, others);
    Bdd freed = bdd.conj(kept.freed, others);
    FreeList sites;
    for (const FreeSite &f : pool[kept.freers])
      if (Bdd c = bdd.conj(f.cond, others); c != BddManager::False)
        sites.push_back({f.op, c});
    for (unsigned i : which) {
      const Entry &e = states[i]->entries[b];
      Bdd p = states[i]->path;
      live = bdd.disj(live, bdd.conj(e.live, p));
      freed = bdd.disj(freed, bdd.conj(e.freed, p));
      for (const FreeSite &f : pool[e.freers]) {
        Bdd c = bdd.conj(f.cond, p);
        if (c == BddManager::False)
          continue;
        auto it = llvm::find_if(
            sites, [&](const FreeSite &g) { return g.op == f.op; });
        if (it == sites.end())
          sites.push_back({f.op, c});
        else
          it->cond = bdd.disj(it->cond, c);
      }
    }
    for (FreeSite &f : sites)
      f.cond = bdd.restrict(f.cond, path);
    out.entries.mut(b) =
        Entry{bdd.restrict(live, path), bdd.restrict(freed, path),
              internFreers(std::move(sites))};
  }
  acc = std::move(out);
  first = false;
}

void PathLattice::joinEntry(Entry &x, const Entry &y, Bdd pa, Bdd pb, Bdd path,
                            bool &changed) {
  // Only `cond AND path` matters: kept relative to the joined path
  // (restrict), a condition does not drag along the atoms of the branches
  // around it, which would make it grow with every join.
  auto joinCond = [&](Bdd &a, Bdd bc) {
    if (a == bc)
      return;
    Bdd old = bdd.conj(a, pa);
    Bdd r = bdd.disj(old, bdd.conj(bc, pb));
    changed |= r != old;
    a = bdd.restrict(r, path);
  };
  joinCond(x.live, y.live);
  joinCond(x.freed, y.freed);
  if (x.freers != y.freers)
    x.freers = joinFreers(x.freers, y.freers, pa, pb, path, changed);
}

unsigned PathLattice::joinFreers(unsigned x, unsigned y, Bdd pa, Bdd pb,
                                 Bdd path, bool &changed) {
  FreeList merged;
  for (const FreeSite &f : pool[x])
    merged.push_back({f.op, bdd.conj(f.cond, pa)});
  for (const FreeSite &f : pool[y]) {
    Bdd c = bdd.conj(f.cond, pb);
    auto it =
        llvm::find_if(merged, [&](const FreeSite &g) { return g.op == f.op; });
    if (it == merged.end()) {
      if (c != BddManager::False) {
        merged.push_back({f.op, c});
        changed = true;
      }
      continue;
    }
    Bdd r = bdd.disj(it->cond, c);
    changed |= r != it->cond;
    it->cond = r;
  }
  for (FreeSite &f : merged)
    f.cond = bdd.restrict(f.cond, path);
  return internFreers(std::move(merged));
}

unsigned PathLattice::internFreers(FreeList list) {
  if (list.size() > MaxFreeSites) {
    // (A site with no op, once there, stays last: the join and
    // handleFree append new sites after it, so fold from its place.)
    auto unnamed = llvm::find_if(list, [](const FreeSite &f) { return !f.op; });
    unsigned keep = std::min<size_t>(MaxFreeSites - 1, unnamed - list.begin());
    Bdd rest = BddManager::False;
    for (unsigned i = keep; i < list.size(); ++i)
      rest = bdd.disj(rest, list[i].cond);
    list.resize(keep);
    list.push_back({nullptr, rest});
  }
  return pool.intern(std::move(list));
}

void PathLattice::makeAbsolute(Entry &e, Bdd path) {
  e.live = bdd.conj(e.live, path);
  e.freed = bdd.conj(e.freed, path);
  if (e.freers == FreeListPool::None)
    return;
  FreeList list = pool[e.freers];
  for (FreeSite &f : list)
    f.cond = bdd.conj(f.cond, path);
  e.freers = pool.intern(std::move(list));
}

void PathLattice::substitute(Entry &e, unsigned var, Bdd g) {
  e.live = bdd.compose(e.live, var, g);
  e.freed = bdd.compose(e.freed, var, g);
  if (e.freers == FreeListPool::None)
    return;
  FreeList list = pool[e.freers];
  for (FreeSite &f : list)
    f.cond = bdd.compose(f.cond, var, g);
  e.freers = pool.intern(std::move(list));
}

} // namespace memlint::lifetime
