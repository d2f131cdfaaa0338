//===- FlowWalker.cpp - The fixpoint walk over a region's blocks ----------===//
#include "analysis/lifetime/FlowWalker.h"

#include "analysis/lifetime/LoopsFirstOrder.h"

#include "analysis/BufferCarriers.h"
#include "analysis/NestingDepth.h"
#include "analysis/Ownership.h"
#include "analysis/RepeatedBodies.h"
#include "mlir/IR/RegionGraphTraits.h"
#include "llvm/ADT/PostOrderIterator.h"
#include <map>

using namespace mlir;

namespace memlint::lifetime {

/// One walk of a region's CFG to its fixpoint. Rounds go over the blocks
/// in reverse post order, each loop's blocks before its exits
/// (loopsFirstOrder), like a plain round-robin iteration (nested loops
/// advance in lockstep, so rounds add up rather than multiply), except that
/// a block whose inputs did not change since it last ran replays what it
/// contributed then instead of running again: the forward part of a region
/// does not re-run while a loop further down converges. A loop head whose
/// back edges changed runs again after its loop's blocks, for its exits
/// only: what the body sent back reaches the code after the loop in the
/// same round, as a region loop's results do.
class CfgWalk {
public:
  CfgWalk(FlowWalker &w, Region &region) : w(w), region(region) {
    const LoopModel::CfgLoops &loops = w.loops.cfgLoopsOf(&region);
    order = loopsFirstOrder(region, loops);
    for (auto [i, b] : llvm::enumerate(order))
      index[b] = i;
    // The loop of each header (all its back edges), to see which loops a
    // forward edge leaves: the loop model's, which keys earlier instances
    // by the same headers.
    for (auto &[header, blocks] : loops) {
      headers.insert(header);
      naturalLoops[index[header]] = &blocks;
    }
    // Where each loop's blocks end in the order: after the last of them,
    // a head that its back edges changed in this round runs again, so its
    // exits pass on this round's iterations (innermost loops first).
    for (auto &[h, blocks] : naturalLoops) {
      unsigned last = h;
      for (Block *b : *blocks)
        last = std::max(last, index[b]);
      loopsEndingAt[last].push_back(h);
    }
    for (auto &[last, hs] : loopsEndingAt)
      llvm::sort(hs, [&](unsigned a, unsigned b) {
        return naturalLoops[a]->size() < naturalLoops[b]->size();
      });
    // Each loop's depth in the region's nest of loops, summed: where a
    // loop's exits take only the head's first run (an exit to a block not
    // ahead in the order), a loop k deep settles about k rounds after the
    // one around it (a change travels out a level per round), so a nest of
    // d loops needs about d * (d + 1) / 2 rounds (-convert-scf-to-cf's
    // output of a 3-D convolution's 8 loops: 33), siblings one each. With
    // the heads run again a change travels out in the same round.
    for (auto &[header, blocks] : loops)
      for (Block *b : blocks)
        extraRounds += headers.contains(b);
    ran.resize(order.size());
  }

  std::vector<Exit> run(const Incoming &entry) {
    if (headers.empty()) {
      runRound(0, entry);
      return exits;
    }
    bool lockstep = w.visitsInLockstep();
    if (lockstep)
      for (Block *h : headers)
        if (auto it = w.cfgBackIn.find(h); it != w.cfgBackIn.end())
          backIn[h] = it->second;
    w.iterateLoop(region.getParentOp(), extraRounds, [&](unsigned round) {
      if (round > 0)
        backChanged = std::move(nextBackChanged);
      runRound(round, entry);
      return !nextBackChanged.empty();
    });
    if (lockstep)
      for (auto &[h, carried] : backIn)
        w.cfgBackIn[h] = carried;
    return exits;
  }

private:
  /// What a block contributed when it last ran.
  struct Ran {
    bool valid = false;
    /// A loop in the block had not reached its fixpoint: run it again.
    bool unstable = false;
    SmallVector<std::pair<Block *, Incoming>, 2> forward;
    std::optional<Exit> exit;
  };

  /// A retreating edge (to a block not later in the order).
  bool isBackEdge(Block *from, Block *to) {
    auto it = index.find(to);
    return it != index.end() && it->second <= index[from];
  }
  void runRound(unsigned round, const Incoming &entry);
  /// `exitsOnly`: a loop head's second run in a round (see
  /// loopsEndingAt): only its edges out of the loop go on; its body ran
  /// from what the first run sent it, which its record keeps.
  void runBlock(unsigned bi, Block *block, bool exitsOnly = false);
  void followEdge(Block *block, Operation *term, unsigned i, PathState es,
                  const Ran &previous, uint64_t epochBefore);
  void leaveLoops(Block *block, Block *succ, PathState &es);
  /// Before the head `order[h]` of a loop whose blocks end at `end` runs
  /// again in a round: takes back what its first run sent out of the loop
  /// (false, and nothing done, where an exit goes to a block not ahead).
  bool takeBackExits(unsigned h, unsigned end);
  /// The first-iteration atom of the loop headed by `header`.
  Bdd firstIteration(Block *header);
  /// Whether the loop headed by `header` is a while loop: the header only
  /// decides between its body and leaving, and the body has no other way
  /// in or out, so after the loop "not the first iteration" means the body
  /// ran.
  bool testsFirst(Block *header) const;

