//===- LoopModel.cpp - Back edges and earlier iterations ------------------===//
#include "analysis/lifetime/LoopModel.h"
#include "analysis/lifetime/QuestionSource.h"
#include "analysis/lifetime/SameValues.h"

#include "analysis/BufferCarriers.h"
#include "analysis/Ownership.h"
#include "analysis/RepeatedBodies.h"
#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/RegionGraphTraits.h"
#include "mlir/Interfaces/ControlFlowInterfaces.h"
#include "mlir/Interfaces/InferIntRangeInterface.h"
#include "mlir/Interfaces/LoopLikeInterface.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "llvm/ADT/PostOrderIterator.h"

using namespace mlir;

namespace memlint::lifetime {

namespace {
/// `b`, or the block of the op holding it, up to a block of `region`.
Block *blockIn(Block *b, Region *region) {
  while (b && b->getParent() != region) {
    Operation *p = b->getParentOp();
    b = p ? p->getBlock() : nullptr;
  }
  return b;
}
} // namespace

bool LoopScope::hasSeveralBackEdges() const {
  if (!blocks)
    return false;
  auto *header = static_cast<Block *>(const_cast<void *>(key));
  unsigned n = 0;
  for (Block *pred : header->getPredecessors())
    if (blocks->contains(pred) && ++n > 1)
      return true;
  return false;
}

bool LoopScope::contains(Operation *o) const {
  if (op)
    return nesting->properlyContains(op, o);
  Block *b = blockIn(o->getBlock(), region);
  return b && blocks->count(b);
}

bool LoopScope::defines(unsigned var, const ConditionTable &conds) const {
  Block *def = conds.definingBlock(var);
  if (op)
    return def && def->getParentOp() &&
           (def->getParentOp() == op ||
            nesting->properlyContains(op, def->getParentOp()));
  Block *b = blockIn(def, region);
  return b && blocks->count(b);
}

/// `v`, or where it is a block argument that one edge alone passes a
/// value (QuestionSource's forwardedValue: a CFG loop's body block taking
/// the counter from the header's test), the value that edge passes.
static Value throughForwards(Value v) {
  for (unsigned steps = 0; steps < 8; ++steps) {
    auto arg = dyn_cast<BlockArgument>(v);
    Value from = arg ? forwardedValue(arg) : Value();
    if (!from)
      break;
    v = from;
  }
  return v;
}

bool LoopScope::countsUp(Value v, IntegerFacts &facts) const {
  // (The counter as a body block of a CFG loop takes it: the same value.)
  if (!op)
    v = throughForwards(v);
  if (op) {
    if (scf::ForOp f = inductionVarOwner(v))
      return f == op && forLoopCannotWrap(f);
    if (affine::AffineForOp f = affine::getForInductionVarOwner(v))
      return f == op;
    // A parallel loop of one dimension runs each value of its induction
    // variable once (in any order; the model runs two in sequence).
    if (auto f = dyn_cast<scf::ForallOp>(op))
      return f.getInductionVars().size() == 1 && f.getInductionVars()[0] == v;
    if (auto p = dyn_cast<scf::ParallelOp>(op))
      return p.getInductionVars().size() == 1 && p.getInductionVars()[0] == v;
    if (auto p = dyn_cast<affine::AffineParallelOp>(op))
      return p.getIVs().size() == 1 && p.getIVs()[0] == v;
    // A linalg op of one loop runs its body once per index.
    if (auto l = dyn_cast<linalg::LinalgOp>(op)) {
      auto index = v.getDefiningOp<linalg::IndexOp>();
      return index && l.getNumLoops() == 1 &&
             index->getParentOfType<linalg::LinalgOp>() == l;
    }
  }
  std::optional<std::pair<Operation *, APInt>> first =
      facts.firstIterationValue(v);
  if (!first)
    return false;
  return op ? first->first->getParentOp() == op : first->first == keyOp;
}

/// How deep holdsStill follows the operands of pure ops in the loop.
static constexpr unsigned MaxStillDepth = 4;

bool LoopScope::holdsStill(Value v) const {
  // Defined outside the loop, or by a pure op in it (no regions, no
  // memory effects) of values that are: `%ub - 1` computed in the body,
  // as it is before -loop-invariant-code-motion runs.
  SmallVector<std::pair<Value, unsigned>, 4> work{{v, 0}};
  while (!work.empty()) {
    auto [x, depth] = work.pop_back_val();
    Operation *def = x.getDefiningOp();
    if (!def) {
      Block *b = cast<BlockArgument>(x).getOwner();
      if (b->empty() || contains(&b->front()))
        return false;
      continue;
    }
    if (!contains(def))
      continue;
    if (depth >= MaxStillDepth || def->getNumRegions() != 0 ||
        !isMemoryEffectFree(def) || mayDifferPerRun(def))
      return false;
    for (Value operand : def->getOperands())
      work.push_back({operand, depth + 1});
  }
  return true;
}

// ---- Earlier instances ------------------------------------------------------

void LoopModel::addEarlierInstances(FunctionOpInterface fn) {
  std::vector<BufferInfo> &buffers = ctx.buffers;
  unsigned n = buffers.size();
  // An instance per allocation and loop around it: 3,000 CFG loops nested
  // in one another, each allocating, made 4.5M, whose states took 3.2 GB
  // past the 256 MiB budget (helper-78). Past MaxBuffers, the memory
  // budget is spent before any is made.
  std::vector<SmallVector<const void *, 2>> around(n);
  size_t total = n;
  for (unsigned b = 0; b < n && total <= MaxBuffers; ++b) {
    around[b] = enclosingLoops(buffers[b].allocOp, fn);
    total += around[b].size();
  }
  if (total > MaxBuffers) {
    ctx.bdd.spendMemory();
    return;
  }
  for (unsigned b = 0; b < n; ++b)
    for (const void *loop : around[b]) {
      unsigned t = buffers.size();
      BufferInfo info = buffers[b];
      info.earlierOf = b;
      buffers.push_back(info);
      unsigned origin = ctx.origins.size();
      ctx.origins.push_back({OriginKind::Owned, info.value, (int)t});
      earlierInstances[b].push_back({loop, t, origin});
    }
}

bool LoopModel::anyLoopAround(Block *block, FunctionOpInterface fn) {
  // Up to the first block already answered, then down: each block of a
  // deep nest is asked once (per buffer, the walk to the function was
  // quadratic in 10,000 nested scf.ifs each allocating).
  SmallVector<Block *> chain;
  bool any = false;
  for (Block *b = block; b;) {
    if (auto it = loopAround.find(b); it != loopAround.end()) {
      any = it->second;
      break;
    }
    chain.push_back(b);
    Operation *parent = b->getParentOp();
    if (!parent || parent == fn.getOperation())
      break;
    if (repeats(parent)) {
      any = true;
      break;
    }
    b = parent->getBlock();
  }
  for (Block *b : llvm::reverse(chain)) {
    any = any || !cfgLoopsAround(b, b->getParent()).empty();
    loopAround[b] = any;
  }
  return loopAround.lookup(block);
}

SmallVector<const void *, 2> LoopModel::enclosingLoops(Operation *op,
                                                       FunctionOpInterface fn) {
  SmallVector<const void *, 2> loops;
  if (!op->getBlock() || !anyLoopAround(op->getBlock(), fn))
    return loops;
  for (Operation *cur = op; cur && cur != fn.getOperation();
       cur = cur->getParentOp()) {
    if (Region *r = cur->getParentRegion())
      for (Block *header : cfgLoopsAround(cur->getBlock(), r))
        loops.push_back(header);
    Operation *parent = cur->getParentOp();
    if (parent && repeats(parent))
      loops.push_back(parent);
  }
  return loops;
}

bool LoopModel::repeats(Operation *op) {
  auto [it, fresh] = repeatsOf.try_emplace(op, false);
  if (fresh) {
    auto rb = dyn_cast<RegionBranchOpInterface>(op);
    // (repeatedBody counts loops that are only LoopLikeOpInterface.)
    it->second = rb ? rb.hasLoop() : repeatedBody(op).has_value();
  }
  return it->second;
}

const LoopModel::CfgLoops &LoopModel::cfgLoopsOf(Region *region) {
  auto [it, fresh] = cfgLoops.try_emplace(region);
  CfgLoops &loops = it->second;
  if (!fresh || region->empty() || region->hasOneBlock())
    return loops;
  DenseMap<Block *, unsigned> index;
  llvm::ReversePostOrderTraversal<Block *> rpot(&region->front());
  unsigned n = 0;
  for (Block *b : rpot)
    index[b] = n++;
  DenseMap<Block *, unsigned> loopOf;
  // Loops nested in one another hold each other's blocks: 20,000 blocks
  // that each branch back to the one before made 200M entries (6 GB).
  // Past MaxLoopBlocks, the memory budget is spent and the loops found so
  // far are all there is (the analysis stops).
  // The back edges by header, headers in the order they are first met.
  SmallVector<SmallVector<Block *, 2>> latches;
  for (Block *b : rpot)
    for (Block *s : b->getSuccessors()) {
      auto si = index.find(s);
      if (si == index.end() || si->second > index[b])
        continue;
      auto [li, added] = loopOf.try_emplace(s, loops.size());
      if (added) {
        loops.push_back({s, {}});
        latches.emplace_back();
      }
      latches[li->second].push_back(b);
    }
  size_t blocksInLoops = 0;
  for (size_t k = 0; k < loops.size(); ++k) {
    addLoopBlocks(latches[k], loops[k].first, loops[k].second);
    blocksInLoops += loops[k].second.size();
    if (blocksInLoops > MaxLoopBlocks) {
      ctx.bdd.spendMemory();
      // The loops found so far are all there is (the analysis stops).
      loops.resize(k + 1);
      return loops;
    }
  }
  return loops;
}

SmallVector<Block *, 2> LoopModel::cfgLoopsAround(Block *block,
                                                  Region *region) {
  const CfgLoops &loops = cfgLoopsOf(region);
  // Innermost first: a loop nested in another has fewer blocks.
  SmallVector<std::pair<unsigned, Block *>, 2> around;
  for (auto &[header, blocks] : loops)
    if (blocks.count(block))
      around.push_back({blocks.size(), header});
  llvm::sort(around,
             [](const auto &a, const auto &b) { return a.first < b.first; });
  SmallVector<Block *, 2> headers;
  for (auto &[size, header] : around)
    headers.push_back(header);
  return headers;
}

// ---- Back edges -------------------------------------------------------------

void LoopModel::leak(Operation *term, unsigned b, Bdd cond, Bdd edgePath) {
  if (cond == BddManager::False || ctx.buffers[b].foreign)
    return;
  Event ev{EventKind::Leak, term, (int)b};
  ev.cond = cond;
  ev.backEdge = true;
  ev.edgePath = edgePath;
  ctx.events.record(ev, b);
}

std::vector<Bdd> LoopModel::carriedConditions(ValueRange carried,
                                              const PathState &st) {
  std::vector<Bdd> cond(ctx.numBuffers(), BddManager::False);
  for (Value v : carried)
    if (carriesMemRef(v))
      for (const AliasEntry &e : flow.aliasOf(v))
        if (std::optional<unsigned> b = ctx.ownedBuffer(e.origin))
          cond[*b] = ctx.bdd.disj(cond[*b], ctx.bdd.conj(e.cond, st.path));
  return cond;
}

void LoopModel::crossBackEdge(Operation *term, Incoming &contrib,
                              ValueRange carried, const LoopScope &loop) {
  PathState &st = contrib.st;
  std::vector<Bdd> carriedCond = carriedConditions(carried, st);
  for (unsigned b : allocationsIn(term, loop)) {
    // This iteration's instances: the one allocated now, and those of
    // earlier iterations of loops nested in this one.
    SmallVector<unsigned, 4> current{b};
    const EarlierInstance *into = nullptr;
    auto instances = earlierInstances.find(b);
    for (const EarlierInstance &e :
         instances == earlierInstances.end()
             ? ArrayRef<EarlierInstance>()
             : ArrayRef<EarlierInstance>(instances->second)) {
      if (e.loop == loop.instanceKey()) {
        into = &e;
        break;
      }
      current.push_back(e.buffer);
    }
    if (into) {
      carryInstances(term, contrib, current, *into, carriedCond);
      continue;
    }
    // No earlier instance (should not happen): give up on carried ones.
    for (unsigned c : current) {
      if (carriedCond[c] != BddManager::False) {
        ctx.buffers[b].tracked = false;
        ctx.buffers[b].untrackedAt.push_back(nullptr);
      } else
        leak(term, c, ctx.lattice.liveIn(st, c), st.path);
      st.entries.mut(c) = Entry();
    }
  }
  dropIterationAtoms(contrib, loop);
  // Rename the loop's atoms, and copies made for loops nested in it (their
  // "earlier iteration" is within this iteration of this loop); copies made
  // for this loop or loops around it keep their meaning. Merging an atom
  // with a nested loop's copy of it asserts they were equal; where every
  // path says they differ (an scf.while counting to a constant leaves with
  // its test false, and true the iteration before), nothing would cross
  // the edge and the loop's later iterations would go unchecked. This
  // crossing then keeps the nested copies apart.
  CopyMode mode = CopyMode::Merged;
  if (st.path != BddManager::False &&
      earlierIterationCopies(st.path, loop, term) == BddManager::False)
    mode = CopyMode::Split;
  earlierIterationCopies(st, loop, term, mode);
  for (AliasSet &s : contrib.argAliases)
    for (AliasEntry &a : s)
      a.cond = earlierIterationCopies(a.cond, loop, term, mode);
  for (Bdd &f : contrib.argFormulas)
    f = earlierIterationCopies(f, loop, term, mode);
  for (std::optional<ConditionTable::Cases> &cases : contrib.argCases)
    if (cases)
      for (auto &[when, value] : *cases)
        when = earlierIterationCopies(when, loop, term, mode);
  equalitiesHoldOnce(term, contrib, loop);
}

void LoopModel::equalitiesHoldOnce(Operation *term, Incoming &contrib,
                                   const LoopScope &loop) {
  BddManager &bdd = ctx.bdd;
  // A loop that exits from its head (an scf.while, a CFG loop) leaves with
  // the constraint on the next iteration's atoms in its path; inside
  // another loop, that loop's back edge renames both sides to one copy,
  // which then excluded the outer iteration's frees (helper-66: a double
  // free of a while loop's `%z == 3` inside an scf.for was missed). Only
  // for loops leave from the end of their body.
  Operation *regionLoop = loop.regionLoopOp();
  bool exitsFromHead =
      !isa_and_nonnull<scf::ForOp, affine::AffineForOp, scf::ForallOp,
                       scf::ParallelOp>(regionLoop) &&
      !(regionLoop && repeatedBody(regionLoop));
  if (exitsFromHead) {
    Operation *at = loop.locationOp();
    auto fn = at ? at->getParentOfType<FunctionOpInterface>() : nullptr;
    if (!fn || llvm::any_of(enclosingLoops(at, fn),
                            [&](const void *l) { return l != loop.id(); }))
      return;
  }
  // Only an equality on whose earlier answer some buffer may have been
  // freed needs the next iteration's excluded; the cells of one counter
  // partition the paths, so a free under `%i <= 1` meets two of them.
  // Others only grow the paths: a chain of 2,000 questions on one counter
  // took 57x the work when every equality whose atoms the state mentions
  // was constrained. Past MaxEqualitiesHeldOnce such equalities (the
  // earlier iterations' frees, remembered one iteration back, blur
  // together) none is: the loop is read as before, at its old cost.
  PathState &st = contrib.st;
  Bdd freed = BddManager::False;
  st.entries.forEachBuffer(
      [&](unsigned c) { return st.entries.chunkEmpty(c); },
      [&](unsigned b) { freed = bdd.disj(freed, st.entries[b].freed); });
  if (freed == BddManager::False)
    return;
  Bdd once = BddManager::True;
  unsigned terms = 0;
  auto eachEquality = [&](function_ref<void(Value, Value, Bdd)> fn) {
    // A value that counts up in the loop (LoopScope::countsUp) is an
    // argument of the entry block of one of its regions (an induction
    // variable, a counter an scf.while carries) or of a CFG loop's header
    // (linalg.index aside): only equalities on those are asked. Asking
    // every equality of the function at every back edge was quadratic in
    // the loops (4,000 affine.for loops in one function: 3.6 s).
    SmallVector<Value> counters;
    if (Operation *op = loop.regionLoopOp()) {
      if (isa<linalg::LinalgOp>(op))
        return ctx.conds.forEachEquality(fn);
      for (Region &r : op->getRegions())
        if (!r.empty())
          llvm::append_range(counters, r.front().getArguments());
    } else if (Operation *head = loop.locationOp()) {
      llvm::append_range(counters, head->getBlock()->getArguments());
      // And the arguments of blocks of the loop that take one of them on
      // their one edge in (-convert-scf-to-cf's after region of an
      // scf.while: `cf.cond_br %test, ^body(%i)`), which its body asks.
      // (The order does not matter: the constraints are conjoined.)
      if (const DenseSet<Block *> *blocks = loop.cfgBlocks())
        for (Block *b : *blocks)
          for (BlockArgument arg : b->getArguments())
            if (Value from = throughForwards(arg);
                from != arg && isa<BlockArgument>(from) &&
                cast<BlockArgument>(from).getOwner() == head->getBlock())
              counters.push_back(arg);
    } else {
      return ctx.conds.forEachEquality(fn);
    }
    ctx.conds.forEachEqualityOf(counters, fn);
  };
  eachEquality([&](Value x, Value y, Bdd cond) {
    bool counter = loop.countsUp(x, ctx.facts) && (!y || loop.holdsStill(y));
    if (!counter && y)
      counter = loop.countsUp(y, ctx.facts) && loop.holdsStill(x);
    if (!counter)
      return;
    // (In the next iteration `cond` names it anew; the copy is this one's.)
    Bdd earlier = earlierIterationCopies(cond, loop, term);
    if (earlier == cond)
      return;
    if (bdd.conj(freed, earlier) != BddManager::False &&
        ++terms <= MaxEqualitiesHeldOnce)
      once = bdd.conj(once, bdd.negate(bdd.conj(cond, earlier)));
  });
  if (once != BddManager::True && terms <= MaxEqualitiesHeldOnce)
    flow.restrict(contrib, once);
}

void LoopModel::carryInstances(Operation *term, Incoming &contrib,
                               ArrayRef<unsigned> current,
                               const EarlierInstance &into,
                               const std::vector<Bdd> &carried) {
  BddManager &bdd = ctx.bdd;
  FreeListPool &pool = ctx.lattice.freeLists();
  PathState &st = contrib.st;
  // Whichever instance the edge does not carry on is dropped, and leaks if
  // still allocated. The carried ones become the loop's earlier instance.
  // The carried conditions imply the path: the merged entry is absolute.
  Entry merged;
  FreeList freers;
  // Where this iteration's instance is carried on live, the earlier
  // instance stands for it from now on: what freed the older one there (a
  // buffer of two iterations back, freed while the one of one iteration
  // back is still passed round) says nothing of it. Kept, a buffer that
  // moves through two slots of a loop before it is freed was "freed twice"
  // (helper-126: random CFG loops, correct at run time).
  Bdd newerLive = BddManager::False;
  for (unsigned c : current)
    newerLive =
        bdd.disj(newerLive, bdd.conj(ctx.lattice.liveIn(st, c), carried[c]));
  auto mergeIn = [&](unsigned c, Bdd freedKept) {
    Bdd keep = carried[c];
    leak(term, c, bdd.conj(ctx.lattice.liveIn(st, c), bdd.negate(keep)),
         st.path);
    const Entry &e = st.entries[c];
    merged.live = bdd.disj(merged.live, bdd.conj(e.live, keep));
    Bdd freedKeep = bdd.conj(keep, freedKept);
    merged.freed = bdd.disj(merged.freed, bdd.conj(e.freed, freedKeep));
    for (const FreeSite &f : pool[e.freers])
      if (Bdd k = bdd.conj(f.cond, freedKeep); k != BddManager::False)
        freers.push_back({f.op, k});
  };
  mergeIn(into.buffer, bdd.negate(newerLive));
  for (unsigned c : current)
    mergeIn(c, BddManager::True);
  merged.freers = pool.intern(std::move(freers));
  st.entries.mut(into.buffer) = merged;
  for (unsigned c : current)
    st.entries.mut(c) = Entry();
  // Arguments of the next iteration hold the earlier instance.
  for (AliasSet &s : contrib.argAliases) {
    AliasSet renamed;
    for (const AliasEntry &e : s) {
      AliasEntry x = e;
      if (std::optional<unsigned> b = ctx.ownedBuffer(e.origin);
          b && llvm::is_contained(current, *b))
        x.origin = into.origin;
      addAlias(renamed, x, bdd);
    }
    s = renamed;
  }
}

// The branches and loop tests this iteration passed are atoms the next
// iteration defines afresh. Renamed to earlier-iteration copies, they made
// the path at the head remember every test of the body, each round: its
// size grew with the body, and with it every join and restrict in it.
// Where nothing the edge carries (entries, aliases and formulas of what it
// passes) mentions an atom or its copy, no later condition can tell its
// value apart, so it is quantified out instead.
void LoopModel::dropIterationAtoms(Incoming &contrib, const LoopScope &loop) {
  PathState &st = contrib.st;
  // Where several edges go back to the head, the atoms of an edge's path
  // tell the edges apart at the join: a flag set to true on one and false
  // on the other (a loop's `done`, what -canonicalize makes of a latch that
  // took it as an argument) is true where the other's atoms say so, and
  // the buffer freed on that edge alone is freed there. Dropped, both
  // paths are one and the flag tells nothing of the free.
  if (st.path <= BddManager::True || loop.hasSeveralBackEdges())
    return;
  FreeListPool &pool = ctx.lattice.freeLists();
  DenseSet<unsigned> mentioned;
  st.entries.forEachBuffer([&](unsigned c) { return st.entries.chunkEmpty(c); },
                           [&](unsigned b) {
                             const Entry &e = st.entries[b];
                             flow.addSupport(mentioned, e.live);
                             flow.addSupport(mentioned, e.freed);
                             for (const FreeSite &f : pool[e.freers])
                               flow.addSupport(mentioned, f.cond);
                           });
  for (const AliasSet &s : contrib.argAliases)
    for (const AliasEntry &a : s)
      flow.addSupport(mentioned, a.cond);
  for (Bdd f : contrib.argFormulas)
    flow.addSupport(mentioned, f);
  for (const std::optional<ConditionTable::Cases> &cases : contrib.argCases)
    if (cases)
      for (auto &[when, value] : *cases)
        flow.addSupport(mentioned, when);
  auto drop = [&](unsigned v) {
    if (mentioned.count(v) || !renamesAtom(v, loop))
      return false;
    std::optional<unsigned> copy = ctx.conds.findEarlierIteration(v, loop.id());
    return !copy || !mentioned.count(*copy);
  };
  if (llvm::none_of(ctx.bdd.support(st.path), drop))
    return;
  st.path = ctx.bdd.exists(st.path, drop);
}

} // namespace memlint::lifetime
