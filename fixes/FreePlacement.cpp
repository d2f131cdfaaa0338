//===- FreePlacement.cpp - Where a free can go, as text edits -------------===//
#include "fixes/FreePlacement.h"

#include "analysis/Ownership.h"
#include "fixes/BufferAliases.h"
#include "fixes/BufferUses.h"
#include "fixes/ProgramPoints.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Dominance.h"
#include "mlir/Interfaces/ControlFlowInterfaces.h"
#include "llvm/ADT/DenseSet.h"
#include <algorithm>

using namespace mlir;

namespace memlint {

//===----------------------------------------------------------------------===//
// Reachability
//===----------------------------------------------------------------------===//

PlacementWork &placementWork() {
  static thread_local PlacementWork work;
  return work;
}

namespace {

/// The ops that may run after a program point, following blocks, region
/// branches and loops, but never past where the freed value is defined
/// again (its defining op, or the entry of the block owning it as an
/// argument): past that, the name stands for another buffer.
class Reach {
public:
  /// `walked` counts the ops the walk goes over.
  Reach(Value v, uint64_t &walked)
      : walked(&walked), barrierOp(v.getDefiningOp()),
        barrierBlock(isa<BlockArgument>(v) ? cast<BlockArgument>(v).getOwner()
                                           : nullptr) {}

  /// Takes each block that is its region's only one whole instead of
  /// scanning it: from each point the walk enters it at, every op up to
  /// the value's definition (or the end) is reached, the regions of those
  /// ops included. A walk per leaked buffer from its free went through the
  /// rest of the function (or of the loop body) each time: 800 buffers
  /// each freed in an scf.if took 4 s to get their fixes. (Blocks in those
  /// regions that no path enters count as reached: what the walk tells
  /// only orders places.) Not with stopAt: the ops of a block taken whole
  /// are not looked at one by one.
  void takeBlocksWhole() { whole = true; }

  void from(Block *block, Block::iterator it) {
    assert(!(whole && stops) && "a walk taking blocks whole cannot stop");
    push(block, it, /*initial=*/true);
    run();
  }
  bool contains(Operation *op) const {
    return ops.count(op) || inWholeBlock(op);
  }
  /// Stop as soon as one of `ops` is reached (then sawStop()): a point
  /// from which a use can follow is a poor place for a free, and most
  /// points tried are such, so most walks end early.
  void stopAt(const DenseSet<Operation *> *at) { stops = at; }
  bool sawStop() const { return stopped; }

private:
  void push(Block *block, Block::iterator it, bool initial = false) {
    if (!initial && block == barrierBlock && it == block->begin())
      return;
    Operation *at = it == block->end() ? nullptr : &*it;
    if (whole && block->getParent()->hasOneBlock()) {
      // Taken whole by run(), which knows what is new (inStretch).
      work.push_back({block, it});
      return;
    }
    if (started.insert({block, at}).second)
      work.push_back({block, it});
  }

  static SmallVector<Attribute> unknownOperands(Operation *op) {
    return SmallVector<Attribute>(op->getNumOperands());
  }

  void enterRegion(Region *r) {
    if (!r->empty())
      push(&r->front(), r->front().begin());
  }

