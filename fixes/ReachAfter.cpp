//===- ReachAfter.cpp - What can run after a free or a place -------------===//
#include "fixes/ReachAfter.h"

#include "mlir/Interfaces/ControlFlowInterfaces.h"
#include "mlir/Interfaces/FunctionInterfaces.h"

using namespace mlir;

namespace memlint {
namespace placement {

void Reach::push(Block *block, Block::iterator it, bool initial) {
  if (!initial && block == barrierBlock && it == block->begin())
    return;
  Operation *at = it == block->end() ? nullptr : &*it;
  if (whole && block->getParent()->hasOneBlock()) {
    // Taken whole by run(), which knows what is new (inStretch).
    work.push_back({block, it});
    return;
  }
  if (!started.insert({block, at}).second)
    return;
  if (deferring && it == block->begin() &&
      block->getParent() == &deferring->region() &&
      deferring->rank(block) < walkedDownTo) {
    deferred.push_back(block);
    return;
  }
  work.push_back({block, it});
}

bool Reach::reaches(Operation *op) {
  unsigned need = deferring ? deferring->rankOfAncestor(op) : walkedDownTo;
  // (An op the entry does not reach: only blocks like it lead there, and
  // none of those waits.)
  if (need < walkedDownTo && !deferred.empty()) {
    walkedDownTo = need;
    // Blocks the walk resumes may hold back others, ranked lower still.
    llvm::SmallVector<Block *> waiting = std::move(deferred);
    deferred.clear();
    for (Block *block : waiting) {
      if (deferring->rank(block) >= need)
        work.push_back({block, block->begin()});
      else
        deferred.push_back(block);
    }
    run();
  }
  return contains(op);
}

void Reach::enterRegion(Region *r) {
  if (!r->empty())
    push(&r->front(), r->front().begin());
}

void Reach::enterRegions(Operation *op) {
  if (auto rb = dyn_cast<RegionBranchOpInterface>(op)) {
    SmallVector<RegionSuccessor> succs;
    rb.getEntrySuccessorRegions(unknownOperands(op), succs);
    for (const RegionSuccessor &s : succs)
      if (!s.isParent())
        enterRegion(s.getSuccessor());
    return;
  }
  for (Region &r : op->getRegions())
    enterRegion(&r);
}

void Reach::continueAfter(Operation *op) {
  push(op->getBlock(), std::next(op->getIterator()));
}

void Reach::exitRegion(Region *region, Operation *term) {
  Operation *parent = region->getParentOp();
  if (!parent || isa<FunctionOpInterface>(parent))
    return;
  auto rt = dyn_cast_or_null<RegionBranchTerminatorOpInterface>(term);
  if (rt && isa<RegionBranchOpInterface>(parent)) {
    SmallVector<RegionSuccessor> succs;
    rt.getSuccessorRegions(unknownOperands(term), succs);
    for (const RegionSuccessor &s : succs) {
      if (s.isParent())
        continueAfter(parent);
      else
        enterRegion(s.getSuccessor());
    }
    return;
  }
  // Nothing says where control goes: anywhere in the parent, then on.
  enterRegions(parent);
  continueAfter(parent);
}

void Reach::skipBelow(RegionOrder &order, unsigned lowest, Operation *exit) {
  if (exit && exit->getParentRegion() == &order.region())
    skipped = Skipped{&order, lowest, exit};
}

void Reach::cutAt(DefinitionCut &definitionCut, Block *defBlock,
                  unsigned lowest) {
  if (!skipped || !definitionCut.usable() ||
      skipped->exit->getBlock() == defBlock)
    return;
  cut = Cut{&definitionCut, defBlock, lowest};
}

bool Reach::skips(Block *block, Block::iterator it) {
  if (!skipped || it != block->begin() ||
      block->getParent() != &skipped->order->region())
    return false;
  if (skipped->order->rank(block) < skipped->lowest) {
    if (skipped->order->reaches(block, skipped->exit->getBlock()))
      skipped->exitReached = true;
    return true;
  }
  if (!cut || !cut->cut->meetsNone(block, cut->defBlock, cut->lowest))
    return false;
  std::optional<bool> exitReached = cut->cut->reachesAvoiding(
      block, cut->defBlock, skipped->exit->getBlock());
  if (!exitReached)
    return false;
  if (*exitReached)
    skipped->exitReached = true;
  return true;
}

void Reach::run() {
  while (!work.empty()) {
    auto [block, it] = work.pop_back_val();
    if (skips(block, it))
      continue;
    if (whole && block->getParent()->hasOneBlock()) {
      enterWhole(block, it == block->end() ? nullptr : &*it);
      continue;
    }
    bool atBarrier = false;
    for (; it != block->end(); ++it) {
      Operation &op = *it;
      if (&op == barrierOp) {
        atBarrier = true;
        break;
      }
      ops.insert(&op);
      ++*walked;
      if (stops && stops->count(&op)) {
        stopped = true;
        work.clear();
        return;
      }
      if (op.getNumRegions() > 0)
        enterRegions(&op);
    }
    if (!atBarrier)
      leaveBlock(block);
  }
}

/// Goes on where the end of `block` leads: its successors, or out of its
/// region.
void Reach::leaveBlock(Block *block) {
  Operation *last = block->empty() ? nullptr : &block->back();
  if (last && last->getNumSuccessors() > 0) {
    for (Block *succ : last->getSuccessors())
      push(succ, succ->begin());
    return;
  }
  exitRegion(block->getParent(), last);
}

/// Where a scan of `block` from `at` (null: the block's end) stops:
/// the value's definition if it lies there, else the end (null).
Operation *Reach::stopOf(Block *block, Operation *at) const {
  if (!at || !barrierOp || barrierOp->getBlock() != block ||
      barrierOp->isBeforeInBlock(at))
    return nullptr;
  return barrierOp;
}

/// Whether `at` (null: the end) lies in a stretch of `block` reached.
bool Reach::inStretch(Block *block, Operation *at) const {
  auto it = entries.find(block);
  if (it == entries.end())
    return false;
  for (Operation *from : it->second) {
    if (!at) {
      if (!stopOf(block, from))
        return true;
      continue;
    }
    if (from && !at->isBeforeInBlock(from)) {
      Operation *stop = stopOf(block, from);
      if (!stop || at->isBeforeInBlock(stop))
        return true;
    }
  }
  return false;
}

/// Whether the value is defined in a region of `op` (by an op, or as an
/// argument of a block there).
bool Reach::holdsDefinition(Operation *op) const {
  if (barrierOp)
    return op->isProperAncestor(barrierOp);
  return barrierBlock && op->isAncestor(barrierBlock->getParentOp());
}

/// A block taken whole, entered at `at`: what its scan to the end would
/// reach is reached, and the walk goes on where the end leads.
void Reach::enterWhole(Block *block, Operation *at) {
  // (At the end: some entry that reached the end went on already.)
  if (inStretch(block, at))
    return;
  entries[block].push_back(at);
  // An op of the stretch that holds the value's definition in a region:
  // its regions are walked, the definition stopping the walk there.
  Operation *definer = barrierOp      ? barrierOp
                       : barrierBlock ? barrierBlock->getParentOp()
                                      : nullptr;
  if (Operation *holder =
          definer ? block->findAncestorOpInBlock(*definer) : nullptr;
      holder && holdsDefinition(holder) && inStretch(block, holder))
    enterRegions(holder);
  if (!stopOf(block, at))
    leaveBlock(block);
}

/// Whether `op`, or an op around it, lies in a stretch reached of a
/// block taken whole.
bool Reach::inWholeBlock(Operation *op) const {
  if (!whole)
    return false;
  for (Operation *at = op; at; at = at->getParentOp()) {
    // Reached, an op around `op` says nothing of it if the value is
    // defined in between (enterWhole walks into such an op).
    if (at != op && holdsDefinition(at))
      return false;
    if (at->getBlock() && inStretch(at->getBlock(), at))
      return true;
  }
  return false;
}

/// Whether a Reach walk that scans `block` goes into the regions of its
/// ops down to `use` and meets it there: each region on the way holds one
/// block, which an op whose regions memlint follows enters (an scf.if's,
/// an scf.for's), and the walk scans it from its start.
static bool reachedInside(Operation *use, Block *block) {
  for (Operation *at = use; at->getBlock() != block;) {
    Region *region = at->getParentRegion();
    auto parent = dyn_cast<RegionBranchOpInterface>(region->getParentOp());
    if (!region->hasOneBlock() || !parent)
      return false;
    SmallVector<RegionSuccessor> entered;
    parent.getEntrySuccessorRegions(
        SmallVector<Attribute>(parent->getNumOperands()), entered);
    if (llvm::none_of(entered, [&](const RegionSuccessor &s) {
          return s.getSuccessor() == region;
        }))
      return false;
    at = parent;
  }
  return true;
}

/// What a Reach walk from `from` in `block` says, found without walking
/// where `exit` ends the function body's block the walk comes to, each
/// block on the way left by a terminator that leads only out to its op (an
/// scf.if's, an scf.execute_region's), with no use in the rest of those
/// blocks or the regions of their ops: the walk scans a block before the
/// regions it meets there, and goes on after the op it leaves before
/// those. It meets the exit, and a use only if one lies in the regions of
/// the ops after the point in the exit's block (where it follows them).
/// One walk per point per leaked buffer read the rest of the function each
/// time: 4,000 leaks in one function took seconds, the quick fixes of 500
/// buffers each freed in an scf.if 17 s.
std::optional<WalkOutcome> straightToExit(Block *block, Block::iterator from,
                                          Operation *exit,
                                          const DenseSet<Operation *> &uses) {
  if (!exit || exit->getNumSuccessors() > 0 ||
      &exit->getBlock()->back() != exit)
    return std::nullopt;
  // The uses in the rest of `b` or the regions of its ops.
  auto usesFrom = [&](Block *b, Operation *first) {
    SmallVector<Operation *> out;
    for (Operation *use : uses)
      if (Operation *at = b->findAncestorOpInBlock(*use);
          at && (at == first || first->isBeforeInBlock(at)))
        out.push_back(use);
    return out;
  };
  for (unsigned depth = 0; depth < 64 && block; ++depth) {
    if (from == block->end())
      return std::nullopt;
    SmallVector<Operation *> ahead = usesFrom(block, &*from);
    // The block is scanned to its end before the regions met on the way:
    // the first use in the block itself stops the walk there, before it
    // leaves the block, and before the exit (its block's last op) unless
    // that use is the exit. (A walk per point to the first use made one
    // buffer's uses through a chain of 8,000 views cost 2.5 s.)
    Operation *first = nullptr;
    for (Operation *u : ahead)
      if (u->getBlock() == block && (!first || u->isBeforeInBlock(first)))
        first = u;
    if (first)
      return WalkOutcome{first == exit, true};
    if (block == exit->getBlock()) {
      if (ahead.empty())
        return WalkOutcome{true, false};
      // Uses only in the regions met on the way come after the exit.
      if (llvm::any_of(ahead,
                       [&](Operation *u) { return reachedInside(u, block); }))
        return WalkOutcome{true, true};
      return std::nullopt;
    }
    if (!ahead.empty())
      return std::nullopt;
    Region *region = block->getParent();
    Operation *parent = region->getParentOp();
    auto rt = dyn_cast<RegionBranchTerminatorOpInterface>(&block->back());
    if (!region->hasOneBlock() || !rt ||
        !isa_and_nonnull<RegionBranchOpInterface>(parent))
      return std::nullopt;
    SmallVector<RegionSuccessor> succs;
    rt.getSuccessorRegions(SmallVector<Attribute>(rt->getNumOperands()), succs);
    if (succs.empty() || llvm::any_of(succs, [](const RegionSuccessor &s) {
          return !s.isParent();
        }))
      return std::nullopt;
    block = parent->getBlock();
    from = std::next(parent->getIterator());
  }
  return std::nullopt;
}

} // namespace placement
} // namespace memlint
