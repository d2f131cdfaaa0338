//===- CfgWalk.cpp - The fixpoint walk over a region's blocks -------------===//
//
// FlowWalker::walkRegion: a region of blocks and branches (a function body,
// code lowered to `cf`) walked to its fixpoint, loops found by the loop
// model, in rounds over the whole region (CfgLoopByLoop.cpp: a loop at a
// time). Region ops met in the blocks go back to FlowWalker.
//
//===----------------------------------------------------------------------===//
#include "analysis/lifetime/CfgWalk.h"

#include "analysis/lifetime/LoopsFirstOrder.h"

#include "analysis/Ownership.h"
#include "analysis/RepeatedBodies.h"
#include "llvm/ADT/ScopeExit.h"

using namespace mlir;

namespace memlint::lifetime {

CfgWalk::CfgWalk(FlowWalker &w, Region &region) : w(w), region(region) {
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
  DenseMap<Block *, Block *> outermostHeader;
  for (auto &[header, blocks] : loops)
    for (Block *b : blocks) {
      extraRounds += headers.contains(b);
      // Loops nest or are apart: the smallest one holding b is innermost,
      // the largest outermost.
      auto [it, fresh] = innermostHeader.try_emplace(b, header);
      if (!fresh && blocks.size() < naturalLoops[index[it->second]]->size())
        it->second = header;
      auto [ot, ofresh] = outermostHeader.try_emplace(b, header);
      if (!ofresh && blocks.size() > naturalLoops[index[ot->second]]->size())
        ot->second = header;
      // The smallest other loop holding a header is the one around it.
      if (b == header || !headers.contains(b) ||
          blocks.size() <= naturalLoops[index[b]]->size())
        continue;
      auto [et, efresh] = enclosingHeader.try_emplace(b, header);
      if (!efresh && blocks.size() < naturalLoops[index[et->second]]->size())
        et->second = header;
    }
  findOuterLoops(loops, outermostHeader);
  ran.resize(order.size());
}

std::vector<Exit> CfgWalk::run(const Incoming &entry) {
  if (headers.empty()) {
    runRound(0, entry);
    return exits;
  }
  bool lockstep = w.visitsInLockstep();
  // In lockstep the rounds are the enclosing loop's: one per visit.
  if (!lockstep && !outerLoops.empty())
    return runLoopByLoop(entry);
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

void CfgWalk::runRound(unsigned round, const Incoming &entry) {
  exits.clear();
  in.clear();
  in[&region.front()] = entry;
  dirty.clear();
  dirty.insert(&region.front());
  nextBackChanged.clear();
  for (auto [bi, block] : llvm::enumerate(order)) {
    visit(round, bi);
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

void CfgWalk::visit(unsigned round, unsigned bi) {
  Block *block = order[bi];
  Ran &r = ran[bi];
  if (round > 0 && r.valid && !r.unstable && !dirty.count(block) &&
      !backChanged.count(block)) {
    for (auto &[succ, contrib] : r.forward)
      w.flow.merge(in[succ], contrib);
    if (r.exit)
      exits.push_back(*r.exit);
  } else {
    runTracked(bi, /*exitsOnly=*/false);
  }
  endLoops(bi);
}

void CfgWalk::runTracked(unsigned bi, bool exitsOnly) {
  bool unstableBefore = w.nestedLoopUnstable();
  w.setNestedLoopUnstable(false);
  runBlock(bi, order[bi], exitsOnly);
  ran[bi].unstable = w.nestedLoopUnstable();
  w.setNestedLoopUnstable(unstableBefore || ran[bi].unstable);
}

void CfgWalk::endLoops(unsigned bi) {
  auto it = loopsEndingAt.find(bi);
  if (it == loopsEndingAt.end())
    return;
  for (unsigned h : it->second) {
    // Walked a loop at a time, an outermost loop's exits go on after its
    // last round (settleLoop).
    if (byLoop && outerLoops.count(h))
      continue;
    if (nextBackChanged.contains(order[h]) && takeBackExits(h, bi))
      runTracked(h, /*exitsOnly=*/true);
  }
}

Incoming CfgWalk::sentBefore(Block *s, unsigned end, Block *except) {
  Incoming sent;
  SmallPtrSet<Block *, 4> seen;
  for (Block *p : s->getPredecessors()) {
    auto pi = index.find(p);
    if (p == except || pi == index.end() || pi->second > end ||
        !seen.insert(p).second)
      continue;
    for (auto &[succ, contrib] : ran[pi->second].forward)
      if (succ == s)
        w.flow.merge(sent, contrib);
  }
  return sent;
}

void CfgWalk::runBlock(unsigned bi, Block *block, bool exitsOnly) {
  // A long walk in one round is bounded in memory too (its states).
  w.ctx.chargeStates();
  // Atoms made here are ordered with their loop's (orderWithLoop).
  Block *loopHead = innermostHeader.lookup(block);
  Operation *orderedBefore = w.ctx.conds.orderWithLoop(
      loopHead && !loopHead->empty() ? &loopHead->front() : nullptr);
  auto restoreOrder =
      llvm::make_scope_exit([&] { w.ctx.conds.orderWithLoop(orderedBefore); });
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
    leaveLoops(block, succ, forwarded, es);
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
    if (it == index.end())
      return false;
    // An exit that is an outer loop's back edge (an inner loop leaving
    // straight to its outer loop's head, as -convert-scf-to-cf writes a
    // loop ending its outer loop's body): what it carries joins that
    // loop's back edges, which gather every round's anyway. Without it a
    // change went out of such a nest a level per round.
    if (isBackEdge(header, s))
      continue;
    if (it->second <= end)
      return false;
    targets.push_back(s);
  }
  // What the other blocks before them in the order sent them this round.
  for (Block *s : targets)
    in[s] = sentBefore(s, end, header);
  return true;
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

std::vector<Exit> FlowWalker::walkRegion(Region &region,
                                         const Incoming &entry) {
  if (region.empty())
    return {};
  return CfgWalk(*this, region).run(entry);
}

} // namespace memlint::lifetime
