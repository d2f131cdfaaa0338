//===- ReportedEvents.cpp - Which recorded events a function reports -----===//
//
// FunctionAnalysis::events: of the events the walk recorded, those the
// checks report. A buffer memlint stopped following keeps what happened
// before it was lost, and its double frees and uses after free where it
// was lost only by escaping; an event reached only for some contents of
// memory is left out (the ownership model's rule, docs/ownership-model.md).
//
//===----------------------------------------------------------------------===//
#include "analysis/lifetime/FunctionAnalysis.h"

#include "analysis/RepeatedBodies.h"
#include "mlir/Interfaces/ControlFlowInterfaces.h"
#include "mlir/Interfaces/LoopLikeInterface.h"
#include <algorithm>
#include <tuple>

using namespace mlir;

namespace memlint::lifetime {

/// Whether a path of branches leads from `from` to `to` (bounded: a CFG
/// too large to search is taken to).
static bool reachable(Block *from, Block *to) {
  SmallVector<Block *> work(from->succ_begin(), from->succ_end());
  DenseSet<Block *> seen;
  while (!work.empty()) {
    Block *b = work.pop_back_val();
    if (b == to || seen.size() > 4096)
      return true;
    if (seen.insert(b).second)
      work.append(b->succ_begin(), b->succ_end());
  }
  return false;
}

/// Whether `region` runs at most once each time `op`, which holds it, runs
/// (scf.forall says its body does not repeat: memlint walks it as a loop,
/// as every LoopLikeOpInterface).
static bool runsOnceIn(Region &region, Operation *op) {
  auto branch = dyn_cast<RegionBranchOpInterface>(op);
  return branch && !isa<LoopLikeOpInterface>(op) &&
         !branch.isRepetitiveRegion(region.getRegionNumber());
}

/// Whether `block` runs at most once each time its function runs: no loop
/// (a CFG cycle, a region that repeats, an op whose regions' order is not
/// known) encloses it.
static bool runsOnce(Block *block) {
  for (unsigned depth = 0; block && depth < 4096; ++depth) {
    if (reachable(block, block))
      return false;
    Region *region = block->getParent();
    Operation *parent = region->getParentOp();
    if (isa<FunctionOpInterface>(parent))
      return true;
    if (!runsOnceIn(*region, parent))
      return false;
    block = parent->getBlock();
  }
  return false;
}

/// Whether `event` happens before `at` on every path that reaches both,
/// and never after it: the op holding `event` in `at`'s region comes
/// before `at` in its block, or in a block no branch from `at`'s leads
/// back to, and that block runs once. (Not in a CFG cycle of its own
/// either: a loss after such a loop hid the false findings of loops of
/// branches that memlint still has, a free at a counter's last or first
/// iteration taken for one of any.)
static bool happensBefore(Operation *event, Operation *at) {
  if (!event || !at)
    return false;
  Operation *holder = at->getParentRegion()->findAncestorOpInRegion(*event);
  if (!holder || holder == at)
    return false;
  Block *block = holder->getBlock();
  return (block != at->getBlock() || holder->isBeforeInBlock(at)) &&
         !reachable(at->getBlock(), block) && runsOnce(block);
}

/// Whether an event at `op` of a buffer memlint stopped following still
/// holds: it happened before every op where the buffer was lost.
static bool beforeUntracked(Operation *op, const BufferInfo &info) {
  return llvm::all_of(info.untrackedAt,
                      [&](Operation *at) { return happensBefore(op, at); });
}

/// Whether memlint stopped following the buffer only where it escaped
/// (packed into another type, stored into memory, handed to an op or a
/// branch whose use of it is not known), never because a value may be it
/// or another buffer (a loop value: untrackedAt holds null).
static bool lostOnlyWhereItEscaped(const BufferInfo &info) {
  return !info.untrackedAt.empty() &&
         !llvm::is_contained(info.untrackedAt, nullptr);
}

/// Whether an event of kind `k` still holds after its buffer escaped: a
/// second free, or a use, after a free, each through a value memlint
/// follows, is wrong whatever else holds the buffer. (A leak is not: the
/// escaped copy may be freed.)
static bool holdsPastEscape(EventKind k) {
  return k == EventKind::DoubleFree || k == EventKind::UseAfterFree;
}

/// Events judged from the function entry rather than once reached (see
/// events()).
static bool judgedFromEntry(EventKind k) { return k == EventKind::InvalidFree; }

/// Whether `block` may run more than once per run of its function: in a
/// cycle of branches, in an enclosing LoopLikeOpInterface op or body the
/// ownership model repeats (RepeatedBodies.h), or in a block that may.
/// (LoopLikeOpInterface::blockIsInLoop asks its parent block again at
/// every level, each asking getParentOfType: 2,400 nested scf.ifs each
/// leaking took 19 s, one question per leak.) Answers are kept by block:
/// the blocks above are asked once.
static bool mayRepeat(Block *block, DenseMap<Block *, bool> &memo) {
  SmallVector<Block *> chain;
  bool repeats = false;
  for (Block *b = block; b;) {
    if (auto it = memo.find(b); it != memo.end()) {
      repeats = it->second;
      break;
    }
    chain.push_back(b);
    Operation *parent = b->getParentOp();
    if (!parent || isa<FunctionOpInterface>(parent)) {
      repeats = !parent;
      break;
    }
    if (isa<LoopLikeOpInterface>(parent) || repeatedBody(parent)) {
      repeats = true;
      break;
    }
    b = parent->getBlock();
  }
  // Down the chain, outermost first: a block repeats where the one around
  // it does, or where its own branches come back to it.
  for (Block *b : llvm::reverse(chain)) {
    repeats = repeats || reachable(b, b);
    memo[b] = repeats;
  }
  return memo.lookup(block);
}

/// Whether `op` runs at most once per run of the function: in no loop,
/// CFG cycle or body the ownership model repeats.
static bool runsOnce(Operation *op, DenseMap<Block *, bool> &repeatsMemo) {
  Block *inner = op->getBlock();
  return inner && !mayRepeat(inner, repeatsMemo);
}

std::optional<Bdd> FunctionAnalysis::allocationReach(const Event &e) const {
  // A leak at a return is judged among the paths that allocated the
  // buffer: one allocated only where memory says (`scf.if %loaded {
  // alloc }`) and never freed leaks whatever memory holds, once made.
  // (Only for an allocation that runs once: inside a loop, the path that
  // reached it speaks of iterations the return no longer knows.)
  if (e.kind != EventKind::Leak || e.backEdge || e.buffer < 0 ||
      ctx.buffers[e.buffer].earlierOf >= 0)
    return std::nullopt;
  auto it = ctx.allocatedOn.find(e.buffer);
  Operation *alloc = ctx.buffers[e.buffer].allocOp;
  if (it == ctx.allocatedOn.end() || !alloc ||
      !runsOnce(alloc, blocksRepeating))
    return std::nullopt;
  return it->second;
}

bool FunctionAnalysis::releasesArgument(const Event &ev) const {
  if (ev.kind != EventKind::InvalidFree || ev.buffer >= 0 ||
      ev.origin >= ctx.origins.size() ||
      ctx.origins[ev.origin].kind != OriginKind::Argument)
    return false;
  auto arg = dyn_cast_or_null<BlockArgument>(ctx.origins[ev.origin].value);
  return arg && llvm::is_contained(entryArguments, arg) &&
         llvm::is_contained(releasesArgumentsOut, arg.getArgNumber());
}

std::vector<Event> FunctionAnalysis::events(FunctionOpInterface fn,
                                            bool forSomeContents) {
  std::vector<Event> out;
  if (ctx.stopped || ctx.bdd.exhausted())
    return out;
  BddManager &bdd = ctx.bdd;
  auto data = [this](unsigned var) { return ctx.conds.isDataAtom(var); };
  for (auto &[key, ev] : ctx.events) {
    if (releasesArgument(ev))
      continue;
    if (ev.buffer >= 0 && !ctx.buffers[ev.buffer].tracked &&
        !beforeUntracked(ev.op, ctx.buffers[ev.buffer]) &&
        !(holdsPastEscape(ev.kind) &&
          lostOnlyWhereItEscaped(ctx.buffers[ev.buffer])))
      continue;
    // Report only what happens whatever memory holds: a path that needs a
    // loaded value to take one particular value may never run. Formally:
    // on some control path, every data value shows the bug. A use, an exit
    // or a second free is judged once reached (reaching it under a data
    // condition does not make using or freeing freed memory right); an
    // invalid free from the function entry: a free of memory the function
    // does not own, executed only for some values of memory, may be guarded
    // by ownership read from memory. A data-guarded free is never a first
    // free either (its `freed` condition is data).
    Event e = ev;
    if (forSomeContents) {
      if (e.cond != BddManager::False)
        out.push_back(e);
      continue;
    }
    Bdd reach = BddManager::True;
    // A leak at a back edge is judged once the edge is taken, as one at a
    // return once the return is reached: whether a loaded value makes the
    // loop repeat is part of reaching it (a buffer that only an argument
    // nothing reads passes on is lost there, UnreadValues).
    if (e.backEdge)
      reach = e.edgePath;
    else if (!judgedFromEntry(e.kind))
      if (auto at = ctx.pathAt.find(e.op); at != ctx.pathAt.end())
        reach = at->second;
    if (std::optional<Bdd> allocated = allocationReach(e))
      reach = bdd.conj(reach, *allocated);
    Bdd always = bdd.forall(bdd.disj(bdd.negate(reach), e.cond), data);
    e.cond = bdd.conj(bdd.conj(always, bdd.exists(reach, data)), e.cond);
    if (e.cond == BddManager::False)
      continue;
    out.push_back(e);
  }
  // Program order, not pointer order: output must not change between runs
  // (locations may be shared or unknown, so number the ops by a walk).
  DenseMap<Operation *, unsigned> order;
  fn->walk<WalkOrder::PreOrder>(
      [&](Operation *op) { order.try_emplace(op, order.size()); });
  auto key = [&](const Event &e) {
    return std::make_tuple(order.lookup(e.op), static_cast<int>(e.kind),
                           e.buffer, e.origin);
  };
  std::stable_sort(out.begin(), out.end(), [&](const Event &a, const Event &b) {
    return key(a) < key(b);
  });
  return out;
}

} // namespace memlint::lifetime