  FlowWalker &w;
  Region &region;
  std::vector<Block *> order;
  DenseMap<Block *, unsigned> index;
  DenseSet<Block *> headers;
  /// The rounds the loops' nest needs beyond the usual cap.
  unsigned extraRounds = 0;
  /// By header index.
  std::map<unsigned, const DenseSet<Block *> *> naturalLoops;
  /// The state entering each header from outside its loop.
  DenseMap<Block *, PathState> headerEntry;
  DenseMap<Block *, Incoming> backIn;
  std::vector<Ran> ran;
  /// By the index of a loop's last block, the indices of the heads of the
  /// loops whose blocks end there.
  DenseMap<unsigned, SmallVector<unsigned, 1>> loopsEndingAt;
  DenseSet<Block *> backChanged, nextBackChanged;
  // Of the current round.
  std::vector<Exit> exits;
  DenseMap<Block *, Incoming> in;
  DenseSet<Block *> dirty;
};

void CfgWalk::runRound(unsigned round, const Incoming &entry) {
  exits.clear();
  in.clear();
  in[&region.front()] = entry;
  dirty.clear();
  dirty.insert(&region.front());
  nextBackChanged.clear();
  auto run = [&](unsigned bi, Block *block, bool exitsOnly) {
    bool unstableBefore = w.nestedLoopUnstable();
    w.setNestedLoopUnstable(false);
    runBlock(bi, block, exitsOnly);
    ran[bi].unstable = w.nestedLoopUnstable();
    w.setNestedLoopUnstable(unstableBefore || ran[bi].unstable);
  };
  auto endLoops = [&](unsigned bi) {
    auto it = loopsEndingAt.find(bi);
    if (it == loopsEndingAt.end())
      return;
    for (unsigned h : it->second)
      if (nextBackChanged.contains(order[h]) && takeBackExits(h, bi))
        run(h, order[h], /*exitsOnly=*/true);
  };
  for (auto [bi, block] : llvm::enumerate(order)) {
    Ran &r = ran[bi];
    if (round > 0 && r.valid && !r.unstable && !dirty.count(block) &&
        !backChanged.count(block)) {
      for (auto &[succ, contrib] : r.forward)
        w.flow.merge(in[succ], contrib);
      if (r.exit)
        exits.push_back(*r.exit);
      endLoops(bi);
      continue;
    }
    run(bi, block, /*exitsOnly=*/false);
    endLoops(bi);
    // Without back edges there is one round: what entered the block and
    // what it sent on are not read again (keeping them made memory grow
    // with blocks x buffers in a long CFG).
    if (headers.empty()) {
      in.erase(block);
      ran[bi].forward.clear();
      ran[bi].exit.reset();
    }
  }
}

void CfgWalk::runBlock(unsigned bi, Block *block, bool exitsOnly) {
  // A long walk in one round is bounded in memory too (its states).
  w.ctx.chargeStates();
  Ran previous = std::move(ran[bi]);
  Ran &r = ran[bi] = Ran();
  r.valid = true;
  uint64_t epochBefore = w.flow.epoch();
  Incoming cur;
  if (auto fw = in.find(block); fw != in.end())
    cur = fw->second;
  bool header = headers.count(block);
  std::optional<Bdd> first;
  if (header && !block->empty()) {
    // What enters from outside the loop (nothing, when only back edges or
    // a cycle's side entry reach it this round: then no state to compare
    // with).
    if (cur.any)
      headerEntry[block] = cur.st;
    else
      headerEntry.erase(block);
    first = firstIteration(block);
  }
  auto back = backIn.find(block);
  w.joinLoopHead(cur, first, back == backIn.end() ? nullptr : &back->second);
  if (!cur.any || cur.st.unreachable())
    return;
  w.bindArguments(block, cur, header);
  PathState st = cur.st;
  w.dropFinishedBuffers(block, st);
  Operation *term = block->empty() ? nullptr : &block->back();
  // Every op but one that may end the block (a terminator, or an
  // unregistered op, which the code below takes once). Not
  // without_terminator(): it keeps an unregistered last op, which was then
  // taken twice, its regions walked twice, a nest of them 2^depth times.
  for (Operation &op : *block) {
    if (&op == term && term->mightHaveTrait<OpTrait::IsTerminator>())
      break;
    w.step(&op, st);
  }
  // An unregistered op with successors ends its block as a branch, to
  // places it chooses between as it likes, passing on operands we cannot
  // match to the successors' arguments.
  bool opaqueBranch = false;
  if (term && !term->hasTrait<OpTrait::IsTerminator>()) {
    // A block of a region without terminators (a custom op's): its last
    // op is an op like the others. The loop above left it out only if it
    // might be one (an unregistered op); otherwise it ran already.
    // As a branch, it is still an op like the others (its uses of what it
    // is given). Where its regions run against its successors is not
    // known: one with regions is not walked into, and what they free is
    // no longer followed.
    bool mayEnd = term->mightHaveTrait<OpTrait::IsTerminator>();
    opaqueBranch = mayEnd && term->getNumSuccessors() > 0;
    bool regionsAndSuccessors = opaqueBranch && term->getNumRegions() > 0;
    if (mayEnd && !regionsAndSuccessors)
      w.step(term, st);
    else if (regionsAndSuccessors)
      term->walk([&](Operation *inner) {
        for (OpOperand *freed : freedOperands(inner))
          w.transfer.untrack(freed->get(), term);
      });
    if (!opaqueBranch)
      term = nullptr;
  }
  if (term && !opaqueBranch) {
    w.ctx.pathAt[term] = st.path;
    // A terminator's own regions run before it leaves (scf.reduce's
    // combiners).
    if (term->getNumRegions() > 0 && repeatedBody(term))
      w.stepRegions(term, st);
    w.transfer.checkUses(term, st);
  }
  // Where what it passes goes is not known: those buffers are no longer
  // followed (a leak or a free of them would rest on a guess).
  if (opaqueBranch)
    w.transfer.untrack(term->getOperands(), term);
  if (!term || term->getNumSuccessors() == 0) {
    r.exit = Exit{term, st};
    exits.push_back({term, st});
    return;
  }
  std::vector<Bdd> bc = w.edges.ofBranch(term);
  for (unsigned i = 0, e = term->getNumSuccessors(); i < e; ++i) {
    if (exitsOnly && naturalLoops.at(bi)->contains(term->getSuccessor(i))) {
      for (auto &p : previous.forward)
        if (p.first == term->getSuccessor(i))
          r.forward.push_back(p);
      continue;
    }
    PathState es = w.ctx.lattice.restrict(st, bc[i]);
    if (!es.unreachable())
      followEdge(block, term, i, std::move(es), previous, epochBefore);
  }
}

void CfgWalk::followEdge(Block *block, Operation *term, unsigned i,
                         PathState es, const Ran &previous,
                         uint64_t epochBefore) {
  Block *succ = term->getSuccessor(i);
  SmallVector<Value> forwarded;
  unsigned produced = 0;
  if (auto br = dyn_cast<BranchOpInterface>(term)) {
    SuccessorOperands so = br.getSuccessorOperands(i);
    produced = so.getProducedOperandCount();
    for (Value v : so.getForwardedOperands())
      forwarded.push_back(v);
  }
  bool back = isBackEdge(block, succ);
  if (!back)
    leaveLoops(block, succ, es);
  Incoming contrib = w.flow.toBlock(es, succ, forwarded, produced);
  if (!back) {
    w.flow.merge(in[succ], contrib);
    // Unchanged input from here, and nothing this block defines changed:
    // the successor need not run again for this edge.
    bool same = previous.valid && w.flow.epoch() == epochBefore &&
                llvm::any_of(previous.forward, [&](auto &p) {
                  return p.first == succ && AliasFlow::same(p.second, contrib);
                });
    if (!same)
      dirty.insert(succ);
    ran[index[block]].forward.push_back({succ, std::move(contrib)});
    return;
  }
  // The header's whole loop, every back edge's blocks: a buffer allocated
  // in the block of one back edge may go round through another.
  w.loops.crossBackEdge(
      term, contrib,
      w.passedToReaders(
          forwarded, succ->getArguments().drop_front(
                         std::min<size_t>(produced, succ->getNumArguments()))),
      LoopScope::cfg(&region, *naturalLoops.at(index.lookup(succ)), succ));
  if (!succ->empty())
    w.flow.restrict(contrib, w.ctx.bdd.negate(firstIteration(succ)));
  if (w.flow.merge(backIn[succ], contrib))
    nextBackChanged.insert(succ);
}

// The second run's exits are not joined with the first's: they would be
// the same paths twice, but leaving the loop drops the atoms that told the
// first iteration apart, and the first run's state (of the first
// iteration alone) joined with the whole claimed on every iteration what
// held only in the first (a buffer the first iteration freed, still live).
bool CfgWalk::takeBackExits(unsigned h, unsigned end) {
  Block *header = order[h];
  const DenseSet<Block *> &loop = *naturalLoops.at(h);
  SmallVector<Block *, 2> targets;
  for (Block *s : header->getSuccessors()) {
    if (loop.contains(s) || llvm::is_contained(targets, s))
      continue;
    auto it = index.find(s);
    if (it == index.end() || it->second <= end)
      return false;
    targets.push_back(s);
  }
  for (Block *s : targets) {
    // What the other blocks before it in the order sent it this round
    // (a block with two edges to it is one predecessor per edge).
    Incoming rebuilt;
    SmallPtrSet<Block *, 4> seen;
    for (Block *p : s->getPredecessors()) {
      auto pi = index.find(p);
      if (p == header || pi == index.end() || pi->second > end ||
          !seen.insert(p).second)
        continue;
      for (auto &[succ, contrib] : ran[pi->second].forward)
        if (succ == s)
          w.flow.merge(rebuilt, contrib);
    }
    in[s] = std::move(rebuilt);
  }
  return true;
}

void CfgWalk::leaveLoops(Block *block, Block *succ, PathState &es) {
  for (auto &[h, blocks] : naturalLoops) {
    if (!blocks->count(block) || blocks->count(succ))
      continue;
    auto entryIt = headerEntry.find(order[h]);
    w.loops.leaveLoop(es,
                      entryIt == headerEntry.end() ? nullptr : &entryIt->second,
                      LoopScope::cfg(&region, *blocks, order[h]),
                      w.loops.exportedBy(*blocks));
  }
}

Bdd CfgWalk::firstIteration(Block *header) {
  return w.edges.firstIteration(&header->front(), [&] {
    ConditionTable::LoopPlace place;
    place.where = &header->front();
    place.name = "the loop at " + positionOf(place.where);
    place.region = &region;
    const DenseSet<Block *> &blocks = *naturalLoops[index[header]];
    place.blocks.insert(blocks.begin(), blocks.end());
    place.testFirst = testsFirst(header);
    return place;
  });
}

bool CfgWalk::testsFirst(Block *header) const {
  const DenseSet<Block *> &blocks = *naturalLoops.at(index.lookup(header));
  bool leaves = false;
  for (Block *s : header->getSuccessors()) {
    if (s == header)
      return false; // the header is the body
    leaves |= !blocks.count(s);
  }
  if (!leaves)
    return false;
  for (Block *b : blocks) {
    if (b == header)
      continue;
    for (Block *s : b->getSuccessors())
      if (!blocks.count(s))
        return false; // a break: the body may run and leave
    for (Block *p : b->getPredecessors())
      if (!blocks.count(p))
        return false; // a second way in
  }
  return true;
}

/// How many rounds the outermost loop of a nest may take: the usual cap
/// plus, per region op inside it, its depth below `loop` (one for a region
/// op in its body): in lockstep a change travels a level per round, out
/// and back in, so a nest of d `scf.while`s settles in about d * (d + 1)
/// / 2 rounds (8: 37; with one round per op, every nest of 8 was not
/// checked), siblings one each. `cfgLoops`: the rounds the loops of the
/// region's own blocks need, which a region of branches (code lowered to
/// `cf`) iterates in the same rounds; they nest as deep as region loops do.
static unsigned roundCap(Operation *loop, unsigned cfgLoops) {
  uint64_t nested = cfgLoops;
  if (loop) {
    // Depths by op, pre-order: a parent's depth is known before its ops'.
    DenseMap<Operation *, unsigned> depth;
    depth[loop] = 0;
    loop->walk<WalkOrder::PreOrder>([&](Operation *op) {
      if (op == loop || op->getNumRegions() == 0)
        return;
      Operation *parent = op->getParentOp();
      while (!depth.count(parent))
        parent = parent->getParentOp();
      unsigned d = depth[parent] + 1;
      depth[op] = d;
      nested += d + 1;
    });
  }
  return MaxRounds + unsigned(std::min<uint64_t>(nested, 1u << 20));
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

/// How many loops (`loop` included) the deepest of its ops is in.
static unsigned loopNestDepth(Operation *loop) {
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
  if (iteratingLoops == 0)
    lockstepDepth =
        loopNestDepth(loop) >= DeepNest ? 1 : unsigned(LockstepDepth);
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
      cap = roundCap(loop, cfgLoops);
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

std::vector<Exit> FlowWalker::walkRegion(Region &region,
                                         const Incoming &entry) {
  if (region.empty())
    return {};
  return CfgWalk(*this, region).run(entry);
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
      // An integer each edge sets to a constant: its cases, where no back
      // edge enters (a loop's head would need them renamed per iteration).
      if (arg.getType().isIntOrIndex())
        flow.pinCases(arg, header || repeatedEntries.count(block) ||
                                   j >= cur.argCases.size()
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