  void enterRegions(Operation *op) {
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

  void continueAfter(Operation *op) {
    push(op->getBlock(), std::next(op->getIterator()));
  }

  void exitRegion(Region *region, Operation *term) {
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

  void run() {
    while (!work.empty()) {
      auto [block, it] = work.pop_back_val();
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
  void leaveBlock(Block *block) {
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
  Operation *stopOf(Block *block, Operation *at) const {
    if (!at || !barrierOp || barrierOp->getBlock() != block ||
        barrierOp->isBeforeInBlock(at))
      return nullptr;
    return barrierOp;
  }

  /// Whether `at` (null: the end) lies in a stretch of `block` reached.
  bool inStretch(Block *block, Operation *at) const {
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
  bool holdsDefinition(Operation *op) const {
    if (barrierOp)
      return op->isProperAncestor(barrierOp);
    return barrierBlock && op->isAncestor(barrierBlock->getParentOp());
  }

  /// A block taken whole, entered at `at`: what its scan to the end would
  /// reach is reached, and the walk goes on where the end leads.
  void enterWhole(Block *block, Operation *at) {
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
  bool inWholeBlock(Operation *op) const {
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

  uint64_t *walked;
  Operation *barrierOp;
  Block *barrierBlock;
  bool whole = false;
  /// Per block taken whole, where the walk entered it (null: its end).
  DenseMap<Block *, SmallVector<Operation *, 2>> entries;
  const DenseSet<Operation *> *stops = nullptr;
  bool stopped = false;
  DenseSet<Operation *> ops;
  DenseSet<std::pair<Block *, Operation *>> started;
  SmallVector<std::pair<Block *, Block::iterator>> work;
};

} // namespace

/// Names of i1 values of `fn` in scope at `at` (dominating it), those that
/// steer branches first, at most `limit`.
static std::vector<std::string>
conditionsInScope(const SourceText &src, FunctionOpInterface fn,
                  DominanceInfo &dom, Operation *at, ArrayRef<Value> first,
                  size_t limit = 6) {
  std::vector<Value> conds, others;
  auto consider = [&](Value c) {
    // Not a condition read from memory: the re-analysis takes findings
    // under it for "some contents" and stays silent (the ownership
    // model's rule), so a guard on it would pass its proof whatever it
    // frees.
    if (!c.getType().isInteger(1) || !dom.properlyDominates(c, at) ||
        llvm::is_contained(conds, c) || llvm::is_contained(others, c) ||
        dependsOnMemoryContents(c))
      return;
    bool steers = llvm::any_of(c.getUsers(), [](Operation *u) {
      return isa<scf::IfOp, BranchOpInterface, scf::ConditionOp>(u);
    });
    (steers ? conds : others).push_back(c);
  };
  // Those that decide the paths to free on go first: with more i1
  // values in scope than the limit, the one a guard needs may come late.
  for (Value c : first)
    consider(c);
  for (BlockArgument a : fn.getArguments())
    consider(a);
  fn->walk([&](Operation *op) {
    for (Value r : op->getResults())
      consider(r);
  });
  conds.insert(conds.end(), others.begin(), others.end());
  std::stable_partition(conds.begin(), conds.end(),
                        [&](Value c) { return llvm::is_contained(first, c); });
  std::vector<std::string> names;
  for (Value c : conds) {
    std::string name = src.document().nameOf(c);
    if (name.empty() || name[0] != '%' || name == "%<value>")
      continue;
    names.push_back(name);
    if (names.size() >= limit)
      break;
  }
  return names;
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

/// What the walk gives: whether it meets the exit, and whether it meets
/// a use (Reach::sawStop).
struct WalkOutcome {
  bool exit;
  bool use;
};

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
static std::optional<WalkOutcome>
straightToExit(Block *block, Block::iterator from, Operation *exit,
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

/// Whether `at` lies in a region, within `v`'s own, of an op whose control
/// flow memlint cannot see (no RegionBranchOpInterface: `gpu.launch`, whose
/// body runs once per thread, a custom op's region): how often a free of
/// `v` there runs is unknown, and the re-analysis, which walks such a
/// region once, could not tell a free per run from one in all.
static bool inOpaqueRegion(Operation *at, Value v) {
  Region *own = v.getParentRegion();
  for (Region *r = at->getParentRegion(); r && r != own;
       r = r->getParentOp()->getParentRegion()) {
    Operation *parent = r->getParentOp();
    // scf.forall says it is a region branch, but its body's terminator
    // leads only out: the re-analysis walks the body once, though it runs
    // once per iteration, side by side. An OpenACC parallel or kernels
    // region says it runs once too, but every gang runs it (gang-redundant
    // mode) until a loop splits the work (helper-113: a leak's free put in
    // an acc.parallel body). By name: the package build has no OpenACC.
    StringRef name = parent->getName().getStringRef();
    if (!isa<RegionBranchOpInterface>(parent) || isa<scf::ForallOp>(parent) ||
        name == "acc.parallel" || name == "acc.kernels")
      return true;
  }
  return false;
}

/// A text offset before which no point is in `v`'s scope: its defining
/// op's, where that op's block is its region's only one and has SSA
/// dominance (then whatever `v` dominates comes after the op's text: later
/// ops of the block and their regions). Other regions print blocks in any
/// order, so a block `v` dominates can come first.
static std::optional<size_t> scopeStart(const SourceText &src,
                                        DominanceInfo &dom, Value v) {
  Operation *def = v.getDefiningOp();
  if (!def || !def->getParentRegion()->hasOneBlock() ||
      !dom.hasSSADominance(def->getBlock()))
    return std::nullopt;
  if (auto range = src.opRange(def))
    return range->first;
  return std::nullopt;
}

std::vector<std::vector<TextEdit>> freeInsertionCandidates(
    const SourceText &src, FunctionOpInterface fn, Value v, Operation *exit,
    llvm::StringRef freeOpName, bool guarded, size_t maxCandidates,
    size_t *likely, std::vector<Value> *freed,
    const std::vector<ProgramPoint> *points, ArrayRef<Value> guards) {
  std::vector<std::vector<TextEdit>> out;
  // The value each candidate of `out` (and of `later`) frees.
  std::vector<Value> outFreed, laterFreed;
  DominanceInfo dom(fn);
  struct Operand {
    Value value;
    std::string stmt;
    DenseSet<Operation *> uses;
  };
  std::vector<Operand> operands;
  // The uses of the buffer under the names it has on every path: a free
  // before a use of a block argument it is always passed as uses it after
  // the free, as one before a use of the value itself does. (Generated
  // code hands a buffer down chains of blocks: each place before the last
  // block's uses would otherwise be proposed, and fill the search's places
  // before the right one.) And where control can go after a free of it.
  std::vector<Value> aliases = forwardedAliases(v);
  bool untraced = false; // some use's end cannot be followed
  DenseSet<Operation *> aliasUses;
  std::vector<Value> must = mustAliases(aliases);
  for (Value w : llvm::drop_begin(must))
    for (Operation *user : memoryUsers(w, untraced))
      aliasUses.insert(user);
  Reach afterFrees(v, placementWork().opsAfterFrees);
  afterFrees.takeBlocksWhole();
  for (Value w : aliases) {
    std::string stmt = freeStatement(src.document(), freeOpName, w);
    if (stmt.empty() || operands.size() >= 4)
      continue;
    SmallVector<Operation *> users = memoryUsers(w, untraced);
    operands.push_back({w, stmt, {users.begin(), users.end()}});
    operands.back().uses.insert(aliasUses.begin(), aliasUses.end());
    for (Operation *user : users)
      if (!freedOperands(user).empty())
        afterFrees.from(user->getBlock(), std::next(user->getIterator()));
  }
  // Where a use may go on past its op and its end cannot be followed (an
  // async GPU op's token passed on, a DMA whose wait is elsewhere, an
  // async.execute body), a place for the free cannot be proven after it:
  // no place is proposed (a wrong fix is worse than none).
  if (untraced)
    return out;
  // A free where control can come after another free of the buffer frees
  // it twice on that path, unless the path cannot be taken (the analysis
  // tells), and one where a use can follow uses it after the free: such
  // places go last, each analysed candidate costing a re-analysis of the
  // function. (A guarded free is meant for places after a free.) The walk
  // goes on past them, up to a bound, for `maxCandidates` of the others.
  std::vector<std::vector<TextEdit>> later;
  auto done = [&] {
    return out.size() >= maxCandidates || later.size() >= 4 * maxCandidates;
  };
  // The earliest points come first and the caller takes the first one the
  // analysis accepts: a few are enough, and later ones cost a walk each.
  std::optional<std::vector<ProgramPoint>> own;
  if (!points)
    points = &own.emplace(programPoints(src, fn));
  // Points before every operand's definition are not in its scope: the
  // search starts at the first that can be. (Asking each point of the
  // function for each leaked buffer made 1,600 buffers freed in an scf.if
  // take 0.8 s to get their fixes, against 0.1 s to lint.)
  size_t firstInScope = SIZE_MAX;
  for (const Operand &o : operands)
    firstInScope =
        std::min(firstInScope, scopeStart(src, dom, o.value).value_or(0));
  auto begin = llvm::partition_point(
      *points, [&](const ProgramPoint &pt) { return pt.order < firstInScope; });
  for (const ProgramPoint &pt : llvm::make_range(begin, points->end())) {
    for (const Operand &o : operands) {
      ++placementWork().points;
      if (!dom.properlyDominates(o.value, pt.anchor()) ||
          inOpaqueRegion(pt.anchor(), o.value))
        continue;
      auto [block, from] = pt.continuation();
      bool unlikely = false;
      if (std::optional<WalkOutcome> known =
              straightToExit(block, from, exit, o.uses)) {
        if (!known->exit)
          continue;
        unlikely = known->use;
      } else {
        Reach reach(o.value, placementWork().opsAfterPlaces);
        reach.stopAt(&o.uses);
        reach.from(block, from);
        // The walk ends at the first use of the value it meets: a point is
        // proposed when the exit came before it. A use may still follow
        // the point: one on a path the analysis knows cannot be taken (a
        // branch on `%i == %ub` inside a loop to %ub), a branch that
        // forwards the buffer to an argument nothing reads; the
        // re-analysis judges, after the points where no use can follow.
        if (!reach.contains(exit))
          continue;
        unlikely = reach.sawStop();
      }
      std::vector<std::string> stmts;
      if (!guarded) {
        stmts.push_back(o.stmt);
      } else {
        // The free only on the paths where an i1 in scope is true (or
        // false): for a buffer freed elsewhere on the other paths.
        for (const std::string &c :
             conditionsInScope(src, fn, dom, pt.anchor(), guards)) {
          stmts.push_back("scf.if " + c + " { " + o.stmt + " }");
          stmts.push_back("scf.if " + c + " {} else { " + o.stmt + " }");
        }
      }
      for (const std::string &stmt : stmts) {
        if (auto edits = renderAt(src, pt, stmt)) {
          // Control can come here after a free of the buffer.
          bool last =
              unlikely || (!guarded && afterFrees.contains(pt.anchor()));
          (last ? later : out).push_back(std::move(*edits));
          (last ? laterFreed : outFreed).push_back(o.value);
        }
        if (done())
          break;
      }
      if (done())
        break;
    }
    if (done())
      break;
  }
  for (auto [edits, value] : llvm::zip(later, laterFreed)) {
    if (out.size() >= maxCandidates)
      break;
    out.push_back(std::move(edits));
    outFreed.push_back(value);
  }
  if (freed)
    *freed = std::move(outFreed);
  return out;
}

std::vector<std::vector<TextEdit>> guardFreeCandidates(const SourceText &src,
                                                       FunctionOpInterface fn,
                                                       Operation *free) {
  std::vector<std::vector<TextEdit>> out;
  auto range = src.opRange(free);
  if (!range || !isPlainFree(free))
    return out;
  DominanceInfo dom(fn);
  for (const std::string &name : conditionsInScope(src, fn, dom, free, {})) {
    for (bool whenTrue : {true, false})
      if (auto edits = guardOpEdits(src, free, name, whenTrue))
        out.push_back(std::move(*edits));
  }
  return out;
}

std::vector<std::string> freshBlockLabels(const SourceText &src,
                                          FunctionOpInterface fn,
                                          unsigned count) {
  return labelsNotTaken(src, fn, count);
}

} // namespace memlint
