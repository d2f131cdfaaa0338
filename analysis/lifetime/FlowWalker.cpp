//===- FlowWalker.cpp - Loop rounds, bound atoms, opaque regions ----------===//
//
// What the region walks share (CfgWalk.cpp walks blocks and branches,
// RegionOpWalk.cpp region ops): the rounds of a loop nest and their cap,
// the join at a loop head, the atoms bound to block arguments, and the walk
// of regions no interface describes.
//
//===----------------------------------------------------------------------===//
#include "analysis/lifetime/FlowWalker.h"

#include "analysis/BufferCarriers.h"
#include "analysis/NestingDepth.h"

using namespace mlir;

namespace memlint::lifetime {

/// How many rounds the outermost loop of a nest may take: the usual cap
/// plus, per region op inside it, its depth below `loop` (one for a region
/// op in its body): in lockstep a change may travel a level per round, out
/// and back in, so a nest of d loops whose heads cannot pass on their
/// body's changes in the same round (an `scf.while` whose `before` holds
/// region ops) settles in about d * (d + 1) / 2 rounds (8: 37; with one
/// round per op, every nest of 8 was not checked), siblings one each.
/// `cfgLoops`: the rounds the loops of the
/// region's own blocks need, which a region of branches (code lowered to
/// `cf`) iterates in the same rounds; they nest as deep as region loops do.
static unsigned roundCap(Operation *loop, unsigned cfgLoops) {
  uint64_t nested = cfgLoops;
  if (loop)
    for (Region &r : loop->getRegions())
      for (Operation &op : r.getOps())
        nested += FlowWalker::nestRounds(&op);
  return FlowWalker::roundCapFor(nested);
}

unsigned FlowWalker::roundCapFor(uint64_t nested) {
  return MaxRounds + unsigned(std::min<uint64_t>(nested, 1u << 20));
}

uint64_t FlowWalker::nestRounds(Operation *op) {
  // Depths by op, pre-order: a parent's depth is known before its ops'.
  DenseMap<Operation *, unsigned> depth;
  uint64_t nested = 0;
  op->walk<WalkOrder::PreOrder>([&](Operation *inner) {
    if (inner->getNumRegions() == 0)
      return;
    unsigned d = 1;
    if (inner != op) {
      Operation *parent = inner->getParentOp();
      while (!depth.count(parent))
        parent = parent->getParentOp();
      d = depth[parent] + 1;
    }
    depth[inner] = d;
    nested += d + 1;
  });
  return nested;
}

void FlowWalker::joinLoopHead(Incoming &cur, std::optional<Bdd> first,
                              const Incoming *back) {
  BddManager &bdd = ctx.bdd;
  // The paths into the loop, its first-iteration atom left out.
  Bdd entered = BddManager::True;
  if (first) {
    SmallVector<unsigned> firstVar = bdd.support(*first);
    if (cur.any)
      entered = bdd.exists(cur.st.path, [&](unsigned v) {
        return llvm::is_contained(firstVar, v);
      });
    else
      entered = BddManager::False;
    flow.restrict(cur, *first);
  }
  if (!back || !back->any)
    return;
  Bdd path = bdd.conj(back->st.path, entered);
  if (path == back->st.path) {
    flow.merge(cur, *back);
    return;
  }
  // Entries and aliases hold only with the path: narrowing it is enough.
  Incoming held = *back;
  held.st.path = path;
  flow.merge(cur, held);
}

unsigned FlowWalker::loopNestDepth(Operation *loop) {
  if (!loop)
    return 1;
  unsigned loops = deepestChain(loop, [](Operation *op) {
    auto rb = dyn_cast<RegionBranchOpInterface>(op);
    return rb ? rb.hasLoop() : isa<LoopLikeOpInterface>(op);
  });
  return std::max(loops, 1u);
}

void FlowWalker::iterateLoop(Operation *loop, unsigned cfgLoops,
                             function_ref<bool(unsigned round)> runRound) {
  iterateRounds([&] { return loopNestDepth(loop); },
                [&] { return roundCap(loop, cfgLoops); }, runRound);
}

void FlowWalker::iterateRounds(function_ref<unsigned()> nestDepth,
                               function_ref<unsigned()> roundsCap,
                               function_ref<bool(unsigned round)> runRound) {
  if (iteratingLoops == 0)
    lockstepDepth = nestDepth() >= DeepNest ? 1 : unsigned(LockstepDepth);
  bool lockstep = visitsInLockstep();
  // The loops in this one's body run in lockstep: each visit of this loop
  // starts them afresh. What they carried at an earlier visit holds paths
  // of this loop's earlier rounds (its iteration atoms in other states);
  // joined into this visit's first rounds, they make conditions that no
  // path has (false back-edge leaks in upstream's output for 4-deep nests).
  // Loops that iterate to their own fixpoint are never nested in one
  // another here, so clearing everything clears only this loop's nest.
  if (iteratingLoops + 1 == lockstepDepth) {
    cfgBackIn.clear();
    regionBackIn.clear();
  }
  bool unstableOutside = unstableNested;
  ++iteratingLoops;
  std::optional<unsigned> cap;
  for (unsigned round = 0;; ++round) {
    if (!lockstep && round == 1)
      cap = roundsCap();
    if (ctx.mustGiveUp(round, cap.value_or(MaxRounds)))
      break;
    unstableNested = false;
    bool unstable = runRound(round);
    unstable |= unstableNested;
    if (lockstep) {
      unstableOutside |= unstable;
      break;
    }
    if (!unstable)
      break;
  }
  --iteratingLoops;
  unstableNested = unstableOutside;
}

void FlowWalker::bindAtom(BlockArgument arg, bool loopCarried) {
  atomArguments.insert(arg);
  ctx.conds.freshValueAtom(arg, loopCarried);
}

void FlowWalker::bindAtomOnFirstUse(BlockArgument arg) {
  // ConditionTable::formulaOf makes an atom of a value without a formula
  // when first asked: atoms then come in the order conditions use them,
  // which keeps related ones (`%x_i and %y_i`) next to each other in the
  // BDD order, where declaration order can make BDDs exponential.
  atomArguments.insert(arg);
}

bool FlowWalker::unread(Value v) {
  if (!unreadValues) {
    Operation *fn = v.getParentRegion()->getParentOp();
    if (!isa<FunctionOpInterface>(fn))
      fn = fn->getParentOfType<FunctionOpInterface>();
    if (!fn)
      return false;
    unreadValues = std::make_unique<UnreadValues>(fn);
  }
  return unreadValues->contains(v);
}

SmallVector<Value> FlowWalker::passedToReaders(ValueRange operands,
                                               ValueRange inputs) {
  SmallVector<Value> kept;
  for (auto [j, v] : llvm::enumerate(operands))
    if (j >= inputs.size() || !carriesMemRef(inputs[j]) || !unread(inputs[j]))
      kept.push_back(v);
  return kept;
}

void FlowWalker::bindArguments(Block *block, const Incoming &cur, bool header) {
  for (BlockArgument arg : block->getArguments()) {
    unsigned j = arg.getArgNumber();
    if (carriesMemRef(arg)) {
      if (header)
        carriedMemrefs.insert(arg);
      if (unread(arg))
        flow.setAliases(arg, AliasSet()); // holds nothing anyone frees
      else if (j < cur.argAliases.size() && !cur.argAliases[j].empty())
        flow.setAliases(arg, cur.argAliases[j]);
      else
        flow.setAliases(arg, flow.unknown(BddManager::True));
    }
    if (!arg.getType().isInteger(1)) {
      // An integer each edge sets to a constant: its cases. At a loop's
      // head, as for an i1 below, the entry's in the first iteration and
      // the back edges' (renamed to earlier-iteration copies) later.
      if (arg.getType().isIntOrIndex())
        flow.pinCases(arg, j >= cur.argCases.size() || header ||
                                   (repeatedEntries.count(block) &&
                                    ctx.facts.firstIterationValue(arg))
                               ? std::nullopt
                               : cur.argCases[j]);
      continue;
    }
    if (atomArguments.count(arg))
      continue;
    // A loop header's i1 arguments too get what their edges pass: the
    // entry's value in the first iteration, the back edges' (renamed to
    // earlier-iteration copies) later. That ties an ownership flag carried
    // around a loop to the buffer carried beside it.
    if (j >= cur.argFormulas.size() ||
        (j < cur.argUnknown.size() && cur.argUnknown[j]))
      bindAtom(arg, /*loopCarried=*/header);
    else
      flow.pinFormula(arg, cur.argFormulas[j]);
  }
}

void FlowWalker::walkOpaqueRegions(Operation *op, PathState &st) {
  // Which of its operands such an op binds to its regions' arguments is
  // not known: where a region frees an argument, the buffers the op is
  // given may be freed there, or not. They are no longer followed (a leak
  // or a double free of them would rest on a guess).
  auto [known, fresh] = freesArgument.try_emplace(op, false);
  if (fresh)
    known->second = freesRegionArgument(op);
  if (known->second)
    transfer.untrack(op->getOperands(), op);
  // Its regions run in order. One region is taken to run (a launch or a
  // scope runs its body); of several, which run is not known (an if/else
  // runs one, a two-phase op both): each runs or not by a data choice, so
  // no finding rests on either.
  unsigned bodies =
      llvm::count_if(op->getRegions(), [](Region &r) { return !r.empty(); });
  for (Region &region : op->getRegions()) {
    if (region.empty())
      continue;
    Incoming in;
    in.any = true;
    in.st = st;
    PathState skipped;
    if (bodies > 1) {
      Bdd runs = edges.opaqueRegionRuns(op, region.getRegionNumber());
      in.st = ctx.lattice.restrict(st, runs);
      skipped = ctx.lattice.restrict(st, ctx.bdd.negate(runs));
    }
    for (BlockArgument arg : region.front().getArguments())
      in.argAliases.push_back(
          carriesMemRef(arg) ? flow.unknown(BddManager::True) : AliasSet());
    std::vector<Exit> exits = walkRegion(region, in);
    PathState joined;
    bool first = true;
    if (bodies > 1)
      ctx.lattice.join(joined, skipped, first);
    else if (exits.empty())
      continue;
    for (Exit &x : exits)
      ctx.lattice.join(joined, x.st, first);
    st = joined;
  }
  transfer.checkUses(op, st);
  transfer.defineResults(op, st);
}

void FlowWalker::dropFinishedBuffers(Block *block, PathState &st) {
  if (!held) {
    Operation *fn = block->getParentOp();
    if (!isa<FunctionOpInterface>(fn))
      return;
    held = std::make_unique<HeldValues>(*block->getParent());
  }
  if (!held->covers(block))
    return;
  // Buffers a value still in use may hold stay.
  llvm::DenseSet<unsigned> kept;
  auto hold = [&](Value v) {
    if (const AliasSet *s = flow.find(v))
      for (const AliasEntry &e : *s)
        if (std::optional<unsigned> b = ctx.ownedBuffer(e.origin))
          kept.insert(*b);
  };
  held->forEachLiveIn(block, hold);
  for (BlockArgument arg : block->getArguments())
    hold(arg);
  // Of the others, those no path into the block has live. `live` is
  // relative to the path: a free leaves `live AND NOT path` behind, which
  // is False only on the path (a join restricts it to False, a block that
  // only narrows the path does not), so it is tested on the path.
  SmallVector<unsigned> finished;
  st.entries.forEachBuffer([&](unsigned c) { return st.entries.chunkEmpty(c); },
                           [&](unsigned b) {
                             const Entry &e = st.entries[b];
                             if (e == Entry() || kept.count(b))
                               return;
                             if (e.live == BddManager::False ||
                                 ctx.bdd.conj(e.live, st.path) ==
                                     BddManager::False)
                               finished.push_back(b);
                           });
  for (unsigned b : finished)
    st.entries.reset(b);
}

} // namespace memlint::lifetime
